// Ranked song search that stays fast at a million songs, and forgives typos, accents and punctuation.
// The tiers, the passes that find each with bounded work, and why: this folder's README.md.
import type { DataSource, EntityManager } from "typeorm";
import { escapeLike } from "../../infra/lib/like-pattern.js";
import { bitmapQuery, type BitmapQuery } from "./search-bitmaps.js";
import type { TermDictionary } from "./search-dictionary.js";
import { foldQuery, searchFold } from "./search-fold.js";
import { CORRECTED_QUERIES } from "./typo-policy.js";
import { PopularWindow } from "./search-popular.js";
import { createTermStore, TERMS_POLL_MS, type TermStore } from "./search-terms.js";
import { LISTED_SONG, SONG_COLUMNS, SONG_JOINS, type SongRow } from "../../data/song-rows.js";
import type { CatalogCaches } from "../../infra/cache/catalog-cache.js";

/** How many of the most played songs the first pass classifies (about 2 MB in memory). */
export const POPULAR_WINDOW = 20_000;
/** How long the in-memory copy of the most played songs is used before it is read again. */
export const POPULAR_TTL_MS = 10_000;
/**
 * Titles holding every word of a query of several words that are checked for the words in order, at
 * most: each costs a heap fetch and a fold (10,000 of them took 50 ms at a million songs).
 */
const WORD_CANDIDATES = 1_000;
/** Rows a tier's index query reads at most (bitmap heap fetches dominate its cost). */
const INDEXED_MATCHES = 200;

type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;
const querier =
  (runner: DataSource | EntityManager): Query =>
  (sql, params = []) =>
    runner.query(sql, params);

/** The title as the indexes hold it. */
const FOLDED_TITLE = `search_fold(s.title)`;

/**
 * A tsquery of the words at the indexes `chosen` (all when null), the query's last word as a prefix (the
 * listener may still be typing), or as the catalog words it begins when given (`lastAs`). No phrase
 * operator: that would make PostgreSQL recheck every row holding the words; the order is checked on the
 * few rows read instead.
 */
const wordsQuery = (words: string[], chosen: number[] | null = null, lastAs: string[] | null = null) =>
  (chosen ?? words.map((_, i) => i))
    .map((i) =>
      i < words.length - 1
        ? `'${words[i]}'`
        : lastAs?.length
          ? `(${lastAs.map((term) => `'${term}'`).join(" | ")})`
          : `'${words[i]}':*`,
    )
    .join(" & ");

/**
 * A correction's last word is looked up as the catalog words it begins when there are at most this many.
 * As a prefix, the full-text index reads every such word's titles into one bitmap before intersecting
 * it with the other words ('cloud' & 'wind':* 2.1 ms at a million songs); as the words themselves, it
 * skips through their lists to the titles the other words hold ('cloud' & ('wind' | 'window' | 'winds' |
 * 'windows') 0.16 ms, the same 5 titles). Only for corrections, which come from the same dictionary: the
 * query as typed finds a word added a moment ago, before the dictionary holds it.
 */
const PREFIX_TERMS = 16;

/** Numbered parameters of one statement, added as its text is built. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A ranked page: the songs' ids in rank order, and the rows of those read along with the ranking. */
export interface RankedPage {
  ids: string[];
  /** Rows of the page's songs, read by the ranking's statements. */
  rows: Map<string, SongRow>;
}

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

/**
 * Tiers of matches of one query text, each in rank order: only the first `want` songs of strong and
 * popular infix matches together (a page never shows more of one query's matches: see `pageQuery`).
 */
interface Tiered {
  /** Exact title, title prefix, word start, artist: what outranks a correction. */
  strong: string[];
  /** The popular songs holding the query inside a word of their title. */
  popularInfix: string[];
  /** The rows of the songs above. */
  rows: Map<string, SongRow>;
  /**
   * The statement reading the other songs holding it so from the indexes (null: none would be shown),
   * read only when asked: only a page still short after every stronger match needs them.
   */
  indexedInfix(p: Params): string | null;
}

