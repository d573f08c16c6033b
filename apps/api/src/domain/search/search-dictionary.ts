// The catalog's words in memory, for typo correction as SymSpell does it: each word stored under its
// deletions, as hashes in one open-addressing table, with bounded work per word. How and why: README.md.

import { deletionDepth, editsAllowed } from "./typo-policy.js";
import { must } from "../../data/must.js";

/** The longest typed word that is corrected (no title word anyone types is longer: 'supercalifragilistic' is 20). */
export const MAX_CORRECTED_LETTERS = 24;
/** The longest catalog word stored: as long as two edits can take a corrected word. */
const MAX_STORED_LETTERS = MAX_CORRECTED_LETTERS + 2;

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), stopping past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (before[j - 2] ?? 0) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length] ?? max + 1;
}

/** FNV-1a over UTF-16 code units, skipping the units at `skip1` and `skip2` (a deletion's hash, unbuilt). */
function hash(text: string, skip1 = -1, skip2 = -1): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    if (i === skip1 || i === skip2) continue;
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Calls `visit` with the hash of the word and of each of its deletions of up to `depth` (1 or 2) letters. */
function forEachDeletionHash(word: string, depth: number, visit: (h: number) => void): void {
  visit(hash(word));
  for (let i = 0; i < word.length; i++) {
    visit(hash(word, i));
    if (depth >= 2) for (let j = i + 1; j < word.length; j++) visit(hash(word, i, j));
  }
}

/**
 * How much less likely a wrong or extra letter is than a missing letter or a swapped pair, for the same
 * word: a slip lands on any of about ten keys near the right one, while leaving a letter out, or swapping
 * two, can happen one way only (a noisy-channel weight: 'siver' is 'silver' before the commoner 'river').
 */
const STRAY_LETTER_ODDS = 10;

/** The weight of a correction one edit away: 1 when the typed word lacks a letter of it or swaps two. */
function likelihood(typed: string, term: string): number {
  if (term.length === typed.length + 1) return 1;
  if (term.length === typed.length) {
    const differ = [...typed].flatMap((c, i) => (c === term[i] ? [] : [i]));
    const [i, j] = differ;
    if (differ.length === 2 && i !== undefined && j === i + 1 && typed[i] === term[j] && typed[j] === term[i])
      return 1;
  }
  return 1 / STRAY_LETTER_ODDS;
}

export interface Correction {
  term: string;
  edits: number;
  /** How many songs, artists and albums hold the word. */
  docs: number;
}

/** Terms whose deletions are stored between two yields to the event loop (a few milliseconds of work). */
const TERMS_PER_SLICE = 500;
/** How full the table gets: linear probing stays short (a miss reads about 8 slots on average). */
const MAX_LOAD = 0.75;

export class TermDictionary {
  /** The words, sorted (for prefix look-ups). */
  private readonly terms: string[];
  private readonly docs: Int32Array;
  /** The open-addressing table: 0 is a free slot, else fingerprint << indexBits | (term index + 1). */
  private readonly slots: Uint32Array;
  /** Bits of a slot holding the term index + 1; the others hold the fingerprint. */
  private readonly indexBits: number;

  /** Builds the dictionary a slice at a time, so that searches keep being answered meanwhile. */
  static async build(entries: Array<{ term: string; docs: number }>): Promise<TermDictionary> {
    const dictionary = new TermDictionary(entries);
    for (let from = 0; from < dictionary.terms.length; from += TERMS_PER_SLICE) {
      dictionary.store(from, from + TERMS_PER_SLICE);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return dictionary;
  }

  /** An empty table sized for the words' deletions; `build` fills it. */
  private constructor(entries: Array<{ term: string; docs: number }>) {
    const sorted = entries
      .filter((e) => e.term && e.term.length <= MAX_STORED_LETTERS)
      .sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    this.terms = sorted.map((e) => e.term);
    this.docs = Int32Array.from(sorted, (e) => e.docs);
    // 1 + n + n(n-1)/2 hashes per word (a deletion reached twice, by a doubled letter, is stored twice).
    let count = 0;
    for (const term of this.terms) {
      const n = term.length;
      count += 1 + n + (deletionDepth(term, true) >= 2 ? (n * (n - 1)) / 2 : 0);
    }
    this.slots = new Uint32Array(Math.max(2, Math.ceil(count / MAX_LOAD)));
    // At most 31, so that a fingerprint keeps at least one bit (a vocabulary is far from 2^31 words).
    this.indexBits = Math.min(31, Math.max(1, Math.ceil(Math.log2(this.terms.length + 1))));
  }

  /** Where a hash's probe starts: its high bits scaled to the table (the fingerprint takes the low ones). */
  private home(h: number): number {
    return Math.floor((h / 0x1_0000_0000) * this.slots.length);
  }

  /** The fingerprint of a hash: its low bits, as many as the term index leaves. */
  private fingerprint(h: number): number {
    return (h & (0xffff_ffff >>> this.indexBits)) >>> 0;
  }

  private store(from: number, to: number): void {
    const length = this.slots.length;
    for (let index = from; index < Math.min(to, this.terms.length); index++) {
      const term = must(this.terms[index], "index < terms.length");
      forEachDeletionHash(term, deletionDepth(term, true), (h) => {
        let slot = this.home(h);
        while (this.slots[slot] !== 0) slot = slot + 1 === length ? 0 : slot + 1;
        this.slots[slot] = ((this.fingerprint(h) << this.indexBits) | (index + 1)) >>> 0;
      });
    }
  }

  get size(): number {
    return this.terms.length;
  }

  /** Bytes held by the deletions' table. */
  get tableBytes(): number {
    return this.slots.byteLength;
  }

  private indexOf(word: string): number {
    let low = 0;
    let high = this.terms.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.terms[mid] ?? "") < word) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** How many entries hold the word (0: not a catalog word). */
  docsOf(word: string): number {
    const at = this.indexOf(word);
    return this.terms[at] === word ? (this.docs[at] ?? 0) : 0;
  }

