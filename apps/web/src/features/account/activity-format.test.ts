import { describe, expect, it } from "vitest";
import type { ActivityEntryDto } from "@purplebeats/contracts/schemas";
import { song, playlist } from "../../test-utils/catalog";
import { describeActivity, formatAgo } from "./activity-format";

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
    expect(describeActivity(made)).toMatchObject({
      who: "Ada",
      what: "made the playlist Road Trip",
      to: `/playlist/${playlist(1).id}`,
    });
    expect(describeActivity({ ...made, updated: true }).what).toBe("updated the playlist Road Trip");

    const liked = song(3);
    const like: ActivityEntryDto = { id: "l:1", at: AT, kind: "like", listener: ADA, song: liked };
    expect(describeActivity(like).what).toBe(`liked ${liked.title} by ${liked.artist!.name}`);

    const follow: ActivityEntryDto = {
      id: "a:1",
      at: AT,
      kind: "artistFollow",
      listener: ADA,
      artist: { id: "artist-9", name: "Nova", imageUrl: null },
    };
    expect(describeActivity(follow)).toMatchObject({
      what: "followed Nova",
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
    expect(describeActivity(release)).toEqual({
      who: "Nova",
      what: "released Fresh Cuts",
      to: "/album/album-2",
      imageUrl: "/media/covers/x.jpg",
      round: false,
    });
  });
});

describe("formatAgo", () => {
  it("counts minutes, hours and days, then gives the date", () => {
    expect(formatAgo(AT, NOW + 20_000)).toBe("just now");
    expect(formatAgo(AT, NOW + 5 * 60_000)).toBe("5m ago");
    expect(formatAgo(AT, NOW + 3 * 3_600_000)).toBe("3h ago");
    expect(formatAgo(AT, NOW + 2 * 86_400_000)).toBe("2d ago");
    expect(formatAgo(AT, NOW + 30 * 86_400_000)).toBe("Dec 6, 2026");
  });
});
