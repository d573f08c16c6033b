import { describe, expect, it } from "vitest";
import { PopularWindow } from "../src/domain/search/search-popular.js";

const titles = ["love me", "glove", "beloved love", "the lovers", "l", "ove", "lo ve", "you love"];
const window = new PopularWindow(
  titles.map((_, i) => `id${i}`),
  titles,
);
/** What search's first pass means by "holds": the same as testing every title one by one. */
const naive = (piece: string, wordStart: boolean) =>
  titles.flatMap((t, i) => ((wordStart ? ` ${t}`.includes(` ${piece}`) : t.includes(piece)) ? [i] : []));

describe("the popular titles held as one text", () => {
  it("finds the same titles as a check of each title, in play order, never across two titles", () => {
    for (const piece of ["love", "ove", "l", "e", "e l", "ve\n l", " love", "o v", "lovers", "x", "you love"])
      for (const wordStart of [false, true])
        expect(window.holding(piece, Infinity, wordStart), `${JSON.stringify(piece)} ${wordStart}`).toEqual(
          naive(piece, wordStart),
        );
  });

  it("stops at the limit and answers whether any title holds a piece", () => {
    expect(window.holding("love", 2)).toEqual([0, 1]);
    expect(window.holds("beloved")).toBe(true);
    expect(window.holds("evol")).toBe(false);
  });
});
