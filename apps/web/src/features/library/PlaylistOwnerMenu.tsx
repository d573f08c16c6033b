import { Menu } from "@mantine/core";
import { ActionIcon } from "../../ui/ActionIcon";
import { Suspense, useRef, useState, type ReactNode } from "react";
import { lazyChunk } from "../../lib/chunk-loading";
import { dialogUnavailable } from "../../ui/chunks/ChunkUnavailable";
import { useNavigate } from "react-router-dom";
import { paths } from "../../lib/paths";
import {
  ArrowUpDownIcon,
  DotsIcon,
  GlobeIcon,
  ImageIcon,
  ListPlusIcon,
  PencilIcon,
  PlusIcon,
  TextIcon,
  TrashIcon,
} from "./icons";
import { LockIcon } from "../../ui/icons";
import { PremiumMenuItem } from "./PremiumMenuItem";
import { promptPremium } from "./premium";
import { useIsPremium, type PremiumFeature } from "../account";
import { usePlaylistPicture } from "./usePlaylistPicture";
import { usePlaylistUpdate } from "./usePlaylistUpdate";
import { useT } from "../../i18n";
import "./menu-styles";

const RenamePlaylistDialog = lazyChunk(() => import("./RenamePlaylistDialog"), { failed: dialogUnavailable });
const EditDescriptionDialog = lazyChunk(() => import("./EditDescriptionDialog"), {
  failed: dialogUnavailable,
});
const DeletePlaylistDialog = lazyChunk(() => import("./DeletePlaylistDialog"), { failed: dialogUnavailable });
const AddToOtherPlaylistDialog = lazyChunk(() => import("./AddToOtherPlaylistDialog"), {
  failed: dialogUnavailable,
});

/** Where 'Add song' leads: the search page, adding to this playlist (SPEC.md section 2). */
export const addSongsPath = (playlistId: string) =>
  `${paths.search}?playlist=${encodeURIComponent(playlistId)}`;

export interface PlaylistOwnerMenuProps {
  /** Open on mount (the trigger was pressed while the menu\'s code loaded: features/library/LazyMenus). */
  defaultOpened?: boolean;
  playlist: { id: string; name: string; description: string | null; isPublic: boolean };
  /** 'Reorder songs': the playlist page switches its song list to the reorder mode. */
  onReorder: () => void;
}

type Dialog = "rename" | "description" | "delete" | "addToOther";

/**
 * The dialog shown, if any. A dialog's code loads on first use and it stays mounted afterwards, so that
 * it can animate closed.
 */
function useDialogs() {
  const [shown, setShown] = useState<Dialog | null>(null);
  const [used, setUsed] = useState<ReadonlySet<Dialog>>(new Set());
  return {
    open: (dialog: Dialog) => {
      setUsed((before) => new Set(before).add(dialog));
      setShown(dialog);
    },
    props: (dialog: Dialog) => ({ opened: shown === dialog, onClose: () => setShown(null) }),
    used: (dialog: Dialog) => used.has(dialog),
  };
}

/**
 * The owner's one menu for their playlist: its picture, name and description, its songs (add, reorder),
 * whether it is private,
 * deleting it, and adding its songs to another playlist. Every option is premium-only (SPEC.md section 5).
 */
export function PlaylistOwnerMenu({ playlist, onReorder, defaultOpened }: PlaylistOwnerMenuProps) {
  const t = useT();
  const isPremium = useIsPremium();
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const { upload, uploading } = usePlaylistPicture(playlist);
  const dialogs = useDialogs();
  const visibility = usePlaylistUpdate(playlist.id);

  /** An option: runs `action` for premium listeners; everyone else learns why it is greyed. */
  const item = (label: string, icon: ReactNode, feature: PremiumFeature, action: () => void) => (
    <PremiumMenuItem
      locked={!isPremium}
      onClick={() => (isPremium ? action() : promptPremium(feature))}
      icon={icon}
    >
      {label}
    </PremiumMenuItem>
  );

  return (
    <>
      <Menu defaultOpened={defaultOpened} position="bottom-end" shadow="md" width={240}>
        <Menu.Target>
          <ActionIcon
            size={44}
            color="gray"
            aria-label={t("playlist.options", { name: playlist.name })}
            loading={uploading}
            data-testid="playlist-menu"
          >
            <DotsIcon size={22} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {item(t("playlist.addPicture"), <ImageIcon size={16} />, "manageLibrary", () =>
            fileInput.current?.click(),
          )}
          {item(t("playlist.changeName"), <PencilIcon size={16} />, "manageLibrary", () =>
            dialogs.open("rename"),
          )}
          {item(t("playlist.editDescription"), <TextIcon size={16} />, "manageLibrary", () =>
            dialogs.open("description"),
          )}
          {item(t("playlist.addSong"), <PlusIcon size={16} />, "addSongsToPlaylists", () => {
            void navigate(addSongsPath(playlist.id));
          })}
          {item(t("playlist.reorderSongs"), <ArrowUpDownIcon size={16} />, "manageLibrary", onReorder)}
          {/* Private: only its owner opens, finds or keeps it (the API's rule, on every read). */}
          {playlist.isPublic
            ? item(t("playlist.makePrivate"), <LockIcon size={16} />, "manageLibrary", () => {
                void visibility.save({ isPublic: false });
              })
            : item(t("playlist.makePublic"), <GlobeIcon size={16} />, "manageLibrary", () => {
                void visibility.save({ isPublic: true });
              })}
          {item(t("playlist.delete"), <TrashIcon size={16} />, "manageLibrary", () => dialogs.open("delete"))}
          {item(t("playlist.addToOther"), <ListPlusIcon size={16} />, "addToPlaylists", () =>
            dialogs.open("addToOther"),
          )}
        </Menu.Dropdown>
      </Menu>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        data-testid="playlist-picture-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = ""; // the same file may be chosen again
          if (file) void upload(file);
        }}
      />
      <Suspense fallback={null}>
        {dialogs.used("rename") && <RenamePlaylistDialog playlist={playlist} {...dialogs.props("rename")} />}
        {dialogs.used("description") && (
          <EditDescriptionDialog playlist={playlist} {...dialogs.props("description")} />
        )}
        {dialogs.used("delete") && <DeletePlaylistDialog playlist={playlist} {...dialogs.props("delete")} />}
        {dialogs.used("addToOther") && (
          <AddToOtherPlaylistDialog source={playlist} {...dialogs.props("addToOther")} />
        )}
      </Suspense>
    </>
  );
}
