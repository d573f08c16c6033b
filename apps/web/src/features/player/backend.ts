// The player's only contact with the API, through the web app's tRPC hooks (apps/web/src/lib/trpc.ts).
import { useMemo } from "react";
import { trpc } from "../../lib/trpc";
import type { PlayableSong } from "./types";

/** The song pool's size (song-pool.ts): the first page of all songs, never the whole catalog. */
export const SONG_POOL_SIZE = 100;

/** Songs asked of radio at a time: enough for an hour or so of autoplay before asking again. */
export const RADIO_PAGE_SIZE = 20;

export interface PlayerBackend {
  /** The songs of a playlist, in playlist order (cached by TanStack Query). */
  fetchPlaylistSongs(id: string): Promise<PlayableSong[]>;
  /** Radio: songs like the seeds, best first, without the excluded ones (one bounded page). */
  fetchRadio(seeds: string[], exclude: string[]): Promise<PlayableSong[]>;
  /** The pool autoplay falls back on when radio has nothing (song-pool.ts): the first page of all songs. */
  fetchSongPool(): Promise<PlayableSong[]>;
  /** Records that a real part of a song was heard (see play-report.ts); fire and forget. */
  recordPlay(songId: string): void;
}

export function usePlayerBackend(): PlayerBackend {
  const utils = trpc.useUtils();
  return useMemo<PlayerBackend>(
    () => ({
      async fetchPlaylistSongs(id) {
        const playlist = await utils.playlists.byId.fetch({ id });
        return playlist.songs;
      },
      async fetchRadio(seeds, exclude) {
        const page = await utils.songs.radio.fetch({ seeds, exclude, limit: RADIO_PAGE_SIZE });
        return page.items;
      },
      async fetchSongPool() {
        const page = await utils.songs.list.fetch({ limit: SONG_POOL_SIZE });
        return page.items;
      },
      recordPlay(songId) {
        utils.client.songs.recordPlay
          .mutate({ songId })
          .then(() => utils.songs.recentlyPlayed.invalidate())
          .catch((error: unknown) => console.error("Failed to record play", error));
      },
    }),
    [utils],
  );
}
