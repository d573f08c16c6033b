// The catalog reads a screen draws first, started by the entry as soon as it runs: in parallel with the
// download of the screen's own code, instead of after it (Largest Contentful Paint on a slow phone link).
// The screens read the same inputs from here, so that the answers land under the keys they ask for.
import type { QueryClient } from "@tanstack/react-query";
import { createTRPCQueryUtils } from "@trpc/react-query";
import { matchPath } from "react-router-dom";
import type { ApiClient } from "../lib/trpc";

/** SPEC.md section 2 "Home": how many songs each section shows (and how many placeholders while loading). */
export const HOME_COUNTS = {
  recentlyPlayed: 8,
  madeForYouSkeletons: 3,
  trendingNow: 4,
  newReleases: 3,
  topCharts: 5,
} as const;

/** The player's pool for 'next' at the end of a queue: the first page of all songs, never the whole catalog. */
export const PLAYER_POOL_SIZE = 100;

/** Home's catalog reads ('Recently Played' depends on the session, so it waits for the screen). */
export const HOME_READS = {
  /** 'Made For You' lists the playlists of one page (the catalog's playlists fit in it). */
  madeForYou: { limit: 50 },
  /** 'Trending Now' and 'Top Charts' read the same page of trending songs (one request). */
  trending: { limit: Math.max(HOME_COUNTS.trendingNow, HOME_COUNTS.topCharts) },
  /** 'New Releases' shows the first songs of this page, which also becomes the player's pool. */
  allSongs: { limit: PLAYER_POOL_SIZE },
} as const;

/** Starts the reads of the screen at `pathname` (none for screens not listed); the screens find them cached. */
export function prefetchFirstScreen(pathname: string, queryClient: QueryClient, client: ApiClient): void {
  const api = createTRPCQueryUtils({ queryClient, client });
  if (matchPath("/", pathname)) {
    void api.playlists.list.prefetch(HOME_READS.madeForYou);
    void api.songs.trending.prefetch(HOME_READS.trending);
    void api.songs.list.prefetch(HOME_READS.allSongs);
    return;
  }
  const playlist = matchPath("/playlist/:id", pathname);
  if (playlist?.params.id) void api.playlists.byId.prefetch({ id: playlist.params.id });
}
