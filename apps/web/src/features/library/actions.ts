// The changes of "your music", each with SPEC.md section 8's toasts and the cache refreshes of cache.ts.
// Every action is premium-only (SPEC.md sections 5 and 6): a free listener gets the premium toast and
// no call is made; the server enforces the same rule (its 403 also ends in the premium toast).
// The heart's like of a song is song-like.ts (the rows' hearts are on the first screen).
import { showToast } from "../../lib/toast";
import { translate } from "../../i18n";
import { trpc } from "../../lib/trpc";
import { refreshLibrary, refreshLikedPlaylists, refreshPlaylist } from "./cache";
import { useOptimisticToggle } from "./optimistic-toggle";
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

/** Whether the listener likes a playlist, and the toggle. */
export function usePlaylistLike(playlistId: string) {
  const isPremium = useIsPremium();
  const utils = trpc.useUtils();
  const input = { playlistId };
  const check = trpc.likedPlaylists.check.useQuery(input, { enabled: isPremium });
  const scope = { id: `likedPlaylists:${playlistId}` };
  const like = trpc.likedPlaylists.like.useMutation({ scope });
  const unlike = trpc.likedPlaylists.unlike.useMutation({ scope });
  const isLiked = check.data?.isLiked ?? false;
  const pending = like.isPending || unlike.isPending;

  const change = useOptimisticToggle({
    current: isLiked,
    show(on) {
      void utils.likedPlaylists.check.cancel(input);
      utils.likedPlaylists.check.setData(input, { isLiked: on });
    },
    send: (on) => (on ? like : unlike).mutateAsync(input),
    saved(on, settled) {
      if (settled) void refreshLikedPlaylists(utils, playlistId, on);
      showToast({ title: translate(on ? "playlist.liked" : "playlist.unliked") });
    },
    refused: (error) => toastFailure(error, translate("error.updatePlaylist"), "likePlaylists"),
  });
  const toggle = async () => (isPremium ? change() : promptPremium("likePlaylists"));
  return { isPremium, isLiked, pending, toggle };
}

/** Whether a playlist is in the listener's library, and the toggle. */
export function usePlaylistInLibrary(playlistId: string) {
  const isPremium = useIsPremium();
  const utils = trpc.useUtils();
  const input = { playlistId };
  const check = trpc.libraryPlaylists.check.useQuery(input, { enabled: isPremium });
  const scope = { id: `libraryPlaylists:${playlistId}` };
  const add = trpc.libraryPlaylists.add.useMutation({ scope });
  const remove = trpc.libraryPlaylists.remove.useMutation({ scope });
  const isInLibrary = check.data?.isInLibrary ?? false;
  const pending = add.isPending || remove.isPending;

  const change = useOptimisticToggle({
    current: isInLibrary,
    show(on) {
      void utils.libraryPlaylists.check.cancel(input);
      utils.libraryPlaylists.check.setData(input, { isInLibrary: on });
    },
    send: (on) => (on ? add : remove).mutateAsync(input),
    saved(on, settled) {
      if (settled) void refreshLibrary(utils, playlistId, on);
      showToast({ title: translate(on ? "playlist.addedToLibrary" : "playlist.removedFromLibrary") });
    },
    refused: (error) => toastFailure(error, translate("error.updateLibrary"), "addPlaylistsToLibrary"),
  });
  const toggle = async () => (isPremium ? change() : promptPremium("addPlaylistsToLibrary"));
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
      toastFailure(error, translate("error.addSongToPlaylist"), "addSongsToPlaylists");
      return false;
    }
    void refreshPlaylist(utils, playlist.id);
    showToast({
      title: translate("playlist.songAddedTitle"),
      message: translate("playlist.songAdded", { song: song.title, playlist: playlist.name }),
    });
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
      toastFailure(error, translate("error.addSongToPlaylist"), "addToPlaylists");
      return false;
    }
    void refreshPlaylist(utils, target.id);
    showToast({
      title: translate("playlist.songAddedTitle"),
      message: translate("playlist.songsCopied", { count: added, source: source.name, target: target.name }),
    });
    return true;
  };
  return { isPremium, copyTo, pending: copySongs.isPending };
}