/** One query's tiers as planned: the statement reading its page (null: nothing to read), then the tiers. */
interface PlannedTiers {
  sql: string | null;
  finish(page: PageRow[]): Tiered;
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
  const q = querier(db);
  const withBitmaps = bitmapQuery(db);
  const terms: TermStore = createTermStore(db, termsPollMs);
  let popularCopy: { window: PopularWindow; expires: number } | null = null;
  let popularLoad: Promise<PopularWindow> | null = null;
  let genreCopy: { byFolded: Map<string, string>; expires: number } | null = null;
  // A song hidden, unhidden or added: the in-memory copy of the most played songs is dropped at once, so
  // that the next search neither shows a hidden song nor leaves its place on the page empty. A write that
  // may have changed anything (another instance's, or one the REST shim does not know, such as a
  // listener's playlist edit) only ages the copy: the next search reloads it without waiting.
  let generation = 0;
  const stopListening = caches.onChange((change) => {
    if (change === undefined) {
      if (popularCopy) popularCopy.expires = Math.min(popularCopy.expires, Date.now());
      return;
    }
    if (!change.songs) return;
    generation++;
    popularCopy = null;
    popularLoad = null;
  });

  /**
   * The POPULAR_WINDOW most played songs, most played first, kept in memory for POPULAR_TTL_MS (an
   * index-only scan of idx_songs_popular reads them): the first pass of every search runs here.
   */
  function popularSongs(): Promise<PopularWindow> {
    const now = Date.now();
    if (popularCopy && popularCopy.expires > now) return Promise.resolve(popularCopy.window);
    // Just expired: this search uses the copy it has while the next one loads (20,000 rows), so no
    // search waits for the reload; a copy more than twice as old is not used.
    if (popularCopy && popularCopy.expires + POPULAR_TTL_MS > now) {
      loadPopular().catch(() => {});
      return Promise.resolve(popularCopy.window);
    }
    return loadPopular();
  }

  function loadPopular(): Promise<PopularWindow> {
    if (popularLoad) return popularLoad;
    const loadedFor = generation;
    const load = q<{ id: string; title: string }>(
      `SELECT id, title FROM songs s WHERE ${LISTED_SONG}
       ORDER BY play_count DESC, id DESC LIMIT ${popularWindow}`,
    )
      .then((rows) => {
        const window = new PopularWindow(
          rows.map((r) => r.id),
          rows.map((r) => searchFold(r.title)),
        );
        // Read before the catalog changed: used by the searches that waited for it, not kept.
        if (generation === loadedFor) popularCopy = { window, expires: Date.now() + POPULAR_TTL_MS };
        return window;
      })
      .finally(() => {
        if (popularLoad === load) popularLoad = null;
      });
    popularLoad = load;
    return load;
  }

