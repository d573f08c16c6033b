// A music folder written by someone else: links to /etc/passwd and /dev/zero, a FIFO named like music, a folder
// link out of MUSIC_DIR, a loop, and tags no tagger would write (a 1 MB title, a 2,500-letter word, 1,000
// genres). The scan ends, reads nothing outside its roots, keeps the catalog's limits, and still takes the good
// files; a folder link out is followed only when the operator sets MUSIC_FOLLOW_SYMLINKS=1.
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { makeTrack, waitForScan, type ScanDto } from "./helpers/library.js";
import { writeFlacTags } from "./helpers/flac-tags.js";

const LONG_WORD = "a".repeat(2500);
/**
 * Far more than the walk and the reads of a dozen short files take on a loaded CI machine: it tells a slow
 * machine from a hang (a FIFO or /dev/zero read waits forever).
 */
const SCAN_BUDGET_MS = 120_000;

let music: string;
let outside: string;

async function makeHostileFolder() {
  music = await mkdtemp(path.join(tmpdir(), "pb-hostile-"));
  outside = await mkdtemp(path.join(tmpdir(), "pb-outside-"));
  await makeTrack(music, "Good/Album/01 - Fine.flac", { title: "Fine Song", artist: "Good Artist" });
  // NUL is refused by PostgreSQL in text and JSON: it must not fail the song (or the scan).
  await writeFile(path.join(music, "Good", "Album", "01 - Fine.lrc"), "[00:01.00]hello\0 there\n");
  // A loop inside the root: walked once.
  await symlink(path.join(music, "Good"), path.join(music, "Good", "Album", "loop"));

  await makeTrack(music, "Leak/01 - Leak.mp3", { title: "Leaky" }, { frequency: 500 });
  await symlink("/etc/passwd", path.join(music, "Leak", "01 - Leak.lrc"));
  await symlink("/etc/passwd", path.join(music, "Leak", "cover.jpg"));

  await makeTrack(music, "Zero/01 - Zero.mp3", { title: "Zero" }, { frequency: 520 });
  await symlink("/dev/zero", path.join(music, "Zero", "01 - Zero.lrc"));
  await symlink("/dev/zero", path.join(music, "Zero", "cover.jpg"));
  await symlink("/dev/zero", path.join(music, "Zero", "02 - Endless.mp3"));

  await makeTrack(music, "Fifo/01 - Piped.mp3", { title: "Piped" }, { frequency: 540 });
  execFileSync("mkfifo", [
    path.join(music, "Fifo", "01 - Piped.lrc"),
    path.join(music, "Fifo", "02 - Pipe.mp3"),
  ]);

  await makeTrack(outside, "Elsewhere/01 - Outside.mp3", { title: "Outside Song" }, { frequency: 560 });
  await symlink(path.join(outside, "Elsewhere"), path.join(music, "Linked"));
  await mkdir(path.join(music, "Loose"));
  await symlink(
    path.join(outside, "Elsewhere", "01 - Outside.mp3"),
    path.join(music, "Loose", "outside.mp3"),
  );

  const huge = await makeTrack(music, "Huge/01 - Huge.flac", {}, { frequency: 580 });
  // FFmpeg reads these tags on each of its passes over the file (decode check, loudness, two encodes) in time
  // that grows with the square of a repeated key's count and of the lyrics' lines: 10,000 genres and 120,000
  // lines cost 13 s of CPU a pass. The counts stay far over what the scan takes (50 genres, 2,000 lines, 256 KB).
  await writeFlacTags(huge, [
    ["TITLE", "lorem ".repeat(175_000)],
    ["ARTIST", Array.from({ length: 10_000 }, (_, i) => `Name ${i}`).join("; ")],
    ["ALBUM", "album ".repeat(20_000)],
    ...Array.from({ length: 1_000 }, (_, i) => ["GENRE", `Genre ${i} ${"x".repeat(100)}`] as const),
    ["LYRICS", "la la la\n".repeat(40_000)],
  ]);
  const word = await makeTrack(music, "Word/01 - Word.flac", {}, { frequency: 600 });
  await writeFlacTags(word, [
    ["TITLE", LONG_WORD],
    ["ARTIST", "b".repeat(2500)],
    ["GENRE", "c".repeat(2500)],
    ["ALBUM", "Nul\0Album"],
  ]);
}

