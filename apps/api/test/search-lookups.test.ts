import { describe, expect, it } from "vitest";
import { infixWords, uncommonWords } from "../src/domain/search/catalog-search.js";
import { TermDictionary } from "../src/domain/search/search-dictionary.js";

// Which words a query of several words is looked up by in the indexes, by how many titles hold each
// (the counts are as at a million songs): the cheapest lookup that still holds the query's matches.
const dict = await TermDictionary.build(
  [
    ["the", 311_104],
    ["of", 171_589],
    ["in", 68_850],
    ["love", 126_603],
    ["night", 55_743],
    ["live", 28_733],
    ["home", 24_153],
    ["dark", 15_000],
    ["mix", 11_449],
    ["extended", 5_759],
    ["wind", 5_811],
    ["storm", 5_001],
    ["letter", 4_166],
    ["window", 4_163],
    ["hands", 3_340],
    ["door", 2_182],
    ["cloud", 1_046],
    ["klaiepia", 137],
    ["winds", 50],
    ["windows", 33],
    ["gyung", 26],
  ].map(([term, docs]) => ({ term: term as string, docs: docs as number })),
);

describe("the words a query of several words is looked up by", () => {
  it("in the full-text index: its uncommon words, or a rare one alone", () => {
    const by = (text: string) => uncommonWords(text.split(" "), dict);
    // 'the' and 'of' are left out; 'storm' (the last word) is needed: 'door' alone has 2,182 titles.
    expect(by("door of the storm")).toEqual([0, 3]);
    expect(by("cloud wind")).toBeNull();
    // 'gyung' has 26 titles: read and checked alone, not intersected with every title 'night' begins.
    expect(by("gyung night")).toEqual([0]);
    expect(by("the letter extended mix")).toEqual([1, 2, 3]);
    expect(by("storm")).toBeNull();
  });

  it("in the trigram index for an infix: two uncommon catalog words, a rare one alone, or one with two more", () => {
    const by = (text: string) => infixWords(text.split(" "), dict);
    expect(by("door of the storm")).toEqual(["door", "storm"]);
    expect(by("the letter extended mix")).toEqual(["letter", "extended"]);
    expect(by("love of klaiepia")).toEqual(["klaiepia"]);
    expect(by("hands home live")).toEqual(["hands", "home", "live"]);
    // One common word alone reads thousands of titles, a fragment's count says nothing of the titles
    // holding it inside a word: the whole query's trigrams then.
    expect(by("in the dark")).toBeNull();
    expect(by("door of the")).toBeNull();
    expect(by("ight of the storm")).toBeNull();
    expect(by("storm")).toBeNull();
  });

  it("lists the catalog words a prefix begins, up to a limit", () => {
    expect(dict.termsStartingWith("wind", 16)).toEqual(["wind", "window", "windows", "winds"]);
    expect(dict.termsStartingWith("wind", 4)).toEqual(["wind", "window", "windows", "winds"]);
    expect(dict.termsStartingWith("wind", 3)).toBeNull();
    expect(dict.termsStartingWith("zzz", 16)).toEqual([]);
  });
});