  /** The catalog's genres by their folded names ('hip hop' → 'Hip-Hop'), read once a minute. */
  async function genresByFolded(): Promise<Map<string, string>> {
    if (genreCopy && genreCopy.expires > Date.now()) return genreCopy.byFolded;
    const rows = await q<{ genre: string }>(`SELECT DISTINCT genre FROM songs WHERE genre IS NOT NULL`);
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

  /** Identical searches running at the same time (a burst of listeners typing) share one ranking. */
  const ranking = new Map<string, Promise<RankedPage>>();
  function rankPage(text: string, limit: number, offset: number): Promise<RankedPage> {
    const key = `${offset}:${limit}:${text}`;
    let pending = ranking.get(key);
    if (!pending) {
      pending = rankNow(text, limit, offset).finally(() => ranking.delete(key));
      ranking.set(key, pending);
    }
    return pending.then((page) => ({ ids: [...page.ids], rows: new Map(page.rows) }));
  }

  async function rankNow(text: string, limit: number, offset: number): Promise<RankedPage> {
    const want = offset + limit;
    const folded = foldQuery(text);
    if (!folded) return { ids: [], rows: new Map() };
    const words = folded.split(" ");
    const dict = await dictionary();
    const { queries: options, first } = dict ? correctedQueries(words, dict) : { queries: [], first: false };
    // A word the catalog does not know: the corrected query is ranked alongside the typed one.
    // The query as typed and its corrections are read in one statement: one round trip.
    const p = new Params();
    const plans = await Promise.all([
      tieredMatches(folded, want, dict, p, dict ? completionOf(words, dict) : null),
      ...options.map((option) => tieredMatches(option, want, dict, p, null, true)),
    ]);
    const pages = await readPages(
      plans.map((plan) => plan.sql),
      p,
    );
    const [typed, ...corrections] = plans.map((plan, i) => plan.finish(pages[i]!));

    const ranked: string[] = [];
    const rows = new Map<string, SongRow>();
    const taken = new Set<string>();
    const take = (ids: string[]) => {
      for (const id of ids) {
        if (ranked.length >= want) return;
        if (!taken.has(id)) {
          taken.add(id);
          ranked.push(id);
        }
      }
    };
    const withSongRows = (songs: SongRow[]) => {
      for (const row of songs) rows.set(row.id, row);
      return songs.map((row) => row.id);
    };
    const withRows = (tiered: Tiered) => {
      for (const [id, row] of tiered.rows) rows.set(id, row);
      return tiered;
    };
    withRows(typed!);
    if (first) for (const fix of corrections) take(withRows(fix).strong);
    take(typed!.strong);
    const fixes = ranked.length < want ? corrections : [];
    for (const fix of fixes) take(withRows(fix).strong);
    if (ranked.length < want) {
      const genre = await genreNamed(text).catch(() => null);
      if (genre) take(withSongRows(await genreSongs(genre, want)));
    }
    // Infixes: each query's popular ones, then its indexed ones, as typed first. Once the page is short
    // after the typed query's popular ones, the indexed ones of the typed query and its corrections are
    // read together, in one statement (one round trip, not one per query).
    const infixed = [typed!, ...fixes];
    take(typed!.popularInfix);
    const ip = new Params();
    const indexed =
      ranked.length < want
        ? await readPages(
            infixed.map((tiered) => tiered.indexedInfix(ip)),
            ip,
          )
        : infixed.map(() => []);
    infixed.forEach((tiered, i) => {
      if (i > 0) take(tiered.popularInfix);
      if (ranked.length >= want) return;
      for (const row of indexed[i]!) rows.set(row.id, row);
      take(indexed[i]!.map((row) => row.id));
    });
    if (ranked.length < want) take(withSongRows(await lyricMatches(folded, want)));
    return { ids: ranked.slice(offset, offset + limit), rows };
  }

  /**
   * Songs whose lyrics hold every word of the query (the last as a prefix): those holding it as typed,
   * words in order, first; then the most played. At most INDEXED_MATCHES lyrics are read.
   */
  async function lyricMatches(folded: string, want: number): Promise<SongRow[]> {
    const lyricWords = `search_fold(lyrics_text(l.lines))`;
    return withBitmaps<SongRow>(
      `SELECT ${SONG_COLUMNS} FROM (SELECT l.song_id, (' ' || ${lyricWords}) LIKE $2 AS in_order FROM lyrics l
         WHERE to_tsvector('simple', ${lyricWords}) @@ to_tsquery('simple', $1) LIMIT ${INDEXED_MATCHES}) m
       JOIN songs s ON s.id = m.song_id ${SONG_JOINS} WHERE ${LISTED_SONG}
       ORDER BY m.in_order DESC, s.play_count DESC, s.id DESC LIMIT $3`,
      [wordsQuery(folded.split(" ")), `% ${escapeLike(folded)}%`, want],
    );
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
    return q<SongRow>(
      `SELECT ${SONG_COLUMNS} FROM (SELECT s.id, s.play_count FROM songs s WHERE search_fold(s.genre) = $1 AND ${LISTED_SONG}
         ORDER BY s.play_count DESC, s.id DESC LIMIT $2) g
       JOIN songs s ON s.id = g.id ${SONG_JOINS} ORDER BY g.play_count DESC, g.id DESC`,
      [searchFold(genre), want],
    );
  }

  /**
   * The songs matching a folded query, in tiers (see the top of this file). `completed`: the query with
   * its unfinished last word completed to the catalog's most common word beginning so ('danc' → 'dance'):
   * titles equal to it lead the prefix matches. `dict`: how common each word is, to look up by rarer ones.
   * `correction`: the query is a correction (its last word looked up as the words it begins, PREFIX_TERMS).
   */
  async function tieredMatches(
    folded: string,
    want: number,
    dict: TermDictionary | null,
    p: Params,
    completed: string | null = null,
    correction = false,
  ): Promise<PlannedTiers> {
    const words = folded.split(" ");
    const like = escapeLike(folded);
    const tiers: Array<(lt: string) => boolean> = [
      (lt) => lt === folded,
      (lt) => lt === completed,
      (lt) => lt.startsWith(folded),
      (lt) => ` ${lt}`.includes(` ${folded}`),
      () => true,
    ];
    const INFIX = 4;
    // First pass: the most played songs, in play order, sorted into tiers (each kept to `want` songs).
    const popular: string[][] = tiers.map(() => []);
    const window = await popularSongs();
    for (const i of window.holding(folded)) {
      const tier = tiers.findIndex((inTier) => inTier(window.titles[i]!));
      if (popular[tier]!.length < want) popular[tier]!.push(window.ids[i]!);
    }
    const rare = rarestWord(words, window);
    const lookup: number[] | null =
      rare !== null ? [words.indexOf(rare)] : dict && uncommonWords(words, dict);
    const indexed: Array<((p: Params) => string | TierLookup) | null> = [
      (p) => `${FOLDED_TITLE} = ${p.add(folded)}`,
      completed === null ? null : (p) => `${FOLDED_TITLE} = ${p.add(completed)}`,
      // The prefix as the range of titles it starts (what PostgreSQL makes of LIKE 'q%' when it plans
      // for a known pattern), so that the plan holds for any prefix; LIKE checks the rows read. The
      // LIKE is on an expression no index holds: the generic plan otherwise also reads the trigram
      // index for it (thousands of titles, 2-4 ms of a 3-7 ms statement) to AND with the range.
      (p) =>
        `${FOLDED_TITLE} ~>=~ ${p.add(folded)} AND ${FOLDED_TITLE} ~<~ ${p.add(following(folded))}
         AND (${FOLDED_TITLE} || '') LIKE ${p.add(`${like}%`)}`,
      // Folded words are letters and digits only, so they are safe inside a tsquery literal.
      (p) => {
        const last = words.length - 1;
        const lastAs =
          correction && dict && (lookup === null || lookup.includes(last))
            ? dict.termsStartingWith(words[last]!, PREFIX_TERMS)
            : null;
        const holding = `to_tsvector('simple', ${FOLDED_TITLE}) @@ to_tsquery('simple', ${p.add(wordsQuery(words, lookup, lastAs))})`;
        const inOrder = `(' ' || ${FOLDED_TITLE}) LIKE ${p.add(`% ${like}%`)}`;
        if (words.length === 1) return `${holding} AND ${inOrder}`;
        // Two common words ('the dancing') are both in 10,000 titles and next to each other in none: the
        // titles holding them are checked for the words in order among the first WORD_CANDIDATES only.
        // (A title starting with them is the prefix tier's; a popular one, the popular pass's.)
        return {
          from: `(SELECT s.id, s.play_count, s.title, s.hidden, s.unavailable FROM songs s
                  WHERE ${holding} AND ${LISTED_SONG} LIMIT ${WORD_CANDIDATES}) s`,
          condition: inOrder,
        };
      },
    ];
    const infix = infixCondition(
      folded,
      like,
      rare !== null && rare.length >= 3 ? [rare] : dict && infixWords(words, dict),
    );
    const found = popular.reduce((sum, list) => sum + list.length, 0);

    // The tiers short of matches among the popular songs (and the songs of matching artists, when the
    // popular pass is short) are read from their indexes in one statement. Each asks for twice the
    // page, as songs an earlier tier took come back too.
    const branches: string[] = [];
    const branch = (tier: number, lookup: string | TierLookup) =>
      branches.push(tierBranch(tier, typeof lookup === "string" ? { condition: lookup } : lookup, want, p));
    // A tier's other songs are read only when the popular songs of it and of the tiers above it leave
    // the page short: past that point they would never be shown.
    let above = 0;
    indexed.forEach((condition, tier) => {
      above += popular[tier]!.length;
      if (above < want && condition) branch(tier, condition(p));
    });
    // Songs by matching artists rank after the four title tiers, popular infixes after them.
    if (found < want) branch(ARTIST_ORDER, artistCondition(folded, p));
    const popularOrder = [...popular.slice(0, INFIX), popular[INFIX]!];
    const orders = [0, 1, 2, 3, POPULAR_INFIX_ORDER];
    const sql = pageQuery(
      branches,
      p,
      popularOrder.flatMap((ids, i) => ids.map((id) => ({ id, order: orders[i]! }))),
      want,
    );
    const finish = (page: PageRow[]): Tiered => ({
      strong: page.filter((row) => row.search_order < POPULAR_INFIX_ORDER).map((row) => row.id),
      popularInfix: page.filter((row) => row.search_order === POPULAR_INFIX_ORDER).map((row) => row.id),
      rows: new Map(page.map((row) => [row.id, row])),
      indexedInfix(ip) {
        // Popular songs (read first) fill the tier: no other song of it would be shown.
        if (popular[INFIX]!.length >= want || !infix) return null;
        return pageQuery([tierBranch(0, { condition: infix(ip) }, want, ip)], ip, [], want);
      },
    });
    return { sql, finish };
  }

  /**
   * One tier's matches from its index: at most INDEXED_MATCHES rows read, the `want * 2` most played kept
   * (songs an earlier tier took come back too). They rank after the tier's popular songs.
   */
  function tierBranch(
    order: number,
    { condition, from = "songs s" }: TierLookup,
    want: number,
    p: Params,
  ): string {
    return `(SELECT id, ${order} AS search_order, ${INDEXED_RANK}::bigint AS pos, play_count FROM (SELECT s.id, s.play_count FROM ${from} WHERE (${condition}) AND ${LISTED_SONG}
          LIMIT ${INDEXED_MATCHES}) m ORDER BY play_count DESC, id DESC LIMIT ${p.add(want * 2)})`;
  }

  /**
   * The first `want` songs of one query's matches, with their rows, in one statement (no second round
   * trip for the page's rows): the popular songs (in play order, each with its tier's order) and the
   * indexes' matches, each song once at its best place, by order, then popular before indexed, then most
   * played. The rank merges queries (as typed and corrected) by taking each one's songs in this order,
   * so it never reaches past a query's first `want`.
   */
  function pageQuery(
    branches: string[],
    p: Params,
    popularSongs: Array<{ id: string; order: number }>,
    want: number,
  ): string | null {
    // A popular song past the first `want` has `want` songs before it in every merge: never shown.
    const shown = popularSongs.slice(0, want);
    if (!branches.length && !shown.length) return null;
    const popularPart = `(SELECT id, search_order, pos, 0 AS play_count
      FROM unnest(${p.add(shown.map((s) => s.id))}::uuid[], ${p.add(shown.map((s) => s.order))}::int[])
      WITH ORDINALITY AS w(id, search_order, pos))`;
    return `SELECT m.search_order, m.pos AS search_pos, m.play_count AS search_plays, ${SONG_COLUMNS} FROM (
         SELECT * FROM (SELECT DISTINCT ON (c.id) c.* FROM (${[popularPart, ...branches].join(" UNION ALL ")}) c
           ORDER BY c.id, c.search_order, c.pos, c.play_count DESC) d
         ORDER BY search_order, pos, play_count DESC, id DESC LIMIT ${p.add(want)}
       ) m JOIN songs s ON s.id = m.id ${SONG_JOINS} WHERE ${LISTED_SONG}`;
  }

  /** The pages of several queries (`pageQuery`; null: nothing to read) in one statement, each in rank order. */
  async function readPages(queries: Array<string | null>, p: Params): Promise<PageRow[][]> {
    const pages: PageRow[][] = queries.map(() => []);
    const parts = queries.flatMap((sql, i) =>
      sql ? [`(SELECT ${i} AS search_query, q.* FROM (${sql}) q)`] : [],
    );
    if (!parts.length) return pages;
    const rows = await withBitmaps<PageRow & { search_query: number }>(
      `${parts.join(" UNION ALL ")} ORDER BY search_query, search_order, search_pos, search_plays DESC, id DESC`,
      p.values,
    );
    for (const row of rows) pages[row.search_query]!.push(row);
    return pages;
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
      stopListening();
      terms.close();
    },
  };
}

