import { ActionIcon, Menu } from "@mantine/core";
import { lazy, Suspense, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "../../lib/paths";
import { ImageIcon, MoreVerticalIcon, PencilIcon, PlusIcon } from "./icons";
import { PremiumMenuItem } from "./PremiumMenuItem";
import { promptPremium, useIsPremium, type PremiumFeature } from "./premium";
import { usePlaylistPicture } from "./usePlaylistPicture";
import "./menu-styles";

const RenamePlaylistDialog = lazy(() => import("./RenamePlaylistDialog"));

/** Where 'Add song' leads: the search page, adding to this playlist (SPEC.md section 2). */
export const addSongsPath = (playlistId: string) =>
  `${paths.search}?playlist=${encodeURIComponent(playlistId)}`;

export interface PlaylistOwnerMenuProps {
  /** Open on mount (the trigger was pressed while the menu\'s code loaded: components/library/LazyMenus). */
  defaultOpened?: boolean;
  playlist: { id: string; name: string };
}

/** The owner's more-menu: 'Add picture', 'Change name' and 'Add song'. */
export function PlaylistOwnerMenu({ playlist, defaultOpened }: PlaylistOwnerMenuProps) {
  const isPremium = useIsPremium();
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const { upload, uploading } = usePlaylistPicture(playlist);
  const [renaming, setRenaming] = useState(false);
  const [renameUsed, setRenameUsed] = useState(false);

  /** Runs `action` for premium listeners; everyone else learns why the option is greyed. */
  const premium = (feature: PremiumFeature, action: () => void) => () => {
    if (isPremium) action();
    else promptPremium(feature);
  };

  return (
    <>
      <Menu defaultOpened={defaultOpened} position="bottom-end" shadow="md" width={220}>
        <Menu.Target>
          <ActionIcon
            color="gray"
            aria-label="More options"
            loading={uploading}
            data-testid="playlist-owner-menu"
          >
            <MoreVerticalIcon size={22} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <PremiumMenuItem
            locked={!isPremium}
            onClick={premium("manageLibrary", () => fileInput.current?.click())}
            icon={<ImageIcon size={16} />}
          >
            Add picture
          </PremiumMenuItem>
          <PremiumMenuItem
            locked={!isPremium}
            onClick={premium("manageLibrary", () => {
              setRenameUsed(true);
              setRenaming(true);
            })}
            icon={<PencilIcon size={16} />}
          >
            Change name
          </PremiumMenuItem>
          <PremiumMenuItem
            locked={!isPremium}
            onClick={premium("addSongsToPlaylists", () => void navigate(addSongsPath(playlist.id)))}
            icon={<PlusIcon size={16} />}
          >
            Add song
          </PremiumMenuItem>
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
      {renameUsed && (
        <Suspense fallback={null}>
          <RenamePlaylistDialog playlist={playlist} opened={renaming} onClose={() => setRenaming(false)} />
        </Suspense>
      )}
    </>
  );
}
