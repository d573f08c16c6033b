// Random Unicode text for the text fuzz stage, drawn from blocks chosen by what Unicode says of them, not
// by what the server does with them: compatibility characters whose NFKD form is several characters
// (squared words, ligatures, U+FDFA's eighteen), full-width and mathematical letters, precomposed Hangul
// (two or three jamo each), combining marks, CJK, right-to-left scripts, emoji and plain ASCII.
import type { Rng } from "./rng.js";

/** Inclusive code point ranges, each a family of characters. */
const BLOCKS: ReadonlyArray<readonly [from: number, to: number]> = [
  [0x3300, 0x33ff], // CJK compatibility: squared words ('㍿' is four characters decomposed)
  [0xfb00, 0xfb06], // Latin ligatures
  [0xfdfa, 0xfdfb], // Arabic ligatures of eighteen and eight characters
  [0xfe70, 0xfefc], // Arabic presentation forms
  [0xff01, 0xff5e], // full-width ASCII
  [0x2460, 0x24ff], // enclosed alphanumerics
  [0x1d400, 0x1d7ff], // mathematical letters
  [0xac00, 0xd7a3], // Hangul syllables
  [0x0300, 0x036f], // combining marks
  [0x4e00, 0x9fff], // CJK ideographs
  [0x0590, 0x06ff], // Hebrew and Arabic
  [0x1f300, 0x1faff], // emoji
  [0x0020, 0x007e], // ASCII
  [0x2000, 0x206f], // punctuation and spaces, joiners, direction marks
];

/** `length` code points or fewer (at most `maxUnits` UTF-16 units), each block weighted alike. */
export function unicodeText(rng: Rng, length: number, maxUnits = Infinity): string {
  // Most texts repeat one character or a few: what makes expansion (and its cost) largest.
  const repeated = rng.bool(0.4);
  const pool = Array.from({ length: repeated ? rng.int(1, 2) : length }, () => {
    const [from, to] = rng.pick(BLOCKS);
    return String.fromCodePoint(rng.int(from, to));
  });
  let text = "";
  for (let i = 0; i < length; i++) {
    const next = pool[i % pool.length]!;
    if (text.length + next.length > maxUnits) break;
    text += rng.bool(0.05) ? ` ${next}`.slice(0, maxUnits - text.length) : next;
  }
  return text;
}