/** A tier's rows: those of `from` (the songs, or a bounded part of them) meeting `condition`. */
interface TierLookup {
  condition: string;
  from?: string;
}

/** A song read with its place in one query's matches (`pageQuery`). */
type PageRow = SongRow & { search_order: number };
/** The order of songs by matching artists, after the title tiers (0-3). */
const ARTIST_ORDER = 4;
/** The order of popular songs holding the query inside a word, after every strong match. */
const POPULAR_INFIX_ORDER = 5;
/** An indexed match's place within its tier: after every popular song of the tier (a window's position). */
const INDEXED_RANK = 1_000_000_000;

/** A correction this many times more common than every word a typed prefix begins outranks the prefix. */
const PREFIX_OUTWEIGHED = 10;

export interface CorrectedQueries {
  /** The best query first (each word's best correction), then the next best; empty when no word needs one. */
  queries: string[];
  /**
   * Whether they outrank the query as typed: its last word only begins rare words ('heat' begins 'heath')
   * while a correction is far more common ('heart'). Otherwise exact and prefix matches come first.
   */
  first: boolean;
}

/**
 * The query with each word the catalog does not know replaced by its corrections. The last word may be
 * a word still being typed: when it begins catalog words it is corrected only if a correction is far
 * more common than all of those.
 */
