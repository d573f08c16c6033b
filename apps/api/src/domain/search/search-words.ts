// Which of a query's words it is looked up by, from how many titles hold each (the typo dictionary's
// counts), and its corrections: pure functions of the words, the dictionary and the popular window.
import type { TermDictionary } from "./search-dictionary.js";
import type { PopularWindow } from "./search-popular.js";
import { CORRECTED_QUERIES } from "./typo-policy.js";
import { must } from "../../data/must.js";

/**
 * A correction's last word is looked up as the catalog words it begins when there are at most this many.
 * As a prefix, the full-text index reads every such word's titles into one bitmap before intersecting
 * it with the other words ('cloud' & 'wind':* 2.1 ms at a million songs); as the words themselves, it
 * skips through their lists to the titles the other words hold ('cloud' & ('wind' | 'window' | 'winds' |
 * 'windows') 0.16 ms, the same 5 titles). Only for corrections, which come from the same dictionary: the
 * query as typed finds a word added a moment ago, before the dictionary holds it.
 */
const PREFIX_TERMS = 16;

/**
 * A correction's last word as the catalog words it begins (PREFIX_TERMS), when the words at `lookup`
 * (null: all) include it; null otherwise.
 */
export function prefixTerms(words: string[], lookup: number[] | null, dict: TermDictionary): string[] | null {
  const last = words.length - 1;
  const word = words[last];
  return word !== undefined && (lookup === null || lookup.includes(last))
    ? dict.termsStartingWith(word, PREFIX_TERMS)
    : null;
}

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
  const best = options.map((list) => must(list[0], "each word's options hold at least the word"));
  const queries = [best.join(" ")];
  const second = options.findIndex((list) => list.length > 1);
  if (second >= 0) queries.push(best.map((w, i) => (i === second ? (options[i]?.[1] ?? w) : w)).join(" "));
  return { queries: queries.slice(0, CORRECTED_QUERIES), first };
}

/**
 * The query with its last word completed to the most common catalog word it begins, when that word is
 * unfinished (3+ letters, not itself a catalog word); null otherwise.
 */
export function completionOf(words: string[], dict: TermDictionary): string | null {
  const last = words.at(-1);
  if (last === undefined || last.length < 3 || dict.docsOf(last) > 0) return null;
  const completion = dict.mostCommonStartingWith(last);
  return completion === null ? null : [...words.slice(0, -1), completion].join(" ");
}

/**
 * For a query of several words, its longest word that none of the popular titles holds: likely rare in
 * the whole catalog, so the indexes are asked for it alone (far cheaper than intersecting a common
 * word's long list), the whole query being checked on the rows read. Null when there is none.
 */
export function rarestWord(words: string[], window: PopularWindow): string | null {
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
  const word = must(words[i], "i indexes the query's words");
  return i === words.length - 1 ? dict.docsStartingWith(word, COMMON_WORD_TITLES + 1) : dict.docsOf(word);
}

/**
 * Of the words at `indexes`, those no more common than COMMON_WORD_TITLES, and at least the two least
 * common (a lone word's thousands of titles would each be read and checked; two intersect in the index);
 * the least common alone when it is rare (RARE_WORD_TITLES).
 */
function uncommonOf(words: string[], indexes: number[], dict: TermDictionary): number[] {
  const titles = new Map(indexes.map((i) => [i, titlesHolding(words, i, dict)]));
  const byTitles = [...indexes].sort((a, b) => (titles.get(a) ?? 0) - (titles.get(b) ?? 0));
  const [rarest] = byTitles;
  if (rarest !== undefined && (titles.get(rarest) ?? 0) <= RARE_WORD_TITLES) return [rarest];
  const leastCommon = byTitles.slice(0, 2);
  return indexes.filter((i) => (titles.get(i) ?? 0) <= COMMON_WORD_TITLES || leastCommon.includes(i));
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