describe.each(testBackends())("a hostile music folder scanned on %s", (kind) => {
  let t: TestServer;
  let admin: Client;
  let scan: ScanDto;

  beforeAll(async () => {
    await makeHostileFolder();
    const adminUid = `hostile-admin-${kind}`;
    t = await startTestServer(kind, { musicRoots: [music], adminUids: new Set([adminUid]) });
    admin = new Client(t.url);
    await admin.signInWithPi("hostile-admin", adminUid);
    scan = await waitForScan(admin, undefined, SCAN_BUDGET_MS * 2);
  }, SCAN_BUDGET_MS * 3);
  afterAll(async () => {
    await t?.close();
    await rm(music, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  const songByTitle = async (prefix: string) =>
    (
      await t.query<{
        id: string;
        title: string;
        genre: string | null;
        artist: string;
        album: string | null;
      }>(
        `SELECT s.id, s.title, s.genre, a.name AS artist, al.title AS album
         FROM songs s JOIN artists a ON a.id = s.artist_id LEFT JOIN albums al ON al.id = s.album_id
         WHERE s.source IS NOT NULL AND s.title LIKE $1`,
        [`${prefix}%`],
      )
    )[0];

  it("finishes, takes the good files, and says why it left the others", async () => {
    expect(scan.state).toBe("finished");
    expect(Date.parse(scan.finishedAt!) - Date.parse(scan.startedAt)).toBeLessThan(SCAN_BUDGET_MS);
    for (const title of ["Fine Song", "Leaky", "Zero", "Piped", "lorem lorem", "aaaa"])
      expect(await songByTitle(title), title).toBeDefined();
    const reasons = Object.fromEntries(scan.skipped.map((s) => [path.relative(music, s.source), s.reason]));
    expect(reasons).toMatchObject({
      "Fifo/02 - Pipe.mp3": "Not a regular file",
      // A link to /dev/zero is refused before anything opens it: its real path is outside the folder.
      "Zero/02 - Endless.mp3": expect.stringContaining("outside MUSIC_DIR"),
      "Loose/outside.mp3": expect.stringContaining("outside MUSIC_DIR"),
      Linked: expect.stringContaining("MUSIC_FOLLOW_SYMLINKS=1"),
    });
  });

  it("keeps lyrics that held a NUL", async () => {
    const fine = (await songByTitle("Fine Song"))!;
    const [lyrics] = await t.query<{ lines: unknown }>(`SELECT lines FROM lyrics WHERE song_id = $1`, [
      fine.id,
    ]);
    expect(lyrics!.lines).toEqual([{ timeMs: 1000, text: "hello there" }]);
  });

  it("never reads a file outside MUSIC_DIR: no lyrics or cover from /etc/passwd, no song from a folder link out", async () => {
    expect(await songByTitle("Outside Song")).toBeUndefined();
    const leaky = (await songByTitle("Leaky"))!;
    const lyrics = await new Client(t.url).get<unknown>(`/api/songs/${leaky.id}/lyrics`);
    expect(JSON.stringify(lyrics.body)).not.toContain("root:");
    expect(await t.query(`SELECT song_id FROM lyrics WHERE song_id = $1`, [leaky.id])).toEqual([]);
    const [zero] = await t.query<{ image_url: string | null }>(
      `SELECT image_url FROM songs WHERE title = 'Zero'`,
    );
    expect(zero!.image_url).toBeNull();
  });

  it("cuts titles, names and genres to the catalog's limits, at a word where there is one", async () => {
    const huge = (await songByTitle("lorem lorem"))!;
    expect(huge.title.length).toBeLessThanOrEqual(200);
    expect(huge.title).toMatch(/^(lorem )+lorem…$/);
    expect(huge.artist).toBe("Name 0");
    expect(huge.album!.length).toBeLessThanOrEqual(200);
    expect(huge.genre!.length).toBeLessThanOrEqual(60);
    const [lyrics] = await t.query<{ lines: unknown[] }>(`SELECT lines FROM lyrics WHERE song_id = $1`, [
      huge.id,
    ]);
    expect(lyrics!.lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lyrics!.lines).length).toBeLessThan(200_000);

    const word = (await songByTitle("aaaa"))!;
    expect(word.title).toBe(`${"a".repeat(199)}…`);
    expect(word.album).toBe("NulAlbum");
    expect(word.artist.length).toBeLessThanOrEqual(200);
    expect(word.genre!.length).toBeLessThanOrEqual(60);
  });

  it("answers a search at once after the catalog took the 2,500-letter word", async () => {
    const listener = new Client(t.url);
    const started = performance.now();
    const res = await listener.get<unknown>(`/api/search?q=${"a".repeat(30)}`);
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  describe("with MUSIC_FOLLOW_SYMLINKS=1", () => {
    let linked: string;
    let opted: TestServer;

    beforeAll(async () => {
      linked = await mkdtemp(path.join(tmpdir(), "pb-linked-"));
      await symlink(path.join(outside, "Elsewhere"), path.join(linked, "Elsewhere"));
      const adminUid = `follow-admin-${kind}`;
      opted = await startTestServer(kind, {
        musicRoots: [linked],
        musicFollowSymlinks: true,
        adminUids: new Set([adminUid]),
      });
      const optedAdmin = new Client(opted.url);
      await optedAdmin.signInWithPi("follow-admin", adminUid);
      await waitForScan(optedAdmin);
    });
    afterAll(async () => {
      await opted?.close();
      await rm(linked, { recursive: true, force: true });
    });

    it("takes the songs of a folder linked from outside", async () => {
      expect(await opted.query(`SELECT id FROM songs WHERE title = 'Outside Song'`)).toHaveLength(1);
    });
  });
});