export function correctedQueries(words: string[], dict: TermDictionary): CorrectedQueries {
  let first = false;
  const options = words.map((word, i) => {
    if (dict.docsOf(word) > 0) return [word];
    const fixes = dict.corrections(word, CORRECTED_QUERIES);
    if (i === words.length - 1 && dict.hasPrefix(word)) {
      const best = fixes[0]?.docs ?? 0;
      if (dict.docsStartingWith(word, best) * PREFIX_OUTWEIGHED > best) return [word];
      first = true;
    }
    return fixes.length ? fixes.map((c) => c.term) : [word];
  });
  if (options.every((list, i) => list.length === 1 && list[0] === words[i]))
    return { queries: [], first: false };
  const best = options.map((list) => list[0]!);
  const queries = [best.join(" ")];
  const second = options.findIndex((list) => list.length > 1);
  if (second >= 0) queries.push(best.map((w, i) => (i === second ? options[i]![1]! : w)).join(" "));
  return { queries: queries.slice(0, CORRECTED_QUERIES), first };
}

/**
 * The query with its last word completed to the most common catalog word it begins, when that word is
 * unfinished (3+ letters, not itself a catalog word); null otherwise.
 */
export function completionOf(words: string[], dict: TermDictionary): string | null {
  const last = words[words.length - 1]!;
  if (last.length < 3 || dict.docsOf(last) > 0) return null;
  const completion = dict.mostCommonStartingWith(last);
  return completion === null ? null : [...words.slice(0, -1), completion].join(" ");
}

