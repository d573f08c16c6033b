// The catalog's cache of hot reads, one per server (CatalogCaches, made in createServer), and the hooks
// that keep it honest.
//
// What is cached: the first page of songs, of trending, of each genre and of public playlists, the
// genre names, the system playlists' details (listeners' playlists: CatalogCaches.playlists below), and
// the suggestions for texts of one or two letters (SHORT_SEARCH_TTL_MS).
// Each entry lives a few seconds (CATALOG_TTL_MS), so another API instance's change shows within that
// time; a change made through this instance shows at once:
//   caches.changed({ playlistId })  after a playlist or its songs change (any service may call it)
//   caches.changed({ songs: true })  after songs, artists or albums change
//   caches.changed({ plays: true })  after a play (trending reloads at most once a second)
// The REST shim and tRPC also call caches.changed() after every successful write whose procedure's meta
// does not say `catalogWrite: false` (web/rest/catalog-writes.ts), so a write path that forgets to call the hook
// is still seen at once on this instance.
import { ResponseCache, type Serialized } from "./response-cache.js";

/** How long a hot read is served from memory. */
export const CATALOG_TTL_MS = 5_000;
/** Genre names change only when the catalog does. */
export const GENRES_TTL_MS = 60_000;
/** Under a stream of plays, trending is reloaded at most this often. */
export const PLAYS_REFRESH_MS = 1_000;
/**
 * How long the suggestions for a text of one or two letters are kept. Every listener types such a text on
 * the way to a word, there are only about 1,300 of them, and they are the costliest to answer (no index
 * narrows them). Any change to songs, artists, albums or a playlist drops them at once, so what can lag is
 * the songs' order by plays only, by at most this long.
 */
export const SHORT_SEARCH_TTL_MS = 60_000;
/** A text folded to at most this many letters is a short one (above). */
export const SHORT_SEARCH_LETTERS = 2;
/** Upper bound of cached JSON per server. */
export const CATALOG_CACHE_BYTES = 24 * 1024 * 1024;

export const KEYS = {
  songs: "songs:",
  genre: "genre:",
  genres: "genres",
  trending: "trending:",
  playlists: "playlists:",
  playlist: (id: string) => `playlist:${id}`,
  shortSearch: "search:",
} as const;

export interface CatalogChange {
  /** A playlist (its name, cover, visibility or songs) changed, or was created or deleted. */
  playlistId?: string;
  /** Songs, artists or albums changed. */
  songs?: boolean;
  /** Plays were recorded. */
  plays?: boolean;
}

/**
 * Upper bound of cached JSON of listeners' playlists (the parsed copy kept next to it is about as large
 * again): some 100 playlists of 200 songs.
 */
export const PLAYLIST_CACHE_BYTES = 4 * 1024 * 1024;

/**
 * One server's catalog caches and the listeners of its catalog changes: made in createServer and handed
 * to the services, the REST shim and the web host, so two servers in one process share nothing.
 */
export class CatalogCaches {
  /** Hot catalog reads (the first pages, genres, editorial playlists' details). */
  readonly catalog = new ResponseCache({ maxBytes: CATALOG_CACHE_BYTES });
  /**
   * Listeners' playlists (see playlist-detail.ts), kept apart so that they cannot push the hot catalog
   * reads out. Entries are keyed by the playlist's revision and owner, so no playlist write needs to drop
   * them (and the writes of other listeners do not empty them): only a change to songs, artists or albums,
   * which no API route makes (the seed does, before serving), and otherwise their TTL.
   */
  readonly playlists = new ResponseCache({ maxBytes: PLAYLIST_CACHE_BYTES });
  private readonly listeners = new Set<(change: CatalogChange | undefined) => void>();

  /**
   * Calls `listener` after every catalog change this server learns of (its own writes and, through
   * catalog-sync, other instances'); undefined: anything may have changed. Returns the unsubscribe.
   */
  onChange(listener: (change: CatalogChange | undefined) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells the caches what changed; with no change, drops every cached catalog read. */
  changed(change?: CatalogChange): void {
    if (!change) this.catalog.invalidate();
    else {
      const prefixes: string[] = [];
      // A playlist's name or visibility shows in the suggestions: a short text's are dropped too.
      if (change.playlistId !== undefined)
        prefixes.push(KEYS.playlist(change.playlistId), KEYS.playlists, KEYS.shortSearch);
      if (change.songs)
        prefixes.push(KEYS.songs, KEYS.genre, KEYS.genres, KEYS.trending, "playlist:", KEYS.shortSearch);
      if (prefixes.length) this.catalog.invalidate(prefixes);
      if (change.plays) this.catalog.expireSoon([KEYS.trending], PLAYS_REFRESH_MS);
      if (change.songs) this.playlists.invalidate();
    }
    for (const listener of this.listeners) listener(change);
  }

  /** The pre-serialised bytes of a response one of these caches handed out (see ResponseCache). */
  serializedOf(value: unknown): Serialized | undefined {
    return this.catalog.serializedOf(value) ?? this.playlists.serializedOf(value);
  }
}
