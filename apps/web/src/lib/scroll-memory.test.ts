import { describe, expect, it } from "vitest";
import { MAX_REMEMBERED, ScrollMemory, scrollAfter, type ScrollMove } from "./scroll-memory";

const move = (over: Partial<ScrollMove>): ScrollMove => ({
  navigation: "PUSH",
  pageChanged: true,
  initial: null,
  remembered: undefined,
  ...over,
});

describe("scrollAfter", () => {
  it("Back to a page goes where it was left (the top when the app never saw it)", () => {
    expect(scrollAfter(move({ navigation: "POP", remembered: 1234 }))).toBe(1234);
    expect(scrollAfter(move({ navigation: "POP" }))).toBe(0);
  });

  it("a page opened from a link, or put in place of another, starts at its top", () => {
    expect(scrollAfter(move({ navigation: "PUSH", remembered: 500 }))).toBe(0);
    expect(scrollAfter(move({ navigation: "REPLACE" }))).toBe(0);
  });

  it("the same page (Now Playing's hash, a filter in the query) keeps its position", () => {
    expect(scrollAfter(move({ navigation: "PUSH", pageChanged: false }))).toBeNull();
    expect(scrollAfter(move({ navigation: "POP", pageChanged: false, remembered: 300 }))).toBeNull();
  });

  it("the document's first page restores after a reload only, never on a typed address", () => {
    expect(scrollAfter(move({ navigation: "POP", initial: { restores: true }, remembered: 640 }))).toBe(640);
    expect(
      scrollAfter(move({ navigation: "POP", initial: { restores: false }, remembered: 640 })),
    ).toBeNull();
    expect(scrollAfter(move({ navigation: "POP", initial: { restores: true } }))).toBeNull();
  });
});

describe("ScrollMemory", () => {
  it("remembers a position per history entry, across a reload of the tab", () => {
    const storage = new Map<string, string>();
    const store = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    };
    const memory = new ScrollMemory(store);
    memory.remember("a", 120.6);
    memory.remember("b", 40);
    memory.remember("a", 300);
    expect(memory.recall("a")).toBe(300);
    expect(memory.recall("c")).toBeUndefined();
    memory.save();
    const reloaded = new ScrollMemory(store);
    expect(reloaded.recall("a")).toBe(300);
    expect(reloaded.recall("b")).toBe(40);
  });

  it("keeps the newest entries only, and ignores a damaged record", () => {
    const memory = new ScrollMemory(null);
    for (let i = 0; i <= MAX_REMEMBERED; i++) memory.remember(`e${i}`, i);
    expect(memory.recall("e0")).toBeUndefined();
    expect(memory.recall(`e${MAX_REMEMBERED}`)).toBe(MAX_REMEMBERED);

    const damaged = new ScrollMemory({
      getItem: () => '[["a", "x"], ["b", 5], 7]{',
      setItem: () => undefined,
    });
    expect(damaged.recall("b")).toBeUndefined();
    const partly = new ScrollMemory({ getItem: () => '[["a", "x"], ["b", 5], 7]', setItem: () => undefined });
    expect(partly.recall("a")).toBeUndefined();
    expect(partly.recall("b")).toBe(5);
  });
});
