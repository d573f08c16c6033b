// Ranked song search that stays fast at a million songs.
//
// Ranking (unchanged): exact title, then title prefix, then the query at a word start (word or word
// prefix, "midn" finds "Blue Midnight"), then anywhere in the title (infix), then songs by matching
// artists, then typo-tolerant matches ordered by similarity; within a tier, most played first.
//
// Each tier is found with a bounded amount of work, and a tier is read only while the page is short:
//  1. One pass over the POPULAR_WINDOW most played songs, kept in memory for a few seconds as one text
//     (search-popular.ts; read with an index-only scan of idx_songs_popular, which carries the title),
//     sorts them into tiers. A tier with enough matches there is complete: no other song of that tier
//     is played more, and no lower tier is shown.
//  2. The tiers still short are read from their own indexes in one statement (the title's btree for
//     exact and prefix, full-text GIN for word starts, trigram GIN for infixes, artists' trigrams), each
//     as a bitmap scan of at most 200 rows (search-bitmaps.ts). A query of several words is looked up by
//     a word no popular title holds, when it has one, and checked whole on the rows read.
//  3. Typos: each query word is corrected against search_words (the catalog's distinct words, a
//     materialized view): words sharing a one-letter deletion with it (search_word_variants) or
//     trigram-similar to it, kept within edit distance 1 (2 for long words); the corrected words are
//     intersected in the full-text index, songs of artists with similar names added, and the candidates
//     ordered by word_similarity with the query, in one statement. The corrections are looked up
//     alongside step 2 when the popular pass leaves the page short, and the typo tier too when no
//     popular title holds the query at all.
import type { DataSource, EntityManager } from "typeorm";
import { escapeLike } from "../lib/like-pattern.js";
import { bitmapQuery, type BitmapQuery } from "./search-bitmaps.js";
import { PopularWindow } from "./search-popular.js";

/** How many of the most played songs the first pass classifies (about 2 MB in memory). */
export const POPULAR_WINDOW = 20_000;
/** How long the in-memory copy of the most played songs is used before it is read again. */
export const POPULAR_TTL_MS = 10_000;
/** Rows a tier's index query reads at most (bitmap heap fetches dominate its cost). */
const INDEXED_MATCHES = 200;
/** Typo candidates re-ranked by similarity, at most. */
const FUZZY_CANDIDATES = 200;
/** A word in at least this many titles is taken as written (a typo rarely makes another common word). */
const COMMON_WORD = 50;
/** Corrections kept per misspelt word. */
const CORRECTIONS_PER_WORD = 4;

type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;
const querier =
  (runner: DataSource | EntityManager): Query =>
  (sql, params = []) =>
    runner.query(sql, params);

/** Words as PostgreSQL's 'simple' text search configuration sees them, roughly: letters and digits. */
export const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), stopping past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (i > 0 && best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

const maxTypos = (word: string) => (word.length <= 3 ? 0 : word.length <= 5 ? 1 : 2);

/**
 * A tsquery of all the words, the last one as a prefix (the listener may still be typing). No phrase
 * operator: that would make PostgreSQL recheck every row holding the words; the order is checked on
 * the few rows read instead.
 */
const wordsQuery = (words: string[]) =>
  words.map((w, i) => `'${w}'${i === words.length - 1 ? ":*" : ""}`).join(" & ");

/** Numbered parameters of one statement, added as its text is built. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface SongSearch {
  /** Ids of the songs ranked `offset` to `offset + limit - 1`. */
  rank(text: string, limit: number, offset: number): Promise<string[]>;
  /** Refreshes search_words when the catalog's songs changed since it was built. */
  refreshWords(force?: boolean): Promise<void>;
  /** Runs a query planned with bitmap index scans only (for queries whose matches are rare). */
  withBitmaps: BitmapQuery;
}

/** Each query word's corrections (or itself) and how many titles they appear in. */
type Corrections = Array<{ options: string[]; ndoc: number }>;

