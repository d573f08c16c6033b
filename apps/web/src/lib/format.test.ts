import { describe, expect, it } from "vitest";
import { translate } from "../i18n";
import { artistNameOf, formatDuration, formatSongCount } from "./format";

describe("formatDuration", () => {
  it.each([
    [0, "0:00"],
    [5, "0:05"],
    [59.9, "0:59"],
    [65, "1:05"],
    [600, "10:00"],
    [3700, "61:40"],
  ])("shows %s seconds as %s", (seconds, shown) => {
    expect(formatDuration(seconds)).toBe(shown);
  });

  it("shows 0:00 for durations that are not known yet", () => {
    expect(formatDuration(Number.NaN)).toBe("0:00");
    expect(formatDuration(-3)).toBe("0:00");
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe("0:00");
  });
});

describe("formatSongCount", () => {
  it("reads 'N songs'", () => {
    expect(formatSongCount(0, translate)).toBe("0 songs");
    expect(formatSongCount(12, translate)).toBe("12 songs");
    expect(formatSongCount(1, translate)).toBe("1 song");
  });
});

describe("artistNameOf", () => {
  it("falls back to 'Unknown Artist'", () => {
    expect(artistNameOf({ artist: { name: "Nova" } })).toBe("Nova");
    expect(artistNameOf({ artist: null })).toBe("Unknown Artist");
    expect(artistNameOf({})).toBe("Unknown Artist");
  });
});
