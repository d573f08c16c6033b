import { Menu } from "@mantine/core";
import { ActionIcon } from "../../ui/ActionIcon";
import { useNavigate } from "react-router-dom";
import { usePlayerControls, type PlayableSong } from "../player";
import { paths } from "../../lib/paths";
import { shareSong } from "../../lib/share";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { HeartIcon } from "../../ui/icons";
import { useSongLike } from "./actions";
import { refreshPlaylist } from "./cache";
import { DotsIcon, TrashIcon } from "./icons";
import { PremiumMenuItem } from "./PremiumMenuItem";
import { promptPremium, toastFailure } from "./premium";
import "./menu-styles";

export interface SongMenuProps {
  /** Open on mount (the trigger was pressed while the menu\'s code loaded: features/library/LazyMenus). */
  defaultOpened?: boolean;
  song: PlayableSong;
  /** The playlist the song is shown in, if any; its owner may also take the song out. */
  playlist?: { id: string; name: string };
  isOwner?: boolean;
}

/**
 * A song's options in every list: play next, add to queue, start radio, its artist and album, share, like or unlike,
 * and on the owner's playlist page, remove it from the playlist.
 */
export function SongMenu({ song, playlist, isOwner = false, defaultOpened }: SongMenuProps) {
  const like = useSongLike(song);
  const player = usePlayerControls();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const removeSong = trpc.myPlaylists.removeSong.useMutation();

  // The row leaves the playlist's page at once; a refusal brings it back, with the failure's toast.
  const remove = async () => {
    if (!playlist) return;
    if (!like.isPremium) return promptPremium("addSongsToPlaylists");
    const shown = { id: playlist.id };
    const before = utils.playlists.byId.getData(shown);
    void utils.playlists.byId.cancel(shown);
    utils.playlists.byId.setData(
      shown,
      (current) =>
        current && {
          ...current,
          songs: current.songs.filter((one) => one.id !== song.id),
          songCount: Math.max(0, current.songCount - 1),
        },
    );
    try {
      await removeSong.mutateAsync({ id: playlist.id, songId: song.id });
    } catch (error) {
      utils.playlists.byId.setData(shown, before);
      return toastFailure(error, "Failed to update playlist", "addSongsToPlaylists");
    }
    void refreshPlaylist(utils, playlist.id);
    showToast({ title: "Removed from Playlist", message: `${song.title} removed from ${playlist.name}` });
  };

  return (
    <Menu defaultOpened={defaultOpened} position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <ActionIcon size={44} color="gray" aria-label={`Options for ${song.title}`}>
          <DotsIcon size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          onClick={() => {
            player.playNext([song]);
            showToast({ title: "Playing next", message: song.title });
          }}
        >
          Play next
        </Menu.Item>
        <Menu.Item
          onClick={() => {
            player.addToQueue([song]);
            showToast({ title: "Added to queue", message: song.title });
          }}
        >
          Add to queue
        </Menu.Item>
        <Menu.Item onClick={() => player.startRadio(song)}>Start radio</Menu.Item>
        {song.artist?.id && (
          <Menu.Item onClick={() => void navigate(paths.artist(song.artist?.id ?? ""))}>
            Go to artist
          </Menu.Item>
        )}
        {song.album?.id && (
          <Menu.Item onClick={() => void navigate(paths.album(song.album?.id ?? ""))}>Go to album</Menu.Item>
        )}
        <Menu.Item onClick={() => shareSong(song)}>Share</Menu.Item>
        <PremiumMenuItem
          locked={!like.isPremium}
          onClick={() => void like.toggle()}
          icon={<HeartIcon size={16} fill={like.isLiked ? "currentColor" : undefined} />}
        >
          {like.isLiked ? "Remove from Liked Songs" : "Add to Liked Songs"}
        </PremiumMenuItem>
        {isOwner && playlist && (
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