/** Columns the typo tier ranks candidates by. */
const CANDIDATE = `s.id, s.title, s.play_count, s.artist_id`;

/** `popularWindow`: how many of the most played songs the first pass holds (POPULAR_WINDOW). */
export function createSongSearch(db: DataSource, popularWindow = POPULAR_WINDOW): SongSearch {
  const q = querier(db);
  const withBitmaps = bitmapQuery(db);
  let wordsReady: Promise<void> | null = null;
  let popularCopy: { window: PopularWindow; expires: number } | null = null;
  let popularLoad: Promise<PopularWindow> | null = null;

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
    popularLoad ??= q<{ id: string; title: string }>(
      `SELECT id, title FROM songs ORDER BY play_count DESC, id DESC LIMIT ${popularWindow}`,
    )
      .then((rows) => {
        const window = new PopularWindow(
          rows.map((r) => r.id),
          rows.map((r) => r.title.toLowerCase()),
        );
        popularCopy = { window, expires: Date.now() + POPULAR_TTL_MS };
        return window;
      })
      .finally(() => {
        popularLoad = null;
      });
    return popularLoad;
  }

  async function refreshWords(force = false): Promise<void> {
    const [state] = await q<{ built: number | null; songs: number; populated: boolean }>(
      `SELECT (SELECT ndoc FROM search_words WHERE word = '') AS built,
              (SELECT count(*) FROM songs)::int AS songs,
              (SELECT relispopulated FROM pg_class WHERE oid = 'search_words'::regclass) AS populated`,
    );
    if (!force && state && state.built === state.songs) return;
    const concurrently = state?.populated && state.built !== null ? "CONCURRENTLY " : "";
    await q(`REFRESH MATERIALIZED VIEW ${concurrently}search_words`);
    await q(`REFRESH MATERIALIZED VIEW ${concurrently}search_word_variants`);
    // Fresh statistics, or the planner may scan the whole view for a lookup.
    await q(`ANALYZE search_words, search_word_variants`);
  }
  const ensureWords = () => (wordsReady ??= refreshWords().catch(() => {}));

  /** Identical searches running at the same time (a burst of listeners typing) share one ranking. */
  const ranking = new Map<string, Promise<string[]>>();
  function rank(text: string, limit: number, offset: number): Promise<string[]> {
    const key = `${offset}:${limit}:${text}`;
    let pending = ranking.get(key);
    if (!pending) {
      pending = rankNow(text, limit, offset).finally(() => ranking.delete(key));
      ranking.set(key, pending);
    }
    return pending.then((ids) => [...ids]);
  }

  async function rankNow(text: string, limit: number, offset: number): Promise<string[]> {
    const want = offset + limit;
    const lowered = text.toLowerCase();
    const words = wordsOf(text);
    const like = escapeLike(lowered);
    const tiers: Array<(lt: string) => boolean> = [
      (lt) => lt === lowered,
      (lt) => lt.startsWith(lowered),
      (lt) => ` ${lt}`.includes(` ${lowered}`),
      () => true,
    ];
    // First pass: the most played songs, in play order, sorted into tiers (each kept to `want` songs).
    const popular: string[][] = tiers.map(() => []);
    const window = await popularSongs();
    for (const i of window.holding(lowered)) {
      const tier = tiers.findIndex((inTier) => inTier(window.titles[i]!));
      if (popular[tier]!.length < want) popular[tier]!.push(window.ids[i]!);
    }
    const rare = rarestWord(words, window);
    const indexed: Array<((p: Params) => string) | null> = [
      (p) => `lower(s.title) = ${p.add(lowered)}`,
      // The prefix as the range of titles it starts (what PostgreSQL makes of LIKE 'q%' when it plans
      // for a known pattern), so that the plan holds for any prefix; LIKE checks the rows read.
      (p) =>
        `lower(s.title) ~>=~ ${p.add(lowered)} AND lower(s.title) ~<~ ${p.add(following(lowered))}
         AND lower(s.title) LIKE ${p.add(`${like}%`)}`,
      // Words are letters and digits only, so they are safe inside a tsquery literal.
      words.length
        ? (p) =>
            `to_tsvector('simple', s.title) @@ to_tsquery('simple', ${p.add(wordStartQuery(words, rare))})
             AND (' ' || lower(s.title)) LIKE ${p.add(`% ${like}%`)}`
        : null,
      infixCondition(lowered, like, rare !== null && rare.length >= 3 ? rare : null),
    ];
    const found = popular.reduce((sum, list) => sum + list.length, 0);

    // The tiers short of matches among the popular songs (and the songs of matching artists, when the
    // popular pass is short) are read from their indexes in one statement. Each asks for twice the
    // page, as songs an earlier tier took come back too.
    const p = new Params();
    const branches: string[] = [];
    const branch = (tier: number, condition: string) =>
      branches.push(
        `(SELECT ${tier} AS tier, id, play_count FROM (SELECT s.id, s.play_count FROM songs s WHERE ${condition}
          LIMIT ${INDEXED_MATCHES}) m ORDER BY play_count DESC, id DESC LIMIT ${p.add(want * 2)})`,
      );
    // A tier's other songs are read only when the popular songs of it and of the tiers above it leave
    // the page short: past that point they would never be shown.
    let above = 0;
    indexed.forEach((condition, tier) => {
      above += popular[tier]!.length;
      if (above < want && condition) branch(tier, condition(p));
    });
    const ARTIST_TIER = tiers.length;
    if (found < want) branch(ARTIST_TIER, artistCondition(text, words, p));
    // Short among the popular songs, the query may be misspelt: its words' corrections are looked up
    // at the same time as the indexes (another pooled connection), ready for the typo tier.
    const corrected = found < want && words.length ? corrections(words) : null;
    // When no popular title holds the query at all, the typo tier will most likely be needed: it runs
    // as soon as the corrections are in, still alongside the indexes. Not knowing yet which songs the
    // tiers take, it asks for twice the page; the songs already taken are skipped from its answer.
    const early =
      found === 0 && corrected
        ? corrected.then((groups) => fuzzy(text, words, rare, groups, want * 2, new Set()))
        : null;
    for (const pending of [corrected, early]) pending?.catch(() => {}); // reported where awaited
    const fromIndexes: string[][] = [...tiers, ARTIST_TIER].map(() => []);
    if (branches.length) {
      const rows = await withBitmaps<{ tier: number; id: string }>(
        `SELECT tier, id FROM (${branches.join(" UNION ALL ")}) t ORDER BY tier, play_count DESC, id DESC`,
        p.values,
      );
      for (const row of rows) fromIndexes[row.tier]!.push(row.id);
    }

    const ranked: string[] = [];
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
    // Within a tier the popular songs outrank every other song of the tier: they come first.
    for (let tier = 0; tier < tiers.length && ranked.length < want; tier++) {
      take(popular[tier]!);
      take(fromIndexes[tier]!);
    }
    take(fromIndexes[ARTIST_TIER]!);
    if (ranked.length < want && words.length)
      take(
        await (early ??
          fuzzy(text, words, rare, await (corrected ?? corrections(words)), want - ranked.length, taken)),
      );
    return ranked.slice(offset, offset + limit);
  }

  /**
   * Each query word with its corrections from the catalog's own words (edit distance 1, or 2 for words
   * of 6 letters or more), most frequent first, and how many titles those words appear in. A word the
   * catalog uses often is taken as written.
   */
  async function corrections(words: string[]): Promise<Corrections> {
    await ensureWords();
    const rows = await q<{ w: string; word: string; ndoc: number }>(
      `SELECT q.w, d.word, d.ndoc FROM unnest($1::text[]) AS q(w)
       CROSS JOIN LATERAL (
         (SELECT word, ndoc FROM search_words WHERE word = q.w)
         UNION
         (SELECT word, ndoc FROM search_words WHERE length(q.w) >= 6 AND word % q.w AND word <> ''
          ORDER BY similarity(word, q.w) DESC LIMIT 20)
         UNION
         (SELECT sw.word, sw.ndoc FROM search_word_variants v JOIN search_words sw ON sw.word = v.word
          WHERE length(q.w) >= 3 AND v.variant IN (
            SELECT q.w UNION ALL
            SELECT left(q.w, i - 1) || substr(q.w, i + 1) FROM generate_series(1, length(q.w)) AS i
          )
          LIMIT 200)
       ) d`,
      [words],
    );
    return words.map((w) => {
      const mine = rows.filter((r) => r.w === w);
      const exact = mine.find((r) => r.word === w);
      if (exact && exact.ndoc >= COMMON_WORD) return { options: [w], ndoc: exact.ndoc };
      const scored = mine
        .map((r) => ({ word: r.word, ndoc: r.ndoc, d: editDistance(w, r.word, 2) }))
        .filter((r) => r.d <= maxTypos(w))
        .sort((a, b) => a.d - b.d || b.ndoc - a.ndoc)
        .slice(0, CORRECTIONS_PER_WORD);
      if (scored.length === 0) return { options: [w], ndoc: 0 };
      return { options: scored.map((r) => r.word), ndoc: scored.reduce((sum, r) => sum + r.ndoc, 0) };
    });
  }

  /**
   * Typo-tolerant matches, in one statement: songs with (a correction of) every query word (the popular
   * ones found in memory, the others through the full-text index, unknown words checked on the rows),
   * plus the most played songs of the three artists whose names are most like the query; ordered by
   * similarity with the query, then plays.
   */
  async function fuzzy(
    text: string,
    words: string[],
    rare: string | null,
    groups: Corrections,
    need: number,
    exclude: Set<string>,
  ): Promise<string[]> {
    const options = groups.map((g, i) => {
      const list = [...g.options];
      if (i === groups.length - 1) list.push(words[i]!); // the last word may be unfinished
      return list;
    });
    // Popular songs with (a correction of) every word at a word start: the titles holding the word with
    // the longest option (likely the rarest) are found in one sweep, then checked for the other words.
    const window = await popularSongs();
    const [first, ...rest] = [...options].sort(
      (a, b) => Math.max(...b.map((w) => w.length)) - Math.max(...a.map((w) => w.length)),
    );
    const matched = new Set<number>();
    for (const option of new Set(first))
      for (const i of window.holding(option, Infinity, true)) matched.add(i);
    const popular = [...matched]
      .sort((a, b) => a - b)
      .filter((i) => {
        const padded = ` ${window.titles[i]}`;
        return rest.every((list) => list.some((w) => padded.includes(` ${w}`)));
      })
      .slice(0, FUZZY_CANDIDATES)
      .map((i) => window.ids[i]!);
    const p = new Params();
    const sources: string[] = [];
    if (popular.length)
      sources.push(`SELECT ${CANDIDATE} FROM songs s WHERE s.id = ANY(${p.add(popular)}::uuid[])`);
    const usable = groups.filter((g) => g.ndoc > 0);
    if (popular.length < FUZZY_CANDIDATES && usable.length) {
      // Every word the catalog knows (with its corrections) is matched in the full-text index, which
      // intersects them without reading rows; a word it does not know (maybe unfinished) is checked on the rows.
      const tsquery = usable.map((g) => `(${g.options.map((w) => `'${w}'`).join(" | ")})`).join(" & ");
      const checks = options
        .filter((_, i) => groups[i]!.ndoc === 0)
        .map(
          (list) =>
            `AND (' ' || lower(s.title)) LIKE ANY(${p.add(list.map((w) => `% ${escapeLike(w)}%`))}::text[])`,
        )
        .join(" ");
      sources.push(
        `(SELECT ${CANDIDATE} FROM songs s WHERE to_tsvector('simple', s.title) @@ to_tsquery('simple', ${p.add(tsquery)})
          ${checks} LIMIT ${FUZZY_CANDIDATES})`,
      );
    }
    const query = p.add(text);
    if (text.length >= 3 && text.length <= 40) {
      // Artists are found by the query's rarest word when it has several (the index then reads the few
      // names like that word, not every name sharing a trigram with a common one), ranked by the whole;
      // at most FUZZY_CANDIDATES names are ranked (a short word is like a thousand names).
      const lookup = words.length > 1 && rare && rare.length >= 3 ? p.add(rare) : query;
      sources.push(
        `SELECT s.* FROM (SELECT id FROM (SELECT id, name FROM artists WHERE ${lookup} <% name LIMIT ${FUZZY_CANDIDATES}) x
                          WHERE word_similarity(${query}, name) >= current_setting('pg_trgm.word_similarity_threshold')::real
                          ORDER BY word_similarity(${query}, name) DESC LIMIT 3) a
         CROSS JOIN LATERAL (SELECT ${CANDIDATE} FROM songs s WHERE s.artist_id = a.id ORDER BY s.play_count DESC LIMIT 20) s`,
      );
    }
    if (sources.length === 0) return [];
    const rows = await withBitmaps<{ id: string }>(
      `SELECT c.id FROM (${sources.join(" UNION ")}) c LEFT JOIN artists a ON a.id = c.artist_id
       WHERE c.id <> ALL(${p.add([...exclude])}::uuid[])
       ORDER BY greatest(word_similarity(${query}, c.title), word_similarity(${query}, coalesce(a.name, ''))) DESC,
                c.play_count DESC, c.id DESC
       LIMIT ${p.add(need)}`,
      p.values,
    );
    return rows.map((r) => r.id);
  }

  return { rank, refreshWords, withBitmaps };
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

