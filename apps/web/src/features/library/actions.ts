// The changes of "your music", each with SPEC.md section 8's toasts and the cache refreshes of cache.ts.
// Every action is premium-only (SPEC.md sections 5 and 6): a free listener gets the premium toast and
// no call is made; the server enforces the same rule (its 403 also ends in the premium toast).
import { useRef } from "react";
import { showToast } from "../../lib/toast";
import { translate } from "../../i18n";
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

/**
 * A yes/no of "your music" (a liked song, a liked playlist, a playlist in the library) whose toggle answers
 * at once, whatever the network: the new state goes into the cached check before the call, and a refusal
 * puts back the state of before the tap, with the failure's toast. Taps that come faster than the server's
 * answers are sent one after another (one mutation scope per item), and the lists that show the change are
 * refreshed once the last has answered, so that no earlier answer flips the control back meanwhile.
 */
function useOptimisticToggle({
  current,
  show,
  send,
  saved,
  refused,
}: {
  current: boolean;
  /** Puts a state in the cached check (and stops a read of it under way, whose answer would be older). */
  show(on: boolean): void;
  send(on: boolean): Promise<unknown>;
  /** The server took the change; `settled`: no other change of this item is on its way. */
  saved(on: boolean, settled: boolean): void;
  refused(error: unknown): void;
}) {
  const inFlight = useRef(0);
  return async () => {
    const on = !current;
    show(on);
    inFlight.current += 1;
    try {
      await send(on);
    } catch (error) {
      inFlight.current -= 1;
      show(!on);
      return refused(error);
    }
    inFlight.current -= 1;
    saved(on, inFlight.current === 0);
  };
}

/** Whether the listener likes a song, and the heart's toggle. */
export function useSongLike(song: SongRef) {
  const isPremium = useIsPremium();
  const utils = trpc.useUtils();
  const input = { songId: song.id };
  // Free listeners cannot like, so their hearts need no check.
  const check = trpc.likedSongs.check.useQuery(input, { enabled: isPremium });
  const scope = { id: `likedSongs:${song.id}` };
  const like = trpc.likedSongs.like.useMutation({ scope });
  const unlike = trpc.likedSongs.unlike.useMutation({ scope });
  const isLiked = check.data?.isLiked ?? false;
  const pending = like.isPending || unlike.isPending;

  const change = useOptimisticToggle({
    current: isLiked,
    show(on) {
      void utils.likedSongs.check.cancel(input);
      utils.likedSongs.check.setData(input, { isLiked: on });
    },
    send: (on) => (on ? like : unlike).mutateAsync(input),
    saved(on, settled) {
      if (settled) void refreshLikedSongs(utils, song.id, on);
      showToast(
        on
          ? { title: translate("song.likedTitle"), message: translate("song.liked", { title: song.title }) }
          : {
              title: translate("song.unlikedTitle"),
              message: translate("song.unliked", { title: song.title }),
            },
      );
    },
    refused: (error) => toastFailure(error, translate("error.updateLikedSongs"), "likeSongs"),
  });
  const toggle = async () => (isPremium ? change() : promptPremium("likeSongs"));
  return { isPremium, isLiked, pending, toggle };
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
