/**
 * The key under which artists and albums are matched: case, accents and punctuation do not split one artist
 * in two ('Beyoncé' = 'beyonce', 'AC/DC' = 'ACDC', "Guns N' Roses" = 'guns n roses').
 */
export function matchKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’`/.]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
