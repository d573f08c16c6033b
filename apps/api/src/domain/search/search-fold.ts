// Text as search compares it, the same rule as the database's search_fold() (migration SearchTerms): lower
// case, accents dropped ('Beyoncé' = 'beyonce'), apostrophes, slashes and dots dropped ('AC/DC' = 'acdc',
// "Guns N' Roses" = 'guns n roses'), any other punctuation a space. The titles' and names' indexes hold
// the folded text, so a query folded here finds them.
import { MAX_QUERY_LENGTH } from "@purplebeats/contracts/constants";

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const JOINING = /['\u2019`/.]/g;
// Control characters separate words too, as in the database's rule.
/* eslint-disable no-control-regex */
const SEPARATORS =
  /[\u0000-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u00bf\u00d7\u00f7\u2000-\u206f\u3000-\u303f]+/g;
/* eslint-enable no-control-regex */

export function searchFold(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(COMBINING_MARKS, "")
    .replace(JOINING, "")
    .replace(SEPARATORS, " ")
    .trim();
}

/** The folded words of a text, in order. */
export const foldedWords = (text: string): string[] => {
  const folded = searchFold(text);
  return folded ? folded.split(" ") : [];
};

/**
 * A search text as the search compares it, held to the query limit after folding: folding may turn one
 * typed character into several ('㍿' is four, U+FDFA eighteen), so 200 typed characters could become
 * thousands, and every later step (corrections, prefixes, the statements) costs by the folded length. The
 * text is cut at the last word that ends within the limit (a single longer word is cut at the limit).
 */
export function foldQuery(text: string): string {
  const folded = searchFold(text);
  if (folded.length <= MAX_QUERY_LENGTH) return folded;
  const cut = folded.slice(0, MAX_QUERY_LENGTH + 1);
  const lastSpace = cut.lastIndexOf(" ");
  if (lastSpace > 0) return cut.slice(0, lastSpace).trim();
  // Not half a surrogate pair: a character of the astral planes is two UTF-16 units.
  const end = /[\ud800-\udbff]/.test(cut.charAt(MAX_QUERY_LENGTH - 1))
    ? MAX_QUERY_LENGTH - 1
    : MAX_QUERY_LENGTH;
  return cut.slice(0, end);
}
