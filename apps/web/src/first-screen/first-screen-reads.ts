// The catalog reads a screen renders first, started by the entry as soon as it runs: in parallel with the
// download of the screen's own code, instead of after it (Largest Contentful Paint on a slow phone link).
// The screens read the same inputs from here, so that the responses land under the keys they ask for.
import type { QueryClient } from "@tanstack/react-query";
import { createTRPCQueryUtils } from "@trpc/react-query";
import { matchPath } from "react-router-dom";
import { searchTextOf } from "../lib/search-rules";
import type { ApiClient } from "../lib/trpc";

/** SPEC.md section 2 "Home": how many songs each section shows (and how many placeholders while loading). */
export const HOME_COUNTS = {
  recentlyPlayed: 8,
  madeForYouSkeletons: 3,
  trendingNow: 4,
  newReleases: 3,
  topCharts: 5,
} as const;

/** Home's reads ('Recently Played' depends on the session, so it waits for the screen). */
export const HOME_READS = {
  /** The listener's own history: read once the session is known. */
  recentlyPlayed: { limit: HOME_COUNTS.recentlyPlayed },
  /** 'Made For You' lists the playlists of one page (the catalog's playlists fit in it). */
  madeForYou: { limit: 50 },
  /** 'Trending Now' and 'Top Charts' read the same page of trending songs (one request). */
  trending: { limit: Math.max(HOME_COUNTS.trendingNow, HOME_COUNTS.topCharts) },
  /** 'New Releases': the first songs of all songs, as many as it shows. */
  newReleases: { limit: HOME_COUNTS.newReleases },
} as const;

/**
 * How Home's sections below the fold read their data (lib/deferred-query.ts): in the background when Home
 * mounts in the browser; as the server rendered them (it reads them too) when its HTML is hydrated.
 */
export const HOME_IN_SERVER_HTML = { belowFold: true, inServerHtml: true } as const;

/** The search page's reads. */
export const SEARCH_READS = {
  /** Results come in pages of this many songs ('load more' asks for the next). */
  resultsPageSize: 20,
  /** The genre, artists, albums and playlists sections show at most this many each (below the fold). */
  sectionSize: 6,
} as const;

/** The artist page's reads: 'Popular' shows 5 songs of a page of 10 ('Show more' shows them all). */
export const ARTIST_READS = { popularFirst: 5, popular: 10 } as const;

/** The account menu's screens: the first page of each list (the rest loads as the listener scrolls). */
export const ACCOUNT_READS = {
  receipts: { limit: 20 },
  plays: { limit: 50 },
} as const;

export interface FirstScreenOptions {
  /**
   * Also the reads of the search page's sections below the fold (default). The server leaves them out: it
   * renders those sections as placeholders anyway (lib/deferred-query.ts), so their data would only weigh
   * on the page. Home's sections below the fold are read on the server too (a dozen songs) and are in its
   * HTML, so hydrating them is all the browser does for them (HOME_IN_SERVER_HTML).
   */
  belowFold?: boolean;
  /**
   * The caller has no session (the server's page for first visits): a new listener, who has played nothing.
   * Home's 'Recently Played' is known to be empty and shows the trending songs to start with, in the
   * server's HTML, rather than placeholders that turn into them once the guest session has started.
   */
  newListener?: boolean;
}

/** A new listener's history: nothing played yet. */
const NOTHING_PLAYED = { items: [], nextCursor: null };

/**
 * Starts the reads of the screen at `pathname` and `search` (none for screens not listed); the screens find
 * them cached. Settles when they have all answered (a failed read is left in the cache as an error).
 */
export async function prefetchFirstScreen(
  pathname: string,
  search: string,
  queryClient: QueryClient,
  client: ApiClient,
  { belowFold = true, newListener = false }: FirstScreenOptions = {},
): Promise<void> {
  const api = createTRPCQueryUtils({ queryClient, client });
  const reads: Array<Promise<void>> = [];
  if (matchPath("/", pathname)) {
    reads.push(api.playlists.list.prefetch(HOME_READS.madeForYou));
    if (newListener) api.songs.recentlyPlayed.setData(HOME_READS.recentlyPlayed, NOTHING_PLAYED);
    // 'Trending Now' and 'Top Charts' (and a new listener's 'Recently Played'), then 'New Releases'.
    reads.push(api.songs.trending.prefetch(HOME_READS.trending));
    reads.push(api.songs.list.prefetch(HOME_READS.newReleases));
  }
  if (matchPath("/search", pathname)) {
    const params = new URLSearchParams(search);
    const text = searchTextOf(params);
    const playlistId = params.get("playlist");
    if (text) reads.push(api.songs.search.prefetchInfinite({ q: text, limit: SEARCH_READS.resultsPageSize }));
    if (text && belowFold) reads.push(api.search.all.prefetch({ q: text, limit: SEARCH_READS.sectionSize }));
    if (playlistId) reads.push(api.playlists.byId.prefetch({ id: playlistId }));
  }
  const playlist = matchPath("/playlist/:id", pathname);
  if (playlist?.params.id) reads.push(api.playlists.byId.prefetch({ id: playlist.params.id }));
  const artistId = matchPath("/artist/:id", pathname)?.params.id;
  if (artistId) {
    // All four, on the server too: the page renders its albums at once (a phone shows the first of them).
    reads.push(
      api.artists.byId.prefetch({ id: artistId }),
      api.artists.topSongs.prefetch({ id: artistId, limit: ARTIST_READS.popular }),
      api.artists.albums.prefetch({ id: artistId }),
      api.artists.appearsOn.prefetch({ id: artistId }),
    );
  }
  const handle = matchPath("/user/:handle", pathname)?.params.handle;
  if (handle) reads.push(api.follows.profile.prefetch({ handle: handle.toLowerCase() }));
  const albumId = matchPath("/album/:id", pathname)?.params.id;
  if (albumId)
    reads.push(api.albums.byId.prefetch({ id: albumId }), api.albums.songs.prefetch({ id: albumId }));
  if (matchPath("/legal", pathname)) reads.push(api.legal.documents.prefetch());
  // The caller's own account: read only with a session (a first visit has none yet: the screen reads it).
  if (!newListener && matchPath("/account", pathname))
    reads.push(
      api.account.overview.prefetch(),
      api.account.receipts.prefetchInfinite(ACCOUNT_READS.receipts),
    );
  if (!newListener && matchPath("/recently-played", pathname))
    reads.push(api.account.plays.prefetchInfinite(ACCOUNT_READS.plays));
  await Promise.all(reads);
}