/** The word-start tier's tsquery: all words (the last as a prefix), or the rare one alone. */
function wordStartQuery(words: string[], rare: string | null): string {
  if (rare === null) return wordsQuery(words);
  return `'${rare}'${rare === words[words.length - 1] ? ":*" : ""}`;
}

/**
 * The index condition of the infix tier (the query anywhere in a title), from the trigram index: of
 * a rare word of 3+ characters when the query has one (the whole query checked on the rows), else of
 * the whole query. Trigrams need 3 characters: shorter infixes come from the popular pass alone.
 */
function infixCondition(lowered: string, like: string, rare: string | null): ((p: Params) => string) | null {
  if (rare)
    return (p) => `s.title ILIKE ${p.add(`%${rare}%`)} AND (s.title || '') ILIKE ${p.add(`%${like}%`)}`;
  return lowered.length >= 3 ? (p) => `s.title ILIKE ${p.add(`%${like}%`)}` : null;
}

/**
 * Songs by the (at most 10) artists whose names contain the text (looked up by its longest word when it
 * has several, checked whole on the names); under 3 characters, whose names start with it.
 */
function artistCondition(text: string, words: string[], p: Params): string {
  if (text.length < 3)
    return `s.artist_id IN (SELECT a.id FROM artists a WHERE a.name ILIKE ${p.add(`${escapeLike(text)}%`)} LIMIT 10)`;
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), "");
  const contains = `%${escapeLike(text)}%`;
  const lookup =
    words.length > 1 && longest.length >= 3
      ? `a.name ILIKE ${p.add(`%${longest}%`)} AND (a.name || '') ILIKE ${p.add(contains)}`
      : `a.name ILIKE ${p.add(contains)}`;
  return `s.artist_id IN (SELECT a.id FROM artists a WHERE ${lookup} LIMIT 10)`;
}
