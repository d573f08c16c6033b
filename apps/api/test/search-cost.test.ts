// What a search text costs before the database is asked: folding, the typo corrections and the
// completion, for the texts that once ran the server out of memory or held its event loop for seconds
// (compatibility characters that fold into several letters, one very long word, many words).
import { describe, expect, it } from "vitest";
import { MAX_QUERY_LENGTH } from "@purplebeats/contracts/constants";
import { completionOf, correctedQueries } from "../src/domain/search/catalog-search.js";
import { TermDictionary } from "../src/domain/search/search-dictionary.js";
import { foldQuery } from "../src/domain/search/search-fold.js";

/** CPU milliseconds (user and system) that `work` takes. */
function cpuMs(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

/** A vocabulary of catalog-like words (every three- to twelve-letter run of a few titles' letters). */
function vocabulary(): Array<{ term: string; docs: number }> {
  const letters = "midnightcompassbutterflyheartriverblueloversilverrainmorningworldstormradio";
  const terms = new Map<string, number>();
  for (let size = 3; size <= 12; size++)
    for (let at = 0; at + size <= letters.length; at++) terms.set(letters.slice(at, at + size), size * 7);
  return [...terms].map(([term, docs]) => ({ term, docs }));
}

const dict = await TermDictionary.build(vocabulary());

/** Everything search does with a text before its statements go to the database. */
function beforeTheDatabase(text: string): void {
  const folded = foldQuery(text);
  if (!folded) return;
  const words = folded.split(" ");
  correctedQueries(words, dict);
  completionOf(words, dict);
}

const HOSTILE: Array<[string, string]> = [
  ["'㍿' × 200 (four letters each when folded)", "㍿".repeat(200)],
  ["'㍻' × 200", "㍻".repeat(200)],
  ["'平成' × 100", "平成".repeat(100)],
  ["U+FDFA × 200 (eighteen letters each)", "\ufdfa".repeat(200)],
  ["one 200-letter word", "abcdefghij".repeat(20)],
  ["100 one-letter words", "a ".repeat(100)],
  ["50 three-letter misspellings", "hrt ".repeat(50)],
  ["40 long misspellings", "butrefly ".repeat(22)],
  ["mixed scripts and marks", "ｍｉｄｎｉｇｈｔ ﬀﬁﬂ ㌀㌁ 가각 é\u0301\u0301".repeat(8).slice(0, 200)],
];

describe("a search text's cost before the database", () => {
  it.each(HOSTILE)("stays within a few milliseconds of CPU for %s", (_, text) => {
    expect(text.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    beforeTheDatabase(text); // the first call compiles the code paths
    const spent = Math.min(...[1, 2, 3].map(() => cpuMs(() => beforeTheDatabase(text))));
    expect(spent).toBeLessThan(10);
  });

  it("holds the limit on the folded text, cutting at a word and never inside a character", () => {
    expect(foldQuery("㍿".repeat(200))).toHaveLength(MAX_QUERY_LENGTH);
    expect(foldQuery("love ".repeat(60)).length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    expect(foldQuery("love ".repeat(60)).endsWith("love")).toBe(true);
    expect(foldQuery("ﬁ".repeat(150))).toBe("fi".repeat(100)); // each ligature is two letters folded
    const cut = foldQuery("𠀀".repeat(150)); // two UTF-16 units each, not folded
    expect(cut.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    expect(cut).toBe("𠀀".repeat(cut.length / 2));
  });

  it("corrects words as before", () => {
    expect(correctedQueries(["butterfyl"], dict).queries[0]).toBe("butterfly");
    expect(correctedQueries(["mornign", "world"], dict).queries[0]).toBe("morning world");
  });

  it("builds the dictionary in milliseconds when a title is one 2,500-letter word", async () => {
    const entries = [
      ...vocabulary(),
      { term: "z".repeat(2_500), docs: 1 },
      { term: "ab".repeat(600), docs: 1 },
    ];
    const started = process.cpuUsage();
    const built = await TermDictionary.build(entries);
    const spent = process.cpuUsage(started);
    expect((spent.user + spent.system) / 1000).toBeLessThan(200);
    expect(built.corrections("midnigth")[0]?.term).toBe("midnight");
  });
});