/**
 * The first string after every string that starts with `prefix`: its last code point incremented
 * (code point order is UTF-8 byte order, the order of text_pattern_ops), skipping the surrogates.
 */
function following(prefix: string): string {
  const chars = [...prefix];
  const next = chars.pop()!.codePointAt(0)! + 1;
  return chars.join("") + String.fromCodePoint(next === 0xd800 ? 0xe000 : Math.min(next, 0x10ffff));
}

/**
 * For a query of several words, its longest word that none of the popular titles holds: likely rare in
 * the whole catalog, so the indexes are asked for it alone (far cheaper than intersecting a common
 * word's long list), the whole query being checked on the rows read. Null when there is none.
 */
function rarestWord(words: string[], window: PopularWindow): string | null {
  if (words.length < 2) return null;
  let best: string | null = null;
  for (const word of words)
    if ((best === null || word.length > best.length) && !window.holds(word)) best = word;
  return best;
}

/**
 * Titles holding a word more often than this make its index lookup slow (at a million songs 'the' and
 * 'of' have posting lists of 10^5 entries, read whole by every lookup that names them): a query of
 * several words is looked up by its other words, and checked whole on the rows read.
 */
export const COMMON_WORD_TITLES = 20_000;

/**
 * A word that at most this many titles hold is looked up alone: its titles are few enough to read and check
 * for the whole query (a tier reads as many, INDEXED_MATCHES), where adding a common word to the lookup
 * costs more (the last word, a prefix, is every word it begins: 'gyung' & 'night':* built a bitmap of
 * 55,000 titles, 4.8 ms at a million songs, for the one title 'gyung' alone finds).
 */
export const RARE_WORD_TITLES = 200;

/** How many titles hold the word at index `i`, the query's last word counted as a prefix. */
function titlesHolding(words: string[], i: number, dict: TermDictionary): number {
  const word = words[i]!;
  return i === words.length - 1 ? dict.docsStartingWith(word, COMMON_WORD_TITLES + 1) : dict.docsOf(word);
}

/**
 * Of the words at `indexes`, those no more common than COMMON_WORD_TITLES, and at least the two least
 * common (a lone word's thousands of titles would each be read and checked; two intersect in the index);
 * the least common alone when it is rare (RARE_WORD_TITLES).
 */
function uncommonOf(words: string[], indexes: number[], dict: TermDictionary): number[] {
  const titles = new Map(indexes.map((i) => [i, titlesHolding(words, i, dict)]));
  const byTitles = [...indexes].sort((a, b) => titles.get(a)! - titles.get(b)!);
  if (titles.get(byTitles[0]!)! <= RARE_WORD_TITLES) return [byTitles[0]!];
  const leastCommon = byTitles.slice(0, 2);
  return indexes.filter((i) => titles.get(i)! <= COMMON_WORD_TITLES || leastCommon.includes(i));
}

