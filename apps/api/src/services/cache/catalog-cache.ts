// The catalog's cache of hot reads, one per database, and the hooks that keep it honest.
//
// What is cached: the first page of songs, of trending, of each genre and of public playlists, the
// genre names, and the system playlists' details (listeners' playlists: see playlistCache below). Each entry lives a few seconds (CATALOG_TTL_MS), so another API
// instance's change shows within that time; a change made through this instance shows at once:
//   invalidateCatalog(db, { playlistId })  after a playlist or its songs change (any service may call it)
//   invalidateCatalog(db, { songs: true })  after songs, artists or albums change
//   invalidateCatalog(db, { plays: true })  after a play (trending reloads at most once a second)
// The REST shim also calls invalidateAllCatalogs() after any successful write it does not know,
// so a write path that forgets to call the hook is still seen at once on this instance.
import type { DataSource } from "typeorm";
import { ResponseCache } from "./response-cache.js";

/** How long a hot read is served from memory. */
export const CATALOG_TTL_MS = 5_000;
/** Genre names change only when the catalog does. */
export const GENRES_TTL_MS = 60_000;
/** Under a stream of plays, trending is reloaded at most this often. */
export const PLAYS_REFRESH_MS = 1_000;
/** Upper bound of cached JSON per database. */
export const CATALOG_CACHE_BYTES = 24 * 1024 * 1024;

export const KEYS = {
  songs: "songs:",
  genre: "genre:",
  genres: "genres",
  trending: "trending:",
  playlists: "playlists:",
  playlist: (id: string) => `playlist:${id}`,
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
 * Upper bound of cached JSON of listeners' playlists per database (the parsed copy kept next to it is
 * about as large again): some 100 playlists of 200 songs.
 */
export const PLAYLIST_CACHE_BYTES = 4 * 1024 * 1024;

const caches = new WeakMap<DataSource, ResponseCache>();
const playlistCaches = new WeakMap<DataSource, ResponseCache>();
const live = new Set<WeakRef<ResponseCache>>();
const livePlaylistCaches = new Set<WeakRef<ResponseCache>>();

function cacheOf(
  map: WeakMap<DataSource, ResponseCache>,
  refs: Set<WeakRef<ResponseCache>>,
  db: DataSource,
  maxBytes: number,
) {
  let cache = map.get(db);
  if (!cache) {
    cache = new ResponseCache({ maxBytes });
    map.set(db, cache);
    refs.add(new WeakRef(cache));
  }
  return cache;
}

/** The catalog cache of a database (made on first use). */
export const catalogCache = (db: DataSource): ResponseCache => cacheOf(caches, live, db, CATALOG_CACHE_BYTES);

/**
 * Listeners' playlists (see playlist-detail.ts), kept apart so that they cannot push the hot catalog
 * reads out. Entries are keyed by the playlist's revision and owner, so no playlist write needs to drop
 * them (and the writes of other listeners do not empty them): only a change to songs, artists or albums,
 * which no API route makes (the seed does, before serving), and otherwise their TTL.
 */
export const playlistCache = (db: DataSource): ResponseCache =>
  cacheOf(playlistCaches, livePlaylistCaches, db, PLAYLIST_CACHE_BYTES);

function apply(cache: ResponseCache, change: CatalogChange) {
  const prefixes: string[] = [];
  if (change.playlistId !== undefined) prefixes.push(KEYS.playlist(change.playlistId), KEYS.playlists);
  if (change.songs) prefixes.push(KEYS.songs, KEYS.genre, KEYS.genres, KEYS.trending, "playlist:");
  if (prefixes.length) cache.invalidate(prefixes);
  if (change.plays) cache.expireSoon([KEYS.trending], PLAYS_REFRESH_MS);
}

const changeListeners = new Set<(change: CatalogChange | undefined) => void>();

/**
 * Calls `listener` after every catalog change this process learns of (its own writes and, through
 * catalog-sync, other instances'); undefined: anything may have changed. Returns the unsubscribe.
 */
export function onCatalogChange(listener: (change: CatalogChange | undefined) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Tells the catalog cache of `db` what changed. */
export function invalidateCatalog(db: DataSource, change: CatalogChange): void {
  const cache = caches.get(db);
  if (cache) apply(cache, change);
  if (change.songs) playlistCaches.get(db)?.invalidate();
  for (const listener of changeListeners) listener(change);
}

/** Calls `each` with every cache still alive in the set. */
function forLive(refs: Set<WeakRef<ResponseCache>>, each: (cache: ResponseCache) => void) {
  for (const ref of refs) {
    const cache = ref.deref();
    if (!cache) refs.delete(ref);
    else each(cache);
  }
}

/** Drops every cached catalog read in this process (or applies `change` to every cache). */
export function invalidateAllCatalogs(change?: CatalogChange): void {
  forLive(live, (cache) => (change ? apply(cache, change) : cache.invalidate()));
  if (change?.songs) forLive(livePlaylistCaches, (cache) => cache.invalidate());
  for (const listener of changeListeners) listener(change);
}
