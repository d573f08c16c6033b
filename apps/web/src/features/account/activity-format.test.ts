import { describe, expect, it } from "vitest";
import type { ActivityEntryDto } from "@purplebeats/contracts/schemas";
import { song, playlist } from "../../test-utils/catalog";
import english from "virtual:purplebeats-catalog/en";
import arabic from "virtual:purplebeats-catalog/ar";
import { createI18n, type Translate } from "../../i18n";
import { describeActivity, formatAgo } from "./activity-format";

const en: Translate = (key, values) => createI18n("en", english)._(key, values);

const ADA = { handle: "ada", name: "Ada", imageUrl: null };
const AT = "2026-12-06T12:00:00.000Z";
const NOW = Date.parse(AT);

describe("describeActivity", () => {
  it("says what a listener did and leads to it", () => {
    const made: ActivityEntryDto = {
      id: "p:1",
      at: AT,
      kind: "playlist",
      listener: ADA,
      updated: false,
      playlist: { ...playlist(1), name: "Road Trip" },
    };
    expect(describeActivity(made, en)).toMatchObject({
      who: "Ada",
      text: "Ada made the playlist Road Trip",
      to: `/playlist/${playlist(1).id}`,
    });
    expect(describeActivity({ ...made, updated: true }, en).text).toBe("Ada updated the playlist Road Trip");

    const liked = song(3);
    const like: ActivityEntryDto = { id: "l:1", at: AT, kind: "like", listener: ADA, song: liked };
    expect(describeActivity(like, en).text).toBe(`Ada liked ${liked.title} by ${liked.artist!.name}`);

    const follow: ActivityEntryDto = {
      id: "a:1",
      at: AT,
      kind: "artistFollow",
      listener: ADA,
      artist: { id: "artist-9", name: "Nova", imageUrl: null },
    };
    expect(describeActivity(follow, en)).toMatchObject({
      text: "Ada followed Nova",
      to: "/artist/artist-9",
      round: true,
    });
  });

  it("names the artist of a release, and leads to the album", () => {
    const release: ActivityEntryDto = {
      id: "r:1",
      at: AT,
      kind: "release",
      artist: { id: "artist-9", name: "Nova", imageUrl: null },
      album: { id: "album-2", title: "Fresh Cuts", imageUrl: "/media/covers/x.jpg" },
    };
    expect(describeActivity(release, en)).toEqual({
      who: "Nova",
      text: "Nova released Fresh Cuts",
      to: "/album/album-2",
      imageUrl: "/media/covers/x.jpg",
      round: false,
    });
  });
});

describe("formatAgo", () => {
  it("counts minutes, hours and days, then gives the date", () => {
    expect(formatAgo(AT, en, "en", NOW + 20_000)).toBe("just now");
    expect(formatAgo(AT, en, "en", NOW + 5 * 60_000)).toBe("5m ago");
    expect(formatAgo(AT, en, "en", NOW + 3 * 3_600_000)).toBe("3h ago");
    expect(formatAgo(AT, en, "en", NOW + 2 * 86_400_000)).toBe("2d ago");
    expect(formatAgo(AT, en, "en", NOW + 30 * 86_400_000)).toBe("Dec 6, 2026");
  });
});

describe("in Arabic", () => {
  it("puts the name where the sentence wants it and counts with Arabic's plural forms", () => {
    const ar: Translate = (key, values) => createI18n("ar", arabic)._(key, values);
    const release: ActivityEntryDto = {
      id: "r:1",
      at: AT,
      kind: "release",
      artist: { id: "artist-9", name: "Nova", imageUrl: null },
      album: { id: "album-2", title: "Fresh Cuts", imageUrl: null },
    };
    expect(describeActivity(release, ar).text).toBe("أصدر Nova ألبوم Fresh Cuts");
    expect(formatAgo(AT, ar, "ar", NOW + 2 * 3_600_000)).toBe("منذ ساعتين");
    expect(formatAgo(AT, ar, "ar", NOW + 30 * 86_400_000)).not.toMatch(/Dec/);
  });
});
