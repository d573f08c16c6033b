import type { DataSource } from "typeorm";
import type {
  ArtistDetailDto,
  CatalogService,
  Page,
  PageInput,
  PlaylistDto,
  SearchResultDto,
  SongDto,
} from "@purplebeats/contracts";
import { isSystemPlaylistId } from "@purplebeats/db";
import { decodeCursor, toPage } from "../../infra/lib/cursor.js";
import { toSongDto, type SongRow } from "../../data/song-rows.js";
import { createArtistAlbumReads } from "./artist-album-reads.js";
import { createRadio } from "./radio.js";
import { createSongSearch } from "../search/catalog-search.js";
import { createNameSearch } from "../search/name-search.js";
import { toPlaylistDto } from "../../data/playlist-rows.js";
import { createPlaylistReader } from "../playlists/playlist-detail.js";
import { createPlayRecorder } from "./play-recorder.js";
import { PLAY_RULES, type PlayRules } from "./play-rules.js";
import {
  CATALOG_TTL_MS,
  GENRES_TTL_MS,
  KEYS,
  SHORT_SEARCH_LETTERS,
  SHORT_SEARCH_TTL_MS,
  type CatalogCaches,
} from "../../infra/cache/catalog-cache.js";
import { foldQuery } from "../search/search-fold.js";
import {
  allGenres,
  artistById,
  editorialPlaylistsPage,
  recentlyPlayedSongs,
  songsByListeners,
  songsNewestFirst as newestSongs,
} from "../../data/catalog-reads.js";

type Cursor = [string, string];

