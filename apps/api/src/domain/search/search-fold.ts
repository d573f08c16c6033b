// Text as search compares it, the same rule as the database's search_fold() (migration SearchTerms): lower
// case, accents dropped ('Beyoncé' = 'beyonce'), apostrophes, slashes and dots dropped ('AC/DC' = 'acdc',
// "Guns N' Roses" = 'guns n roses'), any other punctuation a space. The titles' and names' indexes hold
// the folded text, so a query folded here finds them.

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
