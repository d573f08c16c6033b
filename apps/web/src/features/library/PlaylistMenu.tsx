import { Menu } from "@mantine/core";
import { ActionIcon } from "../../ui/ActionIcon";
import { Suspense, useState } from "react";
import { lazyChunk } from "../../lib/chunk-loading";
import { dialogUnavailable } from "../../ui/chunks/ChunkUnavailable";
import { HeartIcon } from "../../ui/icons";
import { usePlaylistInLibrary, usePlaylistLike } from "./actions";
import { DotsIcon, LibraryAddIcon, ListPlusIcon } from "./icons";
import { PremiumMenuItem } from "./PremiumMenuItem";
import { promptPremium } from "./premium";
import { useT } from "../../i18n";
import "./menu-styles";

const AddToOtherPlaylistDialog = lazyChunk(() => import("./AddToOtherPlaylistDialog"), {
  failed: dialogUnavailable,
});

export interface PlaylistMenuProps {
  /** Open on mount (the trigger was pressed while the menu\'s code loaded: features/library/LazyMenus). */
  defaultOpened?: boolean;
  playlist: { id: string; name: string };
}

/** The playlist page's options: like it, keep it in the library, add its songs to another playlist. */
export function PlaylistMenu({ playlist, defaultOpened }: PlaylistMenuProps) {
  const t = useT();
  const like = usePlaylistLike(playlist.id);
  const library = usePlaylistInLibrary(playlist.id);
  const locked = !like.isPremium;
  const [picking, setPicking] = useState(false);
  // The dialog's code loads on first use and stays mounted afterwards, so that it can animate closed.
  const [pickerUsed, setPickerUsed] = useState(false);

  const pickOther = () => {
    if (locked) return promptPremium("addToPlaylists");
    setPickerUsed(true);
    setPicking(true);
  };

  return (
    <>
      <Menu defaultOpened={defaultOpened} position="bottom-end" shadow="md" width={260}>
        <Menu.Target>
          <ActionIcon
            size={44}
            color="gray"
            aria-label={t("playlist.options", { name: playlist.name })}
            data-testid="playlist-menu"
          >
            <DotsIcon size={22} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <PremiumMenuItem
            locked={locked}
            onClick={() => void like.toggle()}
            icon={<HeartIcon size={16} fill={like.isLiked ? "currentColor" : undefined} />}
          >
            {like.isLiked ? t("playlist.removeFromLiked") : t("playlist.addToLiked")}
          </PremiumMenuItem>
          <PremiumMenuItem
            locked={locked}
            onClick={() => void library.toggle()}
            icon={<LibraryAddIcon size={16} />}
          >
            {library.isInLibrary ? t("playlist.removeFromLibrary") : t("playlist.addToLibrary")}
          </PremiumMenuItem>
          <PremiumMenuItem locked={locked} onClick={pickOther} icon={<ListPlusIcon size={16} />}>
            {t("playlist.addToOther")}
          </PremiumMenuItem>
        </Menu.Dropdown>
      </Menu>
      {pickerUsed && (
        <Suspense fallback={null}>
          <AddToOtherPlaylistDialog source={playlist} opened={picking} onClose={() => setPicking(false)} />
        </Suspense>
      )}
    </>
  );
}