export function createCatalogService(
  db: DataSource,
  caches: CatalogCaches,
  rules: PlayRules = PLAY_RULES,
): CatalogService {
  const cache = caches.catalog;
  /** First pages are what every home screen asks for: served from memory for a few seconds. */
  const firstPage = <T>(key: string, page: PageInput, load: () => Promise<Page<T>>): Promise<Page<T>> =>
    page.cursor
      ? load()
      : cache.get(`${key}${page.limit}`, { ttl: CATALOG_TTL_MS, load, body: (p) => p.items });

  /** Newest first, keyset-paged on (created_at, id). */
  async function songsNewestFirst(genre: string | null, page: PageInput) {
    const after = decodeCursor(page.cursor, ["t", "u"] as const) as Cursor | null;
    const rows = await newestSongs(db, genre, page.limit + 1, after);
    return toPage(rows, page.limit, toSongDto, (r) => [new Date(r.created_at).toISOString(), r.id]);
  }

  const songSearch = createSongSearch(db, caches);
  // Load the typo dictionary in the background (the first search waits for it).
  void songSearch.refreshTerms().catch(() => {});

  /** Ranked search (see catalog-search.ts): the page's songs, in rank order. */
  async function rankedSongs(text: string, limit: number, offset: number): Promise<SongRow[]> {
    // The ranking's statements read the page's rows: no statement after it.
    const { ids, rows: byId } = await songSearch.rankPage(text, limit, offset);
    return ids.map((id) => byId.get(id)).filter((r): r is SongRow => r !== undefined);
  }

  const names = createNameSearch(db, songSearch);

  /** The results page's and suggestions' sections: songs, playlists, artists, albums, and a genre named. */
  async function suggestions(text: string, limit: number): Promise<SearchResultDto> {
    // Songs in their ranking's statement, every name section in one more (name-search.ts).
    const [songs, { playlists, artists, albums }, genre] = await Promise.all([
      rankedSongs(text, limit, 0),
      names.suggest(text, limit),
      genreSection(text, limit),
    ]);
    return {
      songs: songs.map(toSongDto),
      playlists: playlists.map(toPlaylistDto),
      artists: artists.map((a) => ({ id: a.id, name: a.name, imageUrl: a.image_url })),
      albums: albums.map((a) => ({
        id: a.id,
        title: a.title,
        imageUrl: a.image_url,
        artist: a.artist_id
          ? { id: a.artist_id, name: a.artist_name ?? "", imageUrl: a.artist_image_url }
          : null,
      })),
      genre,
    };
  }

  /** The most played songs of a genre, for the results page's genre section. */
  async function genreSection(text: string, limit: number) {
    const genre = await songSearch.genreNamed(text);
    if (!genre) return null;
    return { name: genre, songs: (await songSearch.genreSongs(genre, limit)).map(toSongDto) };
  }

  /** Distinct listeners first (one caller's repeats cannot lift a song), then counted plays. */
  async function trending(page: PageInput): Promise<Page<SongDto>> {
    const after = decodeCursor(page.cursor, ["n", "n", "u"] as const) as [number, number, string] | null;
    const rows = await songsByListeners(db, page.limit + 1, after);
    return toPage(rows, page.limit, toSongDto, (r) => [Number(r.listener_count), Number(r.play_count), r.id]);
  }

  async function genres(): Promise<string[]> {
    const rows = await allGenres(db);
    return rows.map((r) => r.genre);
  }

  /**
   * The editorial (system) playlists, oldest first: what 'Made For You' starts with, the same for everyone.
   * Keyset-paged on (created_at in microseconds, id). Listeners' own playlists are not listed here (DESIGN.md:
   * strangers' playlists in everyone's Home read as a leak); they are reached by link and search, and each
   * listener's own through their collection. The same list for everyone (cached): a guest's view.
   */
  async function listPlaylists(page: PageInput): Promise<Page<PlaylistDto>> {
    const after = decodeCursor(page.cursor, ["n", "s"] as const) as [number, string] | null;
    const rows = await editorialPlaylistsPage(db, page.limit + 1, after);
    return toPage(rows, page.limit, toPlaylistDto, (r) => [Number(r.at_micros), r.id]);
  }

  const playlists = createPlaylistReader(db, caches.playlists);
  const recordPlay = createPlayRecorder(db, caches, rules);

  return {
    listSongs: (page) => firstPage(KEYS.songs, page, () => songsNewestFirst(null, page)),

    async recentlyPlayed(userId, page) {
      const after = decodeCursor(page.cursor, ["t", "u"] as const) as Cursor | null;
      // A listener sees their own history; without one, the catalog's most recently played songs.
      const rows = await recentlyPlayedSongs(db, userId, page.limit + 1, after);
      return toPage(rows, page.limit, toSongDto, (r) => [new Date(r.played_at).toISOString(), r.id]);
    },

    trending: (page) => firstPage(KEYS.trending, page, () => trending(page)),

    genres: () => cache.get(KEYS.genres, { ttl: GENRES_TTL_MS, load: genres }),

    songsByGenre: (genre, page) =>
      firstPage(`${KEYS.genre}${genre.toLowerCase()}:`, page, () => songsNewestFirst(genre, page)),

    async searchSongs(text, page) {
      const offset = decodeCursor(page.cursor, ["n"] as const)?.[0] ?? 0;
      const rows = await rankedSongs(text, page.limit + 1, offset);
      return toPage(rows, page.limit, toSongDto, () => [offset + page.limit]);
    },

    search(text, limit) {
      // Texts that fold alike ('A', 'a', 'á') are answered alike: one cache entry for all of them.
      const folded = foldQuery(text);
      if (folded.length > SHORT_SEARCH_LETTERS) return suggestions(folded, limit);
      return cache.get(`${KEYS.shortSearch}${limit}:${folded}`, {
        ttl: SHORT_SEARCH_TTL_MS,
        load: () => suggestions(folded, limit),
      });
    },

    listPlaylists: (page) => firstPage(KEYS.playlists, page, () => listPlaylists(page)),

    // The seed's system playlists are the same for everyone: cached (and answered by URL) for a few
    // seconds. A listener's own playlist must read back at once on every instance: see playlist-detail.ts.
    // (The system account never signs in: its playlists are nobody's own, the same for every caller.)
    playlist: (id, viewerId) =>
      isSystemPlaylistId(id)
        ? cache.get(KEYS.playlist(id), { ttl: CATALOG_TTL_MS, load: () => playlists.load(id, null) })
        : playlists.read(id, viewerId),

    async artist(id): Promise<ArtistDetailDto | null> {
      const row = await artistById(db, id);
      return row
        ? { id: row.id, name: row.name, imageUrl: row.image_url, verified: row.verified_at !== null }
        : null;
    },

    recordPlay: (songId, userId) => recordPlay(songId, userId),
    ...createArtistAlbumReads(db),
    ...createRadio(db),
  };
}
