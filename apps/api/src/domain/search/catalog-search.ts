// Ranked song search that stays fast at a million songs, and forgives typos, accents and punctuation.
// The tiers, the passes that find each with bounded work, and why: this folder's README.md. This factory
// holds the search's state (caches, the dictionary, the database); the work is in search-ranking.ts and
// the modules it names.
import type { DataSource } from "typeorm";
import { allGenres } from "../../data/catalog-reads.js";
import { mostPlayedOfGenre } from "../../data/search/catalog.js";
import type { SongRow } from "../../data/song-rows.js";
import type { CatalogCaches } from "../../infra/cache/catalog-cache.js";
import { bitmapQuery, type BitmapQuery } from "../../data/search/bitmap-query.js";
import { foldQuery, searchFold } from "./search-fold.js";
import { createPopularSongs, POPULAR_WINDOW } from "./search-popular-pass.js";
import { rankSongs, type RankedPage, type RankingContext } from "./search-ranking.js";
import { createTermStore, TERMS_POLL_MS, type TermStore } from "./search-terms.js";
import { correctedQueries } from "./search-words.js";

// The names the search's importers take from here (the tests).
export type { RankedPage } from "./search-ranking.js";
export { completionOf, correctedQueries, infixWords, uncommonWords } from "./search-words.js";

export interface SongSearch {
  /** Ids of the songs ranked `offset` to `offset + limit - 1`. */
  rank(text: string, limit: number, offset: number): Promise<string[]>;
  /** The same songs, with their rows (read by the ranking's own statements: none after them). */
  rankPage(text: string, limit: number, offset: number): Promise<RankedPage>;
  /**
   * The folded query with each word the catalog does not know replaced by its best correction, best
   * first (at most CORRECTED_QUERIES); empty when every word is known.
   */
  corrected(text: string): Promise<string[]>;
  /** The genre (as the catalog spells it) that the query or its correction names, if any. */
  genreNamed(text: string): Promise<string | null>;
  /** The genre's most played songs, at most `want` (rows not to be changed: callers may share them). */
  genreSongs(genre: string, want: number): Promise<SongRow[]>;
  /** Folds changed titles and names into the typo dictionary now (a timer does it every few seconds). */
  refreshTerms(): Promise<void>;
  /** Runs a query planned with bitmap index scans only (for queries whose matches are rare). */
  withBitmaps: BitmapQuery;
  close(): void;
}

/** How long the catalog's genre names are used before they are read again. */
const GENRES_TTL_MS = 60_000;

/** `popularWindow`: how many of the most played songs the first pass holds (POPULAR_WINDOW). */
export function createSongSearch(
  db: DataSource,
  caches: Pick<CatalogCaches, "onChange">,
  popularWindow = POPULAR_WINDOW,
  termsPollMs = TERMS_POLL_MS,
): SongSearch {
  const withBitmaps = bitmapQuery(db);
  const terms: TermStore = createTermStore(db, termsPollMs);
  const popular = createPopularSongs(db, caches, popularWindow);
  let genreCopy: { byFolded: Map<string, string>; expires: number } | null = null;

  /** The catalog's genres by their folded names ('hip hop' → 'Hip-Hop'), read once a minute. */
  async function genresByFolded(): Promise<Map<string, string>> {
    if (genreCopy && genreCopy.expires > Date.now()) return genreCopy.byFolded;
    const rows = await allGenres(db);
    const byFolded = new Map(rows.map((r) => [searchFold(r.genre), r.genre]));
    genreCopy = { byFolded, expires: Date.now() + GENRES_TTL_MS };
    return byFolded;
  }

  /** The dictionary, or none while it cannot be read (search then goes on without corrections). */
  const dictionary = () => terms.dictionary().catch(() => null);

  async function corrected(text: string): Promise<string[]> {
    const dict = await dictionary();
    const folded = foldQuery(text);
    return dict && folded ? correctedQueries(folded.split(" "), dict).queries : [];
  }

  async function genreNamed(text: string): Promise<string | null> {
    const genres = await genresByFolded();
    const folded = foldQuery(text);
    const direct = genres.get(folded);
    if (direct) return direct;
    for (const option of await corrected(text)) {
      const genre = genres.get(option);
      if (genre) return genre;
    }
    return null;
  }

  /**
   * The most played songs of a genre. A query naming a genre asks twice at once (its ranking, and the
   * results page's genre section): the two share one read.
   */
  const genreReads = new Map<string, Promise<SongRow[]>>();
  function genreSongs(genre: string, want: number): Promise<SongRow[]> {
    const key = `${want}:${searchFold(genre)}`;
    let pending = genreReads.get(key);
    if (!pending) {
      pending = readGenreSongs(genre, want).finally(() => genreReads.delete(key));
      genreReads.set(key, pending);
    }
    return pending;
  }

  async function readGenreSongs(genre: string, want: number): Promise<SongRow[]> {
    return mostPlayedOfGenre(db, searchFold(genre), want);
  }

  const ranking: RankingContext = {
    dictionary,
    popularSongs: popular.window,
    genreNamed,
    genreSongs,
    withBitmaps,
  };
  /** Identical searches running at the same time (a burst of listeners typing) share one ranking. */
  const pendingPages = new Map<string, Promise<RankedPage>>();
  function rankPage(text: string, limit: number, offset: number): Promise<RankedPage> {
    const key = `${offset}:${limit}:${text}`;
    let pending = pendingPages.get(key);
    if (!pending) {
      pending = rankSongs(ranking, text, limit, offset).finally(() => pendingPages.delete(key));
      pendingPages.set(key, pending);
    }
    return pending.then((page) => ({ ids: [...page.ids], rows: new Map(page.rows) }));
  }

  return {
    rank: async (text, limit, offset) => (await rankPage(text, limit, offset)).ids,
    rankPage,
    corrected,
    genreNamed,
    genreSongs,
    refreshTerms: () => terms.refresh(),
    withBitmaps,
    close: () => {
      popular.close();
      terms.close();
    },
  };
}
