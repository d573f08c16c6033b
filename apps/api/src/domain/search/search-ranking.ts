// A query's page of songs: its tiers as typed and as corrected, each planned from the popular pass and
// read in one statement, merged in rank order (this folder's README.md, 'Ranking songs').
import type { SongRow } from "../../data/song-rows.js";
import type { BitmapQuery } from "../../data/search/bitmap-query.js";
import type { TermDictionary } from "./search-dictionary.js";
import { foldQuery } from "./search-fold.js";
import type { PopularWindow } from "./search-popular.js";
import { popularTiers } from "./search-popular-pass.js";
import {
  INFIX_TIER,
  infixCondition,
  infixStatement,
  lyricMatches,
  POPULAR_INFIX_ORDER,
  readPages,
  tiersStatement,
  type Fragment,
  type PageRow,
} from "../../data/search/statements.js";
import {
  completionOf,
  correctedQueries,
  infixWords,
  prefixTerms,
  rarestWord,
  uncommonWords,
} from "./search-words.js";
import { must } from "../../data/must.js";

/** A ranked page: the songs' ids in rank order, and the rows of those read along with the ranking. */
export interface RankedPage {
  ids: string[];
  /** Rows of the page's songs, read by the ranking's statements. */
  rows: Map<string, SongRow>;
}

/** What ranking reads, shared with the rest of the song search (its caches, the dictionary, the database). */
export interface RankingContext {
  /** The typo dictionary, or null while it cannot be read (no corrections then). */
  dictionary(): Promise<TermDictionary | null>;
  /** The first pass's most played songs. */
  popularSongs(): Promise<PopularWindow>;
  genreNamed(text: string): Promise<string | null>;
  genreSongs(genre: string, want: number): Promise<SongRow[]>;
  withBitmaps: BitmapQuery;
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
  indexedInfix(): Fragment | null;
}

/** One query's tiers as planned: the statement reading its page (null: nothing to read), then the tiers. */
interface PlannedTiers {
  statement: Fragment | null;
  finish(page: PageRow[]): Tiered;
}

/** The songs ranked `offset` to `offset + limit - 1` for `text`, with their rows. */
export async function rankSongs(
  ctx: RankingContext,
  text: string,
  limit: number,
  offset: number,
): Promise<RankedPage> {
  const want = offset + limit;
  const folded = foldQuery(text);
  if (!folded) return { ids: [], rows: new Map() };
  const words = folded.split(" ");
  const dict = await ctx.dictionary();
  const { queries: options, first } = dict ? correctedQueries(words, dict) : { queries: [], first: false };
  // A word the catalog does not know: the corrected query is ranked alongside the typed one.
  // The query as typed and its corrections are read in one statement: one round trip.
  const plans = await Promise.all([
    tieredMatches(ctx, folded, want, dict, dict ? completionOf(words, dict) : null),
    ...options.map((option) => tieredMatches(ctx, option, want, dict, null, true)),
  ]);
  const pages = await readPages(
    ctx.withBitmaps,
    plans.map((plan) => plan.statement),
  );
  const [asTyped, ...corrections] = plans.map((plan, i) =>
    plan.finish(must(pages[i], "readPages answers one page per statement")),
  );
  const typed = must(asTyped, "the query as typed is always planned");

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
  withRows(typed);
  if (first) for (const fix of corrections) take(withRows(fix).strong);
  take(typed.strong);
  const fixes = ranked.length < want ? corrections : [];
  for (const fix of fixes) take(withRows(fix).strong);
  if (ranked.length < want) {
    const genre = await ctx.genreNamed(text).catch(() => null);
    if (genre) take(withSongRows(await ctx.genreSongs(genre, want)));
  }
  // Infixes: each query's popular ones, then its indexed ones, as typed first. Once the page is short
  // after the typed query's popular ones, the indexed ones of the typed query and its corrections are
  // read together, in one statement (one round trip, not one per query).
  const infixed = [typed, ...fixes];
  take(typed.popularInfix);
  const indexed =
    ranked.length < want
      ? await readPages(
          ctx.withBitmaps,
          infixed.map((tiered) => tiered.indexedInfix()),
        )
      : infixed.map(() => []);
  infixed.forEach((tiered, i) => {
    if (i > 0) take(tiered.popularInfix);
    if (ranked.length >= want) return;
    const page = must(indexed[i], "readPages answers one page per statement");
    for (const row of page) rows.set(row.id, row);
    take(page.map((row) => row.id));
  });
  if (ranked.length < want) take(withSongRows(await lyricMatches(ctx.withBitmaps, folded, want)));
  return { ids: ranked.slice(offset, offset + limit), rows };
}

/**
 * The songs matching a folded query, in tiers (README.md). `completed`: the query with its unfinished
 * last word completed to the catalog's most common word beginning so ('danc' → 'dance'): titles equal to
 * it lead the prefix matches. `dict`: how common each word is, to look up by rarer ones. `correction`:
 * the query is a correction (its last word looked up as the words it begins, `prefixTerms`).
 */
async function tieredMatches(
  ctx: RankingContext,
  folded: string,
  want: number,
  dict: TermDictionary | null,
  completed: string | null = null,
  correction = false,
): Promise<PlannedTiers> {
  const words = folded.split(" ");
  // First pass: the most played songs, in play order, sorted into tiers (each kept to `want` songs).
  const window = await ctx.popularSongs();
  const popular = popularTiers(window, folded, completed, want);
  const rare = rarestWord(words, window);
  const lookup: number[] | null = rare !== null ? [words.indexOf(rare)] : dict && uncommonWords(words, dict);
  const infix = infixCondition(
    folded,
    rare !== null && rare.length >= 3 ? [rare] : dict && infixWords(words, dict),
  );
  const lastAs = () => (correction && dict ? prefixTerms(words, lookup, dict) : null);
  const statement = tiersStatement({ folded, completed, lookup, lastAs }, popular, want);
  const finish = (page: PageRow[]): Tiered => ({
    strong: page.filter((row) => row.search_order < POPULAR_INFIX_ORDER).map((row) => row.id),
    popularInfix: page.filter((row) => row.search_order === POPULAR_INFIX_ORDER).map((row) => row.id),
    rows: new Map(page.map((row) => [row.id, row])),
    indexedInfix() {
      // Popular songs (read first) fill the tier: no other song of it would be shown.
      if ((popular[INFIX_TIER]?.length ?? 0) >= want || !infix) return null;
      return infixStatement(infix, want);
    },
  });
  return { statement, finish };
}
