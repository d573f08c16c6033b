import { describe, expect, it } from "vitest";
import { decodeText, parseLyricsText } from "../src/domain/library/lrc.js";

describe("parseLyricsText", () => {
  it("reads LRC time tags in every common precision, several on a line, in time order", () => {
    const lyrics = parseLyricsText(
      "[00:10.5]Half\n[01:02.25][00:03]Twice\n[00:04.123]Milli\n[00:05:50]Colon",
    );
    expect(lyrics).toEqual({
      synced: true,
      lines: [
        { timeMs: 3000, text: "Twice" },
        { timeMs: 4123, text: "Milli" },
        { timeMs: 5500, text: "Colon" },
        { timeMs: 10_500, text: "Half" },
        { timeMs: 62_250, text: "Twice" },
      ],
    });
  });

  it("ignores ID tags and applies the offset (positive shows lines sooner, never before 0)", () => {
    const text =
      "\uFEFF[ar:Someone]\r\n[ti:Song]\r\n[length: 03:00]\r\n[offset:+500]\r\n[00:00.20]Early\r\n[00:02.00]Later";
    expect(parseLyricsText(text)?.lines).toEqual([
      { timeMs: 0, text: "Early" },
      { timeMs: 1500, text: "Later" },
    ]);
    expect(parseLyricsText("[offset:-250]\n[00:01.00]Late")?.lines).toEqual([{ timeMs: 1250, text: "Late" }]);
  });

  it("drops enhanced LRC word times and keeps empty timed lines as gaps", () => {
    expect(
      parseLyricsText("[00:01.00]<00:01.00>One <00:01.50>two\n[00:03.00]\n[00:04.00]Three")?.lines,
    ).toEqual([
      { timeMs: 1000, text: "One two" },
      { timeMs: 3000, text: "" },
      { timeMs: 4000, text: "Three" },
    ]);
  });

  it("gives plain text as unsynced lines, and null when there are no words", () => {
    expect(parseLyricsText("First\n\n  Second  \n")).toEqual({
      synced: false,
      lines: [
        { timeMs: null, text: "First" },
        { timeMs: null, text: "Second" },
      ],
    });
    expect(parseLyricsText("[ar:Nobody]\n\n")).toBeNull();
    expect(parseLyricsText("[00:01.00]\n[00:02.00]")).toBeNull();
  });

  it("decodes UTF-8, and Latin-1 files from older lyric sites", () => {
    expect(decodeText(Buffer.from("[00:01.00]Café", "utf8"))).toBe("[00:01.00]Café");
    expect(decodeText(Buffer.from("[00:01.00]Café", "latin1"))).toBe("[00:01.00]Café");
  });
});
