// The changes of "your music", each with SPEC.md section 8's toasts and the cache refreshes of cache.ts.
// Every action is premium-only (SPEC.md sections 5 and 6): a free listener gets the premium toast and
// no call is made; the server enforces the same rule (its 403 also ends in the premium toast).
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { refreshLibrary, refreshLikedPlaylists, refreshLikedSongs, refreshPlaylist } from "./cache";
import { promptPremium, toastFailure } from "./premium";
import { useIsPremium } from "../account";

interface SongRef {
  id: string;
  title: string;
}
interface PlaylistRef {
  id: string;
  name: string;
}

/** Whether the listener likes a song, and the heart's toggle. */
export function useSongLike(song: SongRef) {
  const isPremium = useIsPremium();
  const utils = trpc.useUtils();
  // Free listeners cannot like, so their hearts need no check.
  const check = trpc.likedSongs.check.useQuery({ songId: song.id }, { enabled: isPremium });
  const like = trpc.likedSongs.like.useMutation();
  const unlike = trpc.likedSongs.unlike.useMutation();
  const isLiked = check.data?.isLiked ?? false;
  const pending = like.isPending || unlike.isPending;

  const toggle = async () => {
    if (!isPremium) return promptPremium("likeSongs");
    if (pending) return;
    const liking = !isLiked;
    try {
      await (liking ? like : unlike).mutateAsync({ songId: song.id });
    } catch (error) {
      return toastFailure(error, "Failed to update liked songs", "likeSongs");
    }
    void refreshLikedSongs(utils, song.id, liking);
    showToast(
      liking
        ? { title: "Added to Liked Songs", message: `${song.title} added to your liked songs` }
        : { title: "Removed from Liked Songs", message: `${song.title} removed from your liked songs` },
    );
  };
  return { isPremium, isLiked, pending, toggle };
}

/** Whether the listener likes a playlist, and the toggle. */
export function usePlaylistLike(playlistId: string) {
  const isPremium = useIsPremium();
  const utils = trpc.useUtils();
  const check = trpc.likedPlaylists.check.useQuery({ playlistId }, { enabled: isPremium });
  const like = trpc.likedPlaylists.like.useMutation();
  const unlike = trpc.likedPlaylists.unlike.useMutation();
  const isLiked = check.data?.isLiked ?? false;
  const pending = like.isPending || unlike.isPending;

  const toggle = async () => {
    if (!isPremium) return promptPremium("likePlaylists");
    if (pending) return;
    const liking = !isLiked;
    try {
      await (liking ? like : unlike).mutateAsync({ playlistId });
    } catch (error) {
      return toastFailure(error, "Failed to update playlist", "likePlaylists");
    }
    void refreshLikedPlaylists(utils, playlistId, liking);
    showToast({ title: liking ? "Playlist liked" : "Playlist removed from liked" });
  };
  return { isPremium, isLiked, pending, toggle };
}

/** Whether a playlist is in the listener's library, and the toggle. */
export function usePlaylistInLibrary(playlistId: string) {
  const isPremium = useIsPremium();
  const utils = trpc.useUtils();
  const check = trpc.libraryPlaylists.check.useQuery({ playlistId }, { enabled: isPremium });
  const add = trpc.libraryPlaylists.add.useMutation();
  const remove = trpc.libraryPlaylists.remove.useMutation();
  const isInLibrary = check.data?.isInLibrary ?? false;
  const pending = add.isPending || remove.isPending;

  const toggle = async () => {
    if (!isPremium) return promptPremium("addPlaylistsToLibrary");
    if (pending) return;
    const adding = !isInLibrary;
    try {
      await (adding ? add : remove).mutateAsync({ playlistId });
    } catch (error) {
      return toastFailure(error, "Failed to update library", "addPlaylistsToLibrary");
    }
    void refreshLibrary(utils, playlistId, adding);
    showToast({ title: adding ? "Playlist added to library" : "Playlist removed from library" });
  };
  return { isPremium, isInLibrary, pending, toggle };
}

/** Appends songs to one of the listener's playlists (the search page's add buttons). */
export function useAddSongToPlaylist(playlist: PlaylistRef) {
  const isPremium = useIsPremium();
  const utils = trpc.useUtils();
  const addSong = trpc.myPlaylists.addSong.useMutation();

  /** True when the song was added. */
  const add = async (song: SongRef): Promise<boolean> => {
    if (!isPremium) {
      promptPremium("addSongsToPlaylists");
      return false;
    }
    try {
      // SPEC.md section 4: position = song count + 1; the server computes it (safe under concurrent adds).
      await addSong.mutateAsync({ id: playlist.id, songId: song.id });
    } catch (error) {
      toastFailure(error, "Failed to add song to playlist", "addSongsToPlaylists");
      return false;
    }
    void refreshPlaylist(utils, playlist.id);
    showToast({ title: "Added to Playlist", message: `${song.title} added to ${playlist.name}` });
    return true;
  };
  return { isPremium, add, pending: addSong.isPending };
}

/** 'Add to other playlist': appends the songs of `source` that `target` lacks. */
export function useCopyPlaylistSongs(source: PlaylistRef) {
  const isPremium = useIsPremium();
  const utils = trpc.useUtils();
  const copySongs = trpc.myPlaylists.copySongs.useMutation();

  const copyTo = async (target: PlaylistRef): Promise<boolean> => {
    if (!isPremium) {
      promptPremium("addToPlaylists");
      return false;
    }
    let added: number;
    try {
      ({ added } = await copySongs.mutateAsync({ id: target.id, sourceId: source.id }));
    } catch (error) {
      toastFailure(error, "Failed to add song to playlist", "addToPlaylists");
      return false;
    }
    void refreshPlaylist(utils, target.id);
    const what = added === 1 ? "1 song" : `${added} songs`;
    showToast({ title: "Added to Playlist", message: `${what} from ${source.name} added to ${target.name}` });
    return true;
  };
  return { isPremium, copyTo, pending: copySongs.isPending };
}
