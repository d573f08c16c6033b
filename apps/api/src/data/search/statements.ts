// The SQL of song search: each tier's index lookup, and the one statement that ranks a query's first page
// from the popular pass's songs and those lookups and reads the page's rows.
import { LISTED_SONG, SONG_COLUMNS, SONG_JOINS, type SongRow } from "../song-rows.js";
import { escapeLike } from "../like-pattern.js";
import type { BitmapQuery } from "./bitmap-query.js";

/** The title as the indexes hold it. */
const FOLDED_TITLE = `search_fold(s.title)`;

/**
 * Titles holding every word of a query of several words that are checked for the words in order, at
 * most: each costs a heap fetch and a fold (10,000 of them took 50 ms at a million songs).
 */
const WORD_CANDIDATES = 1_000;
/** Rows a tier's index query reads at most (bitmap heap fetches dominate its cost). */
const INDEXED_MATCHES = 200;

/** The popular pass's tiers (`popularTiers`): the title tiers 0-3, then the songs holding the query inside a word. */
export const INFIX_TIER = 4;
/** The order of songs by matching artists, after the title tiers (0-3). */
const ARTIST_ORDER = 4;
/** The order of popular songs holding the query inside a word, after every strong match. */
export const POPULAR_INFIX_ORDER = 5;
/** An indexed match's place within its tier: after every popular song of the tier (a window's position). */
const INDEXED_RANK = 1_000_000_000;

/** Numbered parameters of one statement, added as its text is built. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A tier's rows: those of `from` (the songs, or a bounded part of them) meeting `condition`. */
interface TierLookup {
  condition: string;
  from?: string;
}

/** A song read with its place in one query's matches (`pageQuery`). */
export type PageRow = SongRow & { search_order: number };

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
 * The first string after every string that starts with `prefix`: its last code point incremented
 * (code point order is UTF-8 byte order, the order of text_pattern_ops), skipping the surrogates.
 */
function following(prefix: string): string {
  const chars = [...prefix];
  const next = chars.pop()!.codePointAt(0)! + 1;
  return chars.join("") + String.fromCodePoint(next === 0xd800 ? 0xe000 : Math.min(next, 0x10ffff));
}

/** What the title tiers of one folded query are looked up by. */
export interface TitleLookup {
  folded: string;
  /** The query with its unfinished last word completed (`completionOf`): titles equal to it lead the prefixes. */
  completed: string | null;
  /** The words (by index) the word-start tier is looked up by (`rarestWord`, `uncommonWords`); null: all. */
  lookup: number[] | null;
  /** The last word as the catalog words it begins (`prefixTerms`), asked only when that tier is read. */
  lastAs(): string[] | null;
}

/**
 * The statement reading one query's page (`pageQuery`; null: nothing to read): its `popular` songs (the
 * first pass's tiers) and, from their indexes, the tiers short of matches among them (and the songs of
 * matching artists, when the popular pass is short). Each asks for twice the page, as songs an earlier
 * tier took come back too.
 */
export function tiersStatement(
  query: TitleLookup,
  popular: string[][],
  want: number,
  p: Params,
): string | null {
  const { folded, completed, lookup } = query;
  const words = folded.split(" ");
  const like = escapeLike(folded);
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
      const lastAs = query.lastAs();
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
  const found = popular.reduce((sum, list) => sum + list.length, 0);

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
  const popularOrder = [...popular.slice(0, INFIX_TIER), popular[INFIX_TIER]!];
  const orders = [0, 1, 2, 3, POPULAR_INFIX_ORDER];
  return pageQuery(
    branches,
    p,
    popularOrder.flatMap((ids, i) => ids.map((id) => ({ id, order: orders[i]! }))),
    want,
  );
}

/** The statement reading the indexed infix tier's first `want` songs (`pageQuery`), from `infixCondition`. */
export function infixStatement(infix: (p: Params) => string, want: number, p: Params): string | null {
  return pageQuery([tierBranch(0, { condition: infix(p) }, want, p)], p, [], want);
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
export async function readPages(
  withBitmaps: BitmapQuery,
  queries: Array<string | null>,
  p: Params,
): Promise<PageRow[][]> {
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

/**
 * The index condition of the infix tier (the query anywhere in a title), from the trigram index: of
 * `pieces` when given (a rare word of 3+ characters, or `infixWords`; each inside the title, the whole
 * query checked on the rows), else of the whole query. Trigrams need 3 characters: shorter infixes come
 * from the popular pass alone. (The full-text index, by the query's words after its first, read far more
 * rows: measured in docs/benchmarks/history.md.)
 */
export function infixCondition(folded: string, pieces: string[] | null): ((p: Params) => string) | null {
  const like = escapeLike(folded);
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

/**
 * Songs whose lyrics hold every word of the query (the last as a prefix): those holding it as typed,
 * words in order, first; then the most played. At most INDEXED_MATCHES lyrics are read.
 */
export async function lyricMatches(
  withBitmaps: BitmapQuery,
  folded: string,
  want: number,
): Promise<SongRow[]> {
  const lyricWords = `search_fold(lyrics_text(l.lines))`;
  return withBitmaps<SongRow>(
    `SELECT ${SONG_COLUMNS} FROM (SELECT l.song_id, (' ' || ${lyricWords}) LIKE $2 AS in_order FROM lyrics l
         WHERE to_tsvector('simple', ${lyricWords}) @@ to_tsquery('simple', $1) LIMIT ${INDEXED_MATCHES}) m
       JOIN songs s ON s.id = m.song_id ${SONG_JOINS} WHERE ${LISTED_SONG}
       ORDER BY m.in_order DESC, s.play_count DESC, s.id DESC LIMIT $3`,
    [wordsQuery(folded.split(" ")), `% ${escapeLike(folded)}%`, want],
  );
}
