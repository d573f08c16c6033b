// Plurals and numbers in each language the picker offers, through the catalogs as the app compiles them
// (the 'N songs' of a playlist card, an album's minutes, the suggestion's line).
import { describe, expect, it } from "vitest";
import english from "virtual:purplebeats-catalog/en";
import serbian from "virtual:purplebeats-catalog/sr-Latn";
import vietnamese from "virtual:purplebeats-catalog/vi";
import arabic from "virtual:purplebeats-catalog/ar";
import pseudo from "virtual:purplebeats-catalog/en-XA";
import { createI18n, dirOf } from "./i18n";
import type { Translate } from "./i18n";
import type { CatalogLocale } from "./constants";
import type { Messages } from "@lingui/core";

const translator = (locale: CatalogLocale, messages: Messages): Translate => {
  const i18n = createI18n(locale, messages);
  return (key, values) => i18n._(key, values);
};
const songs = (t: Translate, count: number) => t("songs.count", { count });

describe("plurals, per language", () => {
  it("English: SPEC.md's '1 song' and 'N songs'", () => {
    const t = translator("en", english);
    expect([0, 1, 2, 12].map((n) => songs(t, n))).toEqual(["0 songs", "1 song", "2 songs", "12 songs"]);
    expect(songs(t, 1234)).toBe("1,234 songs");
  });

  it("Serbian: one, few and other (1 pesma, 3 pesme, 5 pesama, 21 pesma)", () => {
    const t = translator("sr-Latn", serbian);
    expect([1, 3, 5, 11, 21, 22].map((n) => songs(t, n))).toEqual([
      "1 pesma",
      "3 pesme",
      "5 pesama",
      "11 pesama",
      "21 pesma",
      "22 pesme",
    ]);
  });

  it("Vietnamese: one form for every number", () => {
    const t = translator("vi", vietnamese);
    expect([1, 12].map((n) => songs(t, n))).toEqual(["1 bài hát", "12 bài hát"]);
  });

  it("Arabic: its six forms, right to left", () => {
    const t = translator("ar", arabic);
    expect([0, 1, 2, 3, 11, 100].map((n) => songs(t, n))).toEqual([
      "لا توجد أغانٍ",
      "أغنية واحدة",
      "أغنيتان",
      "3 أغانٍ",
      "11 أغنية",
      "100 أغنية",
    ]);
    expect(dirOf("ar")).toBe("rtl");
    expect(dirOf("vi")).toBe("ltr");
  });

  it("the pseudo-locale: accented and longer, placeholders and plurals kept", () => {
    const t = translator("en-XA", pseudo);
    const line = songs(t, 3);
    expect(line).toMatch(/^3.*šöñĝš/);
    expect(t("nav.likedSongs").length).toBeGreaterThan("Liked Songs".length * 1.3);
  });
});
