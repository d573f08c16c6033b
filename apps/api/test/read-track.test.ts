// Reading real files made by the real encoder: every format's tags and duration, what folders and names fill
// in, covers, lyrics, compilations, and every kind of bad file skipped with the reason an operator reads.
import { chmod, copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runFfmpeg } from "@purplebeats/media";
import { hashFile } from "../src/domain/library/audio-files.js";
import { matchKey } from "../src/domain/library/match-key.js";
import { readTrack } from "../src/domain/library/read-track.js";
import type { ReadResult, TrackDescription } from "../src/domain/library/track.js";
import {
  makeMusicFolder,
  type ExpectedTrack,
  type FixtureFile,
  type MusicFolder,
} from "./helpers/audio-fixtures.js";

let music: MusicFolder;
const results = new Map<string, ReadResult>();

beforeAll(async () => {
  music = await makeMusicFolder();
  for (const file of music.files) {
    results.set(file.name, await readTrack(file.path, { size: 0, mtimeMs: 0, root: music.root }));
  }
});
afterAll(() => music?.remove());

function readOf(file: FixtureFile): TrackDescription {
  const result = results.get(file.name);
  if (!result?.ok) throw new Error(`${file.name} was skipped: ${result?.skipped.reason}`);
  return result.track;
}

function expectTrack(track: TrackDescription, expected: ExpectedTrack) {
  const { durationMs, picture, ...fields } = expected;
  expect(track).toMatchObject(fields);
  expect(Math.abs(track.durationMs - durationMs)).toBeLessThanOrEqual(100);
  if (picture) expect(Buffer.from(track.picture?.data ?? [])).toEqual(picture);
  else expect(track.picture).toBeNull();
}

describe("readTrack on the fixture library", () => {
  it("reads every good file with its tags, fallbacks, cover, lyrics and stream duration (±100 ms)", () => {
    const good = music.files.filter((f) => f.expected.ok);
    expect(good.length).toBeGreaterThanOrEqual(15);
    for (const file of good) {
      if (!file.expected.ok) continue;
      const track = readOf(file);
      expectTrack(track, file.expected.track);
      expect(track.source).toBe(file.path);
    }
  });

  it("covers MP3, FLAC, Ogg Vorbis, Opus, M4A/AAC and WAV, lossless only for FLAC and WAV", () => {
    const formats = music.files.filter((f) => f.name.startsWith("Purple Band/")).map((f) => readOf(f));
    expect(formats.map((t) => [t.format, t.lossless])).toEqual([
      ["mp3", false],
      ["flac", true],
      ["ogg", false],
      ["opus", false],
      ["m4a", false],
      ["wav", true],
    ]);
    for (const t of formats) expect(t.bitrateKbps).toBeGreaterThan(0);
    // The WAV's INFO title is UTF-8 read back as Latin-1 by the tag library; the accent survives.
    expect(formats.at(-1)?.title).toBe("Café in WAV");
  });

  it("fills missing tags from Artist/Album/01 - Title, a disc folder and the album folder's cover", () => {
    const last = readOf(music.file("Untagged Artist/Folder Album/CD2/2-05 Last Call.ogg"));
    expect(last).toMatchObject({ title: "Last Call", trackNo: 5, discNo: 2, album: "Folder Album" });
    expect(last.artists).toEqual(["Untagged Artist"]);
    expect(last.picture?.mime).toBe("image/jpeg");
  });

  it("keeps a compilation one album with each track's own artist", () => {
    const tracks = music.files.filter((f) => f.name.startsWith("Compilations/")).map(readOf);
    expect(tracks.map((t) => t.artists[0])).toEqual(["Artist One", "Artist Two"]);
    expect(new Set(tracks.map((t) => `${t.album}|${t.albumArtist}|${t.compilation}`))).toEqual(
      new Set(["Summer Hits|Various Artists|true"]),
    );
    expect(tracks[0]?.picture?.mime).toBe("image/png");
  });

  it("gives synced lyrics from a sidecar .lrc over the embedded ones", () => {
    const sung = readOf(music.file("Lyric Band/Sung Album/01 - Sung.flac"));
    expect(sung.lyrics?.synced).toBe(true);
    expect(sung.lyrics?.lines[0]).toEqual({ timeMs: 400, text: "Hello there" });
    const spoken = readOf(music.file("Lyric Band/Sung Album/02 - Spoken.ogg"));
    expect(spoken.lyrics).toEqual({
      synced: false,
      lines: [
        { timeMs: null, text: "First line" },
        { timeMs: null, text: "Second line" },
      ],
    });
  });

  it("reads one artist spelled two ways as names that match", () => {
    const [crazy, baby] = [
      readOf(music.file("Beyonce/Dangerously/01 - Crazy.mp3")),
      readOf(music.file("Beyonce/Dangerously/02 - Baby.mp3")),
    ];
    expect([crazy.artists, baby.artists]).toEqual([["Beyoncé"], ["BEYONCE"]]);
    expect(matchKey(crazy.artists[0] ?? "")).toBe(matchKey(baby.artists[0] ?? ""));
  });

  it("skips every bad file with its reason", () => {
    const bad = music.files.filter((f) => !f.expected.ok);
    expect(bad.length).toBeGreaterThanOrEqual(5);
    for (const file of bad) {
      if (file.expected.ok) continue;
      expect(results.get(file.name)).toEqual({
        ok: false,
        skipped: { source: file.path, reason: file.expected.reason },
      });
    }
  });

  it("hashes the bytes: the same music under another name has the same content hash", async () => {
    const original = music.file("Purple Band/Every Format/01 - tagged.mp3");
    const copy = path.join(music.root, "Elsewhere", "renamed.mp3");
    await mkdir(path.dirname(copy), { recursive: true });
    await copyFile(original.path, copy);
    const again = await readTrack(copy, { size: 0, mtimeMs: 0, root: music.root });
    expect(again.ok && again.track.contentHash).toBe(readOf(original).contentHash);
    expect(readOf(original).contentHash).toBe(await hashFile(original.path));
    expect(readOf(original).size).toBe((await readFile(original.path)).length);
  });
});

