// What names say when tags do not: file and folder names, and artists joined in one tag.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isVariousArtists, trackArtists } from "../src/domain/library/artist-names.js";
import { folderNamesOf, partsOfFileName } from "../src/domain/library/path-names.js";

describe("partsOfFileName", () => {
  it.each([
    ["01 - Title.mp3", { trackNo: 1, discNo: null, title: "Title" }],
    ["01 Title Words.flac", { trackNo: 1, discNo: null, title: "Title Words" }],
    ["07. Dot.ogg", { trackNo: 7, discNo: null, title: "Dot" }],
    ["1-01 Disc One.mp3", { trackNo: 1, discNo: 1, title: "Disc One" }],
    ["2-12 - Disc Two.m4a", { trackNo: 12, discNo: 2, title: "Disc Two" }],
    ["03_Under_Scores.wav", { trackNo: 3, discNo: null, title: "Under Scores" }],
    ["05.mp3", { trackNo: 5, discNo: null, title: "05" }],
    ["No Number.opus", { trackNo: null, discNo: null, title: "No Number" }],
    ["1999.mp3", { trackNo: null, discNo: null, title: "1999" }],
  ])("%s", (name, parts) => {
    expect(partsOfFileName(name)).toEqual(parts);
  });
});

describe("folderNamesOf", () => {
  const root = path.resolve("/music");
  it("reads Artist/Album, a disc folder, and stops at the root", () => {
    expect(folderNamesOf(path.join(root, "Artist", "Album", "01 - A.mp3"), root)).toEqual({
      artist: "Artist",
      album: "Album",
      discNo: null,
      albumFolder: path.join(root, "Artist", "Album"),
    });
    expect(folderNamesOf(path.join(root, "Artist", "Album", "CD 2", "01 - A.mp3"), root)).toMatchObject({
      artist: "Artist",
      album: "Album",
      discNo: 2,
    });
    expect(folderNamesOf(path.join(root, "Album", "01.mp3"), root)).toMatchObject({
      artist: null,
      album: "Album",
    });
    expect(folderNamesOf(path.join(root, "loose.mp3"), root)).toEqual({
      artist: null,
      album: null,
      discNo: null,
      albumFolder: null,
    });
  });
});

describe("trackArtists", () => {
  it("splits ' feat. ', ' ft. ', ' featuring ', '(feat. …)' and '; ', main artist first", () => {
    expect(trackArtists({ artist: "A feat. B" })).toEqual(["A", "B"]);
    expect(trackArtists({ artist: "A Ft. B; C" })).toEqual(["A", "B", "C"]);
    expect(trackArtists({ artist: "A featuring B" })).toEqual(["A", "B"]);
    expect(trackArtists({ artist: "A (feat. B)" })).toEqual(["A", "B"]);
  });

  it("leaves names with '&', ',' and '/' whole", () => {
    expect(trackArtists({ artist: "Earth, Wind & Fire" })).toEqual(["Earth, Wind & Fire"]);
    expect(trackArtists({ artist: "AC/DC" })).toEqual(["AC/DC"]);
  });

  it("takes a multi-value ARTISTS tag as it is, and adds a title's '(feat. …)' once", () => {
    expect(trackArtists({ artist: "A & B", artists: ["A", "B"] })).toEqual(["A", "B"]);
    expect(trackArtists({ artist: "A", title: "Song (feat. B)" })).toEqual(["A", "B"]);
    expect(trackArtists({ artist: "A feat. B", title: "Song [ft. b]" })).toEqual(["A", "B"]);
    expect(trackArtists({})).toEqual([]);
  });

  it("knows the album artist of a compilation", () => {
    expect(["Various Artists", "VARIOUS", "VA", "various artists"].every(isVariousArtists)).toBe(true);
    expect(isVariousArtists("Vanessa")).toBe(false);
    expect(isVariousArtists(null)).toBe(false);
  });
});
