// The SQL of song search: each tier's index lookup, and the one statement that ranks a query's first page
// from the popular pass's songs and those lookups and reads the page's rows.
import { sql, type RawBuilder } from "kysely";
import { LISTED_SONG, SONG_COLUMNS, SONG_JOINS, type SongRow } from "../song-rows.js";
import { escapeLike } from "../like-pattern.js";
import { builder } from "../sql.js";
import { runBitmapQuery, type BitmapQuery } from "./bitmap-query.js";
import { must } from "../must.js";

/** A part of a statement, its values bound where they stand (Kysely's `sql` tag). */
export type Fragment = RawBuilder<unknown>;

const LISTED = sql.raw(LISTED_SONG);

/** The title as the indexes hold it. */
const FOLDED_TITLE = sql`search_fold(s.title)`;

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

/** A tier's rows: those of `from` (the songs, or a bounded part of them) meeting `condition`. */
interface TierLookup {
  condition: Fragment;
  from?: Fragment;
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
  const next = (chars.pop()?.codePointAt(0) ?? 0) + 1;
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
export function tiersStatement(query: TitleLookup, popular: string[][], want: number): Fragment | null {
  const { folded, completed, lookup } = query;
  const words = folded.split(" ");
  const like = escapeLike(folded);
  const indexed: Array<(() => Fragment | TierLookup) | null> = [
    () => sql`${FOLDED_TITLE} = ${folded}`,
    completed === null ? null : () => sql`${FOLDED_TITLE} = ${completed}`,
    // The prefix as the range of titles it starts (what PostgreSQL makes of LIKE 'q%' when it plans
    // for a known pattern), so that the plan holds for any prefix; LIKE checks the rows read. The
    // LIKE is on an expression no index holds: the generic plan otherwise also reads the trigram
    // index for it (thousands of titles, 2-4 ms of a 3-7 ms statement) to AND with the range.
    () =>
      sql`${FOLDED_TITLE} ~>=~ ${folded} AND ${FOLDED_TITLE} ~<~ ${following(folded)}
         AND (${FOLDED_TITLE} || '') LIKE ${`${like}%`}`,
    // Folded words are letters and digits only, so they are safe inside a tsquery literal.
    () => {
      const lastAs = query.lastAs();
      const holding = sql`to_tsvector('simple', ${FOLDED_TITLE}) @@ to_tsquery('simple', ${wordsQuery(words, lookup, lastAs)})`;
      const inOrder = sql`(' ' || ${FOLDED_TITLE}) LIKE ${`% ${like}%`}`;
      if (words.length === 1) return sql`${holding} AND ${inOrder}`;
      // Two common words ('the dancing') are both in 10,000 titles and next to each other in none: the
      // titles holding them are checked for the words in order among the first WORD_CANDIDATES only.
      // (A title starting with them is the prefix tier's; a popular one, the popular pass's.)
      return {
        from: sql`(SELECT s.id, s.play_count, s.title, s.hidden, s.unavailable FROM songs s
                  WHERE ${holding} AND ${LISTED} LIMIT ${sql.lit(WORD_CANDIDATES)}) s`,
        condition: inOrder,
      };
    },
  ];
  const found = popular.reduce((sum, list) => sum + list.length, 0);

  const branches: Fragment[] = [];
  const branch = (tier: number, lookup: Fragment | TierLookup) =>
    branches.push(tierBranch(tier, "condition" in lookup ? lookup : { condition: lookup }, want));
  // A tier's other songs are read only when the popular songs of it and of the tiers above it leave
  // the page short: past that point they would never be shown.
  let above = 0;
  indexed.forEach((condition, tier) => {
    above += popular[tier]?.length ?? 0;
    if (above < want && condition) branch(tier, condition());
  });
  // Songs by matching artists rank after the four title tiers, popular infixes after them.
  if (found < want) branch(ARTIST_ORDER, artistCondition(folded));
  const popularOrder = [...popular.slice(0, INFIX_TIER), popular[INFIX_TIER] ?? []];
  const orders = [0, 1, 2, 3, POPULAR_INFIX_ORDER];
  return pageQuery(
    branches,
    popularOrder.flatMap((ids, i) => ids.map((id) => ({ id, order: orders[i] ?? POPULAR_INFIX_ORDER }))),
    want,
  );
}

/** The statement reading the indexed infix tier's first `want` songs (`pageQuery`), from `infixCondition`. */
export function infixStatement(infix: Fragment, want: number): Fragment | null {
  return pageQuery([tierBranch(0, { condition: infix }, want)], [], want);
}

/**
 * One tier's matches from its index: at most INDEXED_MATCHES rows read, the `want * 2` most played kept
 * (songs an earlier tier took come back too). They rank after the tier's popular songs.
 */
function tierBranch(order: number, { condition, from = sql`songs s` }: TierLookup, want: number): Fragment {
  return sql`(SELECT id, ${sql.lit(order)} AS search_order, ${sql.lit(INDEXED_RANK)}::bigint AS pos, play_count
          FROM (SELECT s.id, s.play_count FROM ${from} WHERE (${condition}) AND ${LISTED}
          LIMIT ${sql.lit(INDEXED_MATCHES)}) m ORDER BY play_count DESC, id DESC LIMIT ${want * 2})`;
}

/**
 * The first `want` songs of one query's matches, with their rows, in one statement (no second round
 * trip for the page's rows): the popular songs (in play order, each with its tier's order) and the
 * indexes' matches, each song once at its best place, by order, then popular before indexed, then most
 * played. The rank merges queries (as typed and corrected) by taking each one's songs in this order,
 * so it never reaches past a query's first `want`.
 */
function pageQuery(
  branches: Fragment[],
  popularSongs: Array<{ id: string; order: number }>,
  want: number,
): Fragment | null {
  // A popular song past the first `want` has `want` songs before it in every merge: never shown.
  const shown = popularSongs.slice(0, want);
  if (!branches.length && !shown.length) return null;
  const popularPart = sql`(SELECT id, search_order, pos, 0 AS play_count
      FROM unnest(${shown.map((s) => s.id)}::uuid[], ${shown.map((s) => s.order)}::int[])
      WITH ORDINALITY AS w(id, search_order, pos))`;
  return sql`SELECT m.search_order, m.pos AS search_pos, m.play_count AS search_plays, ${sql.raw(SONG_COLUMNS)} FROM (
         SELECT * FROM (SELECT DISTINCT ON (c.id) c.* FROM (${sql.join([popularPart, ...branches], sql` UNION ALL `)}) c
           ORDER BY c.id, c.search_order, c.pos, c.play_count DESC) d
         ORDER BY search_order, pos, play_count DESC, id DESC LIMIT ${want}
       ) m JOIN songs s ON s.id = m.id ${sql.raw(SONG_JOINS)} WHERE ${LISTED}`;
}

/** The pages of several queries (`pageQuery`; null: nothing to read) in one statement, each in rank order. */
export async function readPages(
  withBitmaps: BitmapQuery,
  queries: Array<Fragment | null>,
): Promise<PageRow[][]> {
  const pages: PageRow[][] = queries.map(() => []);
  const parts = queries.flatMap((query, i) =>
    query ? [sql`(SELECT ${sql.lit(i)} AS search_query, q.* FROM (${query}) q)`] : [],
  );
  if (!parts.length) return pages;
  const rows = await runBitmapQuery(
    withBitmaps,
    sql<PageRow & { search_query: number }>`${sql.join(parts, sql` UNION ALL `)}
      ORDER BY search_query, search_order, search_pos, search_plays DESC, id DESC`.compile(builder),
  );
  for (const row of rows) must(pages[row.search_query], "a row names one of the queries").push(row);
  return pages;
}

/**
 * The index condition of the infix tier (the query anywhere in a title), from the trigram index: of
 * `pieces` when given (a rare word of 3+ characters, or `infixWords`; each inside the title, the whole
 * query checked on the rows), else of the whole query. Trigrams need 3 characters: shorter infixes come
 * from the popular pass alone. (The full-text index, by the query's words after its first, read far more
 * rows: measured in docs/benchmarks/history.md.)
 */
export function infixCondition(folded: string, pieces: string[] | null): Fragment | null {
  const like = escapeLike(folded);
  // Folded words are letters and digits only: no LIKE wildcard in a piece.
  if (pieces?.length)
    return sql`${sql.join(
      pieces.map((piece) => sql`${FOLDED_TITLE} LIKE ${`%${piece}%`}`),
      sql` AND `,
    )} AND (${FOLDED_TITLE} || '') LIKE ${`%${like}%`}`;
  return folded.length >= 3 ? sql`${FOLDED_TITLE} LIKE ${`%${like}%`}` : null;
}

/**
 * Songs by the (at most 10) artists whose folded names hold the text at a word start; under 3 characters,
 * whose names start with it. The names are looked up by the whole text's trigrams: by one word's, a text of
 * several words read every name holding that word ('love me': 2,180 names, 16 ms at a million songs) and
 * folded each again to check the whole text; by all of them, at most a few (1 ms).
 */
function artistCondition(folded: string): Fragment {
  const name = sql`search_fold(a.name)`;
  const like = escapeLike(folded);
  if (folded.length < 3)
    return sql`s.artist_id IN (SELECT a.id FROM artists a WHERE ${name} LIKE ${`${like}%`} LIMIT 10)`;
  return sql`s.artist_id IN (SELECT a.id FROM artists a
    WHERE ${name} LIKE ${`%${like}%`} AND (' ' || ${name}) LIKE ${`% ${like}%`} LIMIT 10)`;
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
  const lyricWords = sql`search_fold(lyrics_text(l.lines))`;
  return runBitmapQuery(
    withBitmaps,
    sql<SongRow>`SELECT ${sql.raw(SONG_COLUMNS)} FROM (SELECT l.song_id,
           (' ' || ${lyricWords}) LIKE ${`% ${escapeLike(folded)}%`} AS in_order FROM lyrics l
         WHERE to_tsvector('simple', ${lyricWords}) @@ to_tsquery('simple', ${wordsQuery(folded.split(" "))})
         LIMIT ${sql.lit(INDEXED_MATCHES)}) m
       JOIN songs s ON s.id = m.song_id ${sql.raw(SONG_JOINS)} WHERE ${LISTED}
       ORDER BY m.in_order DESC, s.play_count DESC, s.id DESC LIMIT ${want}`.compile(builder),
  );
}