describe("readTrack on files that are not what they seem", () => {
  let dir: string;
  beforeAll(async () => {
    dir = path.join(music.root, "Odd");
    await mkdir(dir, { recursive: true });
  });

  it("takes the format from the container, not the extension", async () => {
    const misnamed = path.join(dir, "really-an-mp3.flac");
    await copyFile(music.file("Beyonce/Dangerously/01 - Crazy.mp3").path, misnamed);
    const result = await readTrack(misnamed, { size: 0, mtimeMs: 0, root: music.root });
    expect(result.ok && result.track.format).toBe("mp3");
  });

  it("names an upload by the source it is given", async () => {
    const file = music.file("Beyonce/Dangerously/02 - Baby.mp3").path;
    const result = await readTrack(file, {
      size: 0,
      mtimeMs: 0,
      root: path.dirname(file),
      source: "uploads/abc",
    });
    expect(result.ok && result.track.source).toBe("uploads/abc");
  });

  it("finds a file cut short after its first 30 seconds (the decode checks the end too)", async () => {
    const long = path.join(dir, "long.mp3");
    await runFfmpeg([
      "-f",
      "lavfi",
      "-i",
      "sine=duration=50",
      "-ac",
      "1",
      "-c:a",
      "libmp3lame",
      "-b:a",
      "32k",
      long,
    ]);
    expect((await readTrack(long, { size: 0, mtimeMs: 0, root: music.root })).ok).toBe(true);
    const bytes = await readFile(long);
    const cut = path.join(dir, "cut-at-40s.mp3");
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    const result = await readTrack(cut, { size: 0, mtimeMs: 0, root: music.root });
    expect(result).toMatchObject({ ok: false, skipped: { reason: "Corrupt or truncated audio" } });
  });

  it("reports a file that went away between the walk and the read", async () => {
    const gone = path.join(dir, "gone.mp3");
    const result = await readTrack(gone, { size: 10, mtimeMs: 0, root: music.root });
    expect(result).toEqual({ ok: false, skipped: { source: gone, reason: "Cannot read file: ENOENT" } });
  });

  // Root reads files whatever their mode; this machine's CI may run as root.
  it.skipIf(process.getuid?.() === 0)("reports a file it may not read", async () => {
    const locked = path.join(dir, "locked.mp3");
    await copyFile(music.file("Beyonce/Dangerously/01 - Crazy.mp3").path, locked);
    await chmod(locked, 0o000);
    const result = await readTrack(locked, { size: 0, mtimeMs: 0, root: music.root });
    expect(result).toEqual({ ok: false, skipped: { source: locked, reason: "Cannot read file: EACCES" } });
    await rm(locked, { force: true });
  });
});
