// How forgiving search is of typos: the edits forgiven in a word, how deep the dictionary's deletions go to
// find them, how many corrected queries are tried, and how alike a name must be to match by trigrams.
// The trigram threshold is set on every connection by packages/db (which may import nothing of the API),
// so that package owns the number and this module re-exports it: the policy reads in one place.
// Its tests: apps/api/test/typo-policy.test.ts.
export { WORD_SIMILARITY_THRESHOLD } from "@purplebeats/db";

/** Words shorter than this are matched as typed (a typo in 'lov' is as likely another word). */
const ONE_EDIT_FROM = 4;
/** Two edits when the shorter word has this many letters and the longer this many (Meilisearch: 9+). */
const TWO_EDITS_SHORTER = 7;
const TWO_EDITS_LONGER = 9;

/** Edits forgiven between a typed word and a catalog term: one from 4 letters, two when both are long. */
export function editsAllowed(typed: string, term: string): number {
  const shorter = Math.min(typed.length, term.length);
  const longer = Math.max(typed.length, term.length);
  if (shorter >= TWO_EDITS_SHORTER && longer >= TWO_EDITS_LONGER) return 2;
  return shorter >= ONE_EDIT_FROM ? 1 : 0;
}

/**
 * How deep a word's deletions go (letters deleted, 0-2): as deep as the edits it may be matched with. A
 * catalog term (`asTerm`) needs two only when it is long enough to be the longer word; a typed word, when
 * it is long enough to be the shorter one.
 */
export const deletionDepth = (word: string, asTerm: boolean): number =>
  word.length >= (asTerm ? TWO_EDITS_LONGER : TWO_EDITS_SHORTER) ? 2 : word.length >= ONE_EDIT_FROM ? 1 : 0;

/** Corrected queries tried, at most (the best spelling, then the next best). */
export const CORRECTED_QUERIES = 2;
