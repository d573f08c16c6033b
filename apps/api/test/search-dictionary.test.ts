import { describe, expect, it } from "vitest";
import { completionOf, correctedQueries } from "../src/domain/search/catalog-search.js";
import {
  editDistance,
  MAX_CORRECTED_LETTERS,
  TermDictionary,
} from "../src/domain/search/search-dictionary.js";
import { editsAllowed } from "../src/domain/search/typo-policy.js";
import { foldedWords, searchFold } from "../src/domain/search/search-fold.js";

const dict = await TermDictionary.build(
  [
    ["love", 900],
    ["lover", 40],
    ["morning", 300],
    ["world", 500],
    ["compass", 20],
    ["midnight", 250],
    ["heart", 800],
    ["hearth", 3],
    ["butterfly", 60],
    ["beyonce", 12],
    ["stork", 2],
    ["storm", 90],
    ["blue", 700],
    ["river", 100],
    ["silver", 20],
    ["rain", 300],
    ["radio", 40],
  ].map(([term, docs]) => ({ term: term as string, docs: docs as number })),
);
const best = (word: string) => dict.corrections(word)[0]?.term;

describe("typo correction (symmetric deletions, Damerau-Levenshtein)", () => {
  it("counts a swapped pair, a missing, an extra and a wrong letter as one edit", () => {
    expect(editDistance("wolrd", "world", 2)).toBe(1);
    expect(editDistance("mornng", "morning", 2)).toBe(1);
    expect(editDistance("morrning", "morning", 2)).toBe(1);
    expect(editDistance("morninf", "morning", 2)).toBe(1);
    expect(editDistance("mroninf", "morning", 2)).toBe(2);
    expect(editDistance("abcdef", "uvwxyz", 2)).toBe(3);
  });

  it("forgives one edit from 4 letters and two when both words are long", () => {
    expect(editsAllowed("lov", "love")).toBe(0);
    expect(editsAllowed("lvoe", "love")).toBe(1);
    expect(editsAllowed("midnigth", "midnight")).toBe(1);
    expect(editsAllowed("butrefyl", "butterfly")).toBe(2);
  });

  it("finds a long word two deletions away, and corrects no word longer than the cap", async () => {
    const long = await TermDictionary.build([{ term: "abcdefghijk", docs: 1 }]);
    expect(long.corrections("cdefghijk")[0]?.term).toBe("abcdefghijk");
    const capped = "x".repeat(MAX_CORRECTED_LETTERS + 1);
    const near = await TermDictionary.build([{ term: capped.slice(1) + "y", docs: 1 }]);
    expect(near.corrections(capped)).toEqual([]);
  });

  it.each([
    ["lvoe", "love"],
    ["wolrd", "world"],
    ["comapss", "compass"],
    ["morinng", "morning"],
    ["mornng", "morning"],
    ["morrning", "morning"],
    ["mornimg", "morning"],
    ["norning", "morning"],
    ["midnigth", "midnight"],
    ["butterlfy", "butterfly"],
    ["butrerfy", "butterfly"],
    ["beyonse", "beyonce"],
  ])("corrects %s to %s", (typed, intended) => {
    expect(best(typed)).toBe(intended);
  });

  it("prefers fewer edits, then the word more of the catalog holds", () => {
    expect(dict.corrections("hearh").map((c) => c.term)).toEqual(["heart", "hearth"]);
    expect(best("stprm")).toBe("storm");
    expect(dict.corrections("zzzzzz")).toEqual([]);
    expect(dict.corrections("lov")).toEqual([]);
  });

  it("among corrections one edit away, weighs a missing letter or a swapped pair above a wrong or extra letter", () => {
    // A wrong or extra letter is any of about ten keys near the right one; a letter left out has one way.
    expect(best("siver")).toBe("silver"); // not 'river', five times as common
    expect(best("raio")).toBe("radio"); // not 'rain'
    // Popularity still has its say: 'love' is twenty times as common as 'lover'.
    expect(best("lovr")).toBe("love");
  });

  it("corrects only the words the catalog does not know, and a last word being typed is left alone", () => {
    const queries = (words: string[]) => correctedQueries(words, dict).queries;
    expect(queries(["blue", "midnigth"])).toEqual(["blue midnight"]);
    expect(queries(["lvoe", "blue"])[0]).toBe("love blue");
    expect(queries(["blue", "midn"])).toEqual([]);
    expect(queries(["stork"])).toEqual([]);
    expect(queries(["hearh"])).toEqual(["heart", "hearth"]);
    expect(correctedQueries(["hearh"], dict).first).toBe(false);
  });

  it("puts a correction first when the typed last word only begins far rarer words", () => {
    // 'hear' begins 'heart' and 'hearth': a prefix of common words is left as typed.
    expect(correctedQueries(["hear"], dict)).toEqual({ queries: [], first: false });
    // 'stor' begins 'stork' (2) and 'storm' (90): as typed. 'heat' begins only 'heath' (not here): corrected.
    expect(correctedQueries(["stor"], dict).queries).toEqual([]);
    expect(correctedQueries(["lovr"], dict)).toEqual({ queries: ["love", "lover"], first: false });
  });
});

