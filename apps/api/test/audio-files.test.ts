// The walk over MUSIC_DIR roots: every audio file once, hidden things and non-audio left out, loops and broken
// links survived, unreadable folders reported instead of thrown.
import { createHash } from "node:crypto";
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAudioFiles, hashFile, type WalkEntry } from "../src/domain/library/audio-files.js";
import { makeMusicFolder, type MusicFolder } from "./helpers/audio-fixtures.js";

let music: MusicFolder;
let second: string;

beforeAll(async () => {
  music = await makeMusicFolder();
  second = await mkdtemp(path.join(tmpdir(), "pb-music-second-"));
  await mkdir(path.join(second, "Other Artist", "Other Album"), { recursive: true });
  await copyFile(music.files[0]!.path, path.join(second, "Other Artist", "Other Album", "01 - Copy.MP3"));
  // A loop back to the root, and a link into the first root's tree (walked already).
  await symlink(second, path.join(second, "Other Artist", "loop"));
  await symlink(path.join(music.root, "Beyonce"), path.join(second, "Beyonce link"));
  await symlink(path.join(second, "nowhere.flac"), path.join(second, "dangling.flac"));
});
afterAll(async () => {
  await music?.remove();
  if (second) await rm(second, { recursive: true, force: true });
});

async function walk(roots: string[]): Promise<WalkEntry[]> {
  const entries: WalkEntry[] = [];
  for await (const entry of findAudioFiles(roots)) entries.push(entry);
  return entries;
}
const found = (entries: WalkEntry[]) => entries.flatMap((e) => (e.ok ? [e.file] : []));
const skipped = (entries: WalkEntry[]) => entries.flatMap((e) => (e.ok ? [] : [e.skipped]));

describe("findAudioFiles", () => {
  it("finds every audio file under two roots once, with its size, time and root", async () => {
    const entries = await walk([music.root, second]);
    const files = found(entries);
    const copy = path.join(second, "Other Artist", "Other Album", "01 - Copy.MP3");
    expect(files.map((f) => f.path).sort()).toEqual([...music.files.map((f) => f.path), copy].sort());
    for (const file of files) {
      const info = await stat(file.path);
      expect(file).toEqual({
        path: file.path,
        size: info.size,
        mtimeMs: info.mtimeMs,
        root: file.path === copy ? second : music.root,
        bounds: expect.any(Array),
      });
    }
    for (const hidden of music.hidden) expect(files.map((f) => f.path)).not.toContain(hidden);
    expect(skipped(entries)).toEqual([
      { source: path.join(second, "dangling.flac"), reason: "Cannot read file: ENOENT" },
    ]);
  });

  it("walks roots inside each other once", async () => {
    const files = found(await walk([music.root, path.join(music.root, "Purple Band"), music.root]));
    expect(files).toHaveLength(music.files.length);
  });

  it("reports roots it cannot walk and goes on", async () => {
    const missing = path.join(second, "not-there");
    const entries = await walk([missing, music.files[0]!.path, second]);
    expect(skipped(entries).slice(0, 2)).toEqual([
      { source: missing, reason: "Cannot read folder: ENOENT" },
      { source: music.files[0]!.path, reason: "Not a folder" },
    ]);
    expect(found(entries).length).toBeGreaterThan(0);
  });

  // Root reads any folder whatever its mode; this machine's CI may run as root.
  it.skipIf(process.getuid?.() === 0)("reports a folder it may not read", async () => {
    const locked = path.join(second, "Locked");
    await mkdir(locked);
    await chmod(locked, 0o000);
    const entries = await walk([second]);
    expect(skipped(entries)).toContainEqual({ source: locked, reason: "Cannot read folder: EACCES" });
    await chmod(locked, 0o755);
  });
});

describe("hashFile", () => {
  it("is the sha256 of the file's bytes", async () => {
    const file = path.join(second, "bytes.bin");
    await writeFile(file, Buffer.alloc(3 * 1024 * 1024, 7));
    const expected = createHash("sha256")
      .update(await readFile(file))
      .digest("hex");
    expect(await hashFile(file)).toBe(expected);
  });
});