/**
 * The words (by index) a query of several words is looked up by in the full-text index: all but the
 * catalog's most common ones ('the', 'of'), or a rare one alone; null: all of them.
 */
export function uncommonWords(words: string[], dict: TermDictionary): number[] | null {
  if (words.length < 2) return null;
  const uncommon = uncommonOf(
    words,
    words.map((_, i) => i),
    dict,
  );
  return uncommon.length === words.length ? null : uncommon;
}

/**
 * The words a query of several words with no rare piece is looked up by for the infix tier, each inside
 * the titles, of its catalog words of 4+ letters: the least common alone when it is rare
 * (RARE_WORD_TITLES); else the two least common when at most COMMON_WORD_TITLES titles hold each; else
 * that one uncommon word with the two least common others (three lists intersect closely); null (the
 * whole query's trigrams) otherwise. The whole query's trigrams include those of its word boundaries ('  t',
 * ' th', 'he ' for 'the'), which most titles hold: 'door of the storm' read 593 buffers (6-7 ms at a
 * million songs), 'door' and 'storm' inside titles 33 (0.5 ms). A catalog word, not a fragment such as
 * 'ight', whose count says nothing of the titles holding it inside a word; and never one common word
 * alone ('dark' for 'in the dark': 4,428 titles read and checked, 40 ms).
 */
export function infixWords(words: string[], dict: TermDictionary): string[] | null {
  if (words.length < 2) return null;
  const known = words
    .map((word, i) => ({ word, i, titles: word.length >= 4 ? titlesHolding(words, i, dict) : 0 }))
    .filter((w) => w.titles > 0)
    .sort((a, b) => a.titles - b.titles);
  const uncommon = known.filter((w) => w.titles <= COMMON_WORD_TITLES).length;
  let chosen: typeof known;
  if (known[0] && known[0].titles <= RARE_WORD_TITLES) chosen = known.slice(0, 1);
  else if (uncommon >= 2) chosen = known.slice(0, 2);
  else if (uncommon === 1 && known.length >= 3) chosen = known.slice(0, 3);
  else return null;
  return chosen.sort((a, b) => a.i - b.i).map((w) => w.word);
}

/**
 * The index condition of the infix tier (the query anywhere in a title), from the trigram index: of
 * `pieces` when given (a rare word of 3+ characters, or `infixWords`; each inside the title, the whole
 * query checked on the rows), else of the whole query. Trigrams need 3 characters: shorter infixes come
 * from the popular pass alone. (The full-text index, by the query's words after its first, read far more
 * rows: measured in docs/benchmarks/history.md.)
 */
function infixCondition(
  folded: string,
  like: string,
  pieces: string[] | null,
): ((p: Params) => string) | null {
  // Folded words are letters and digits only: no LIKE wildcard in a piece.
  if (pieces?.length)
    return (p) =>
      `${pieces.map((piece) => `${FOLDED_TITLE} LIKE ${p.add(`%${piece}%`)}`).join(" AND ")}
       AND (${FOLDED_TITLE} || '') LIKE ${p.add(`%${like}%`)}`;
  return folded.length >= 3 ? (p) => `${FOLDED_TITLE} LIKE ${p.add(`%${like}%`)}` : null;
}

/**
 * Songs by the (at most 10) artists whose folded names hold the text at a word start; under 3 characters,
 * whose names start with it. The names are looked up by the whole text's trigrams: by one word's, a text of
 * several words read every name holding that word ('love me': 2,180 names, 16 ms at a million songs) and
 * folded each again to check the whole text; by all of them, at most a few (1 ms).
 */
function artistCondition(folded: string, p: Params): string {
  const name = `search_fold(a.name)`;
  const like = escapeLike(folded);
  if (folded.length < 3)
    return `s.artist_id IN (SELECT a.id FROM artists a WHERE ${name} LIKE ${p.add(`${like}%`)} LIMIT 10)`;
  const atWordStart = `(' ' || ${name}) LIKE ${p.add(`% ${like}%`)}`;
  return `s.artist_id IN (SELECT a.id FROM artists a WHERE ${name} LIKE ${p.add(`%${like}%`)} AND ${atWordStart} LIMIT 10)`;
}
