import { describe, expect, it } from "vitest";
import { shuffled } from "./shuffle";

describe("shuffled", () => {
  it("returns the same items in a new order and leaves the input alone", () => {
    const items = [1, 2, 3, 4, 5, 6];
    const result = shuffled(items, () => 0);
    expect(result).not.toEqual(items);
    expect([...result].sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