describe("search folding", () => {
  it.each([
    ["Beyoncé", "beyonce"],
    ["Sigur Rós", "sigur ros"],
    ["AC/DC", "acdc"],
    ["Guns N' Roses", "guns n roses"],
    ["Guns N’ Roses", "guns n roses"],
    ["Hip-Hop", "hip hop"],
    ["  Don't   Stop (Live) ", "dont stop live"],
    ["Mötley Crüe", "motley crue"],
    ["%_\\", ""],
  ])("folds %s to %s", (text, folded) => {
    expect(searchFold(text)).toBe(folded);
  });

  it("splits folded words", () => {
    expect(foldedWords("Sigur Rós — Hoppípolla")).toEqual(["sigur", "ros", "hoppipolla"]);
    expect(foldedWords("!!")).toEqual([]);
  });
});

describe("completing an unfinished last word", () => {
  it("completes it to the catalog word it begins that most entries hold", () => {
    expect(completionOf(["blue", "midn"], dict)).toBe("blue midnight");
    expect(completionOf(["hea"], dict)).toBe("heart");
    expect(completionOf(["heart"], dict)).toBeNull();
    expect(completionOf(["he"], dict)).toBeNull();
    expect(completionOf(["zzz"], dict)).toBeNull();
  });
});

describe("the deletions' table at catalog size", () => {
  // Words of 3-12 letters from a small alphabet (many near neighbours), and typed words made from them
  // by one or two random edits: the table must find exactly what a scan of every word finds.
  let seed = 7;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 0x1_0000_0000;
  const letter = () => "abcdeilmnorst"[Math.floor(random() * 13)]!;
  const word = () => Array.from({ length: 3 + Math.floor(random() * 10) }, letter).join("");
  const terms = [...new Set(Array.from({ length: 4000 }, word))];
  const entries = terms.map((term, i) => ({ term, docs: 1 + ((i * 37) % 500) }));
  const edit = (w: string) => {
    const at = Math.floor(random() * w.length);
    const kind = Math.floor(random() * 4);
    if (kind === 0) return w.slice(0, at) + w.slice(at + 1);
    if (kind === 1) return w.slice(0, at) + letter() + w.slice(at);
    if (kind === 2) return w.slice(0, at) + letter() + w.slice(at + 1);
    return at + 1 < w.length ? w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2) : w;
  };

  it("finds the same corrections as a scan of every word, in 4 bytes a stored deletion", async () => {
    const table = await TermDictionary.build(entries);
    let stored = 0;
    for (const term of terms) {
      const n = term.length;
      stored += 1 + n + (n >= 9 ? (n * (n - 1)) / 2 : 0);
    }
    expect(table.tableBytes).toBeLessThanOrEqual(4 * Math.ceil(stored / 0.75));

    const typed = Array.from({ length: 400 }, (_, i) => {
      const w = terms[Math.floor(random() * terms.length)]!;
      return i % 2 ? edit(edit(w)) : edit(w);
    });
    for (const w of typed) {
      const scanned = terms
        .filter(
          (t) =>
            t !== w && editsAllowed(w, t) > 0 && editDistance(w, t, editsAllowed(w, t)) <= editsAllowed(w, t),
        )
        .sort();
      const found = table
        .corrections(w, terms.length)
        .map((c) => c.term)
        .sort();
      expect(found, w).toEqual(scanned);
    }
  });
});
