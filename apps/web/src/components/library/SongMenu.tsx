import { ActionIcon, Menu } from "@mantine/core";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { HeartIcon } from "../icons";
import { useSongLike } from "./actions";
import { refreshPlaylist } from "./cache";
import { DotsIcon, TrashIcon } from "./icons";
import { PremiumMenuItem } from "./PremiumMenuItem";
import { promptPremium, toastFailure } from "./premium";
import "./menu-styles";

export interface SongMenuProps {
  /** Open on mount (the trigger was pressed while the menu\'s code loaded: components/library/LazyMenus). */
  defaultOpened?: boolean;
  song: { id: string; title: string };
  /** The playlist the song is shown in; its owner may also take the song out. */
  playlist: { id: string; name: string };
  isOwner: boolean;
}

/** A song's options on the playlist page: like or unlike it, and (owners) remove it from the playlist. */
export function SongMenu({ song, playlist, isOwner, defaultOpened }: SongMenuProps) {
  const like = useSongLike(song);
  const utils = trpc.useUtils();
  const removeSong = trpc.myPlaylists.removeSong.useMutation();

  const remove = async () => {
    if (!like.isPremium) return promptPremium("addSongsToPlaylists");
    try {
      await removeSong.mutateAsync({ id: playlist.id, songId: song.id });
    } catch (error) {
      return toastFailure(error, "Failed to update playlist", "addSongsToPlaylists");
    }
    void refreshPlaylist(utils, playlist.id);
    showToast({ title: "Removed from Playlist", message: `${song.title} removed from ${playlist.name}` });
  };

  return (
    <Menu defaultOpened={defaultOpened} position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <ActionIcon size={32} color="gray" aria-label={`Options for ${song.title}`}>
          <DotsIcon size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <PremiumMenuItem
          locked={!like.isPremium}
          onClick={() => void like.toggle()}
          icon={<HeartIcon size={16} fill={like.isLiked ? "currentColor" : "none"} />}
        >
          {like.isLiked ? "Remove from Liked Songs" : "Add to Liked Songs"}
        </PremiumMenuItem>
        {isOwner && (
          <PremiumMenuItem
            locked={!like.isPremium}
            onClick={() => void remove()}
            icon={<TrashIcon size={16} />}
          >
            Remove from this playlist
          </PremiumMenuItem>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
