// After a change, the cached reads that show it are refreshed (SPEC.md section 4: "after a change the
// related cached lists are refreshed"). Invalidation marks them stale and refetches the ones on screen.
import type { trpc } from "../../lib/trpc";

export type Utils = ReturnType<typeof trpc.useUtils>;

/** A song was liked or unliked: the Liked Songs list, its count (Library card, profile) and the checks. */
export function refreshLikedSongs(utils: Utils, songId: string, isLiked: boolean) {
  utils.likedSongs.check.setData({ songId }, { isLiked });
  return Promise.all([
    utils.likedSongs.list.invalidate(),
    utils.likedSongs.count.invalidate(),
    utils.likedSongs.check.invalidate({ songId }),
    utils.profile.stats.invalidate(),
  ]);
}

/** A playlist was liked or unliked. */
export function refreshLikedPlaylists(utils: Utils, playlistId: string, isLiked: boolean) {
  utils.likedPlaylists.check.setData({ playlistId }, { isLiked });
  return Promise.all([
    utils.likedPlaylists.list.invalidate(),
    utils.likedPlaylists.check.invalidate({ playlistId }),
    utils.myPlaylists.collected.invalidate(),
  ]);
}

/** A playlist was added to or removed from the library. */
export function refreshLibrary(utils: Utils, playlistId: string, isInLibrary: boolean) {
  utils.libraryPlaylists.check.setData({ playlistId }, { isInLibrary });
  return Promise.all([
    utils.libraryPlaylists.list.invalidate(),
    utils.libraryPlaylists.check.invalidate({ playlistId }),
    utils.myPlaylists.collected.invalidate(),
  ]);
}

/**
 * A playlist's name, picture or songs changed, or a playlist was made: its page and every list that
 * shows playlists with their names, pictures and counts.
 */
export function refreshPlaylist(utils: Utils, playlistId?: string) {
  return Promise.all([
    playlistId ? utils.playlists.byId.invalidate({ id: playlistId }) : undefined,
    utils.playlists.list.invalidate(),
    utils.myPlaylists.list.invalidate(),
    utils.myPlaylists.collected.invalidate(),
    utils.likedPlaylists.list.invalidate(),
    utils.libraryPlaylists.list.invalidate(),
    utils.search.all.invalidate(),
    utils.profile.stats.invalidate(),
  ]);
}