  /** Whether some catalog word starts with `prefix` (a word still being typed). */
  hasPrefix(prefix: string): boolean {
    return this.terms[this.indexOf(prefix)]?.startsWith(prefix) ?? false;
  }

  /**
   * How many entries hold words starting with `prefix` (the word itself included), counted only up to
   * `enough`: whether a prefix begins common words or only rare ones.
   */
  docsStartingWith(prefix: string, enough: number): number {
    let total = 0;
    for (let at = this.indexOf(prefix); at < this.terms.length && total < enough; at++) {
      if (!this.terms[at]?.startsWith(prefix)) break;
      total += this.docs[at] ?? 0;
    }
    return total;
  }

  /** The catalog words beginning with `prefix` (the word itself included), in order; null when more than `most`. */
  termsStartingWith(prefix: string, most: number): string[] | null {
    const found: string[] = [];
    for (let at = this.indexOf(prefix); at < this.terms.length; at++) {
      const term = this.terms[at];
      if (term === undefined || !term.startsWith(prefix)) break;
      if (found.length === most) return null;
      found.push(term);
    }
    return found;
  }

  /** The catalog word beginning with `prefix` that most entries hold (among the first `scan` in order). */
  mostCommonStartingWith(prefix: string, scan = 2000): string | null {
    let best = -1;
    const end = Math.min(this.terms.length, this.indexOf(prefix) + scan);
    for (let at = this.indexOf(prefix); at < end && this.terms[at]?.startsWith(prefix); at++)
      if (best < 0 || (this.docs[at] ?? 0) > (this.docs[best] ?? 0)) best = at;
    return this.terms[best] ?? null;
  }

  /** Catalog words within the edits allowed of `word` (not the word itself), best first. */
  corrections(word: string, limit = 3): Correction[] {
    const depth = deletionDepth(word, false);
    if (depth === 0 || word.length > MAX_CORRECTED_LETTERS) return [];
    const hashes = new Set<number>();
    forEachDeletionHash(word, depth, (h) => hashes.add(h));
    const seen = new Set<number>();
    const length = this.slots.length;
    const bits = this.indexBits;
    const indexMask = 0xffff_ffff >>> (32 - bits);
    for (const h of hashes) {
      const wanted = this.fingerprint(h);
      for (let slot = this.home(h); this.slots[slot] !== 0; slot = slot + 1 === length ? 0 : slot + 1) {
        const value = this.slots[slot] ?? 0;
        if (value >>> bits === wanted) seen.add((value & indexMask) - 1);
      }
    }
    const found: Correction[] = [];
    for (const index of seen) {
      const term = this.terms[index];
      if (term === undefined || term === word) continue;
      const allowed = editsAllowed(word, term);
      const edits = allowed > 0 ? editDistance(word, term, allowed) : 1;
      if (edits <= allowed) found.push({ term, edits, docs: this.docs[index] ?? 0 });
    }
    const weight = (c: Correction) => (c.edits === 1 ? c.docs * likelihood(word, c.term) : c.docs);
    return found
      .sort((a, b) => a.edits - b.edits || weight(b) - weight(a) || (a.term < b.term ? -1 : 1))
      .slice(0, limit);
  }
}
