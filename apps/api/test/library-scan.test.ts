// MUSIC_DIR in, songs out: real files made with FFmpeg are scanned, encoded (renditions read back at 128 and
// 320 kbps), measured, matched to one artist across case and accents, kept as one compilation; bad files are
// reported; a re-scan never duplicates; a vanished file hides its song.
import { copyFile, mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBuffer, parseFile } from "music-metadata";
import { testBackends } from "@purplebeats/db/testing";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { makeTrack, waitForScan, type ScanDto } from "./helpers/library.js";

describe.each(testBackends())("library scan on %s", (kind) => {
  let t: TestServer;
  let music: string;
  let admin: Client;

  beforeAll(async () => {
    music = await mkdtemp(path.join(tmpdir(), "pb-music-"));
    await makeTrack(music, "Beyoncé/Album One/01 - Song A.flac", {
      title: "Song A",
      artist: "Beyoncé",
      album: "Album One",
      track: 1,
    });
    await makeTrack(
      music,
      "beyonce/album one/02 - Song B.mp3",
      { title: "Song B", artist: "BEYONCE", album: "album one", track: 2 },
      { kbps: 192, frequency: 660 },
    );
    await makeTrack(
      music,
      "Hits/01.mp3",
      {
        title: "Hit X",
        artist: "Artist X",
        album: "Hits",
        album_artist: "Various Artists",
        compilation: "1",
      },
      { frequency: 550 },
    );
    await makeTrack(
      music,
      "Hits/02.mp3",
      {
        title: "Hit Y",
        artist: "Artist Y",
        album: "Hits",
        album_artist: "Various Artists",
        compilation: "1",
      },
      { frequency: 770 },
    );
    mkdirSync(path.join(music, "Bad"));
    await writeFile(path.join(music, "Bad", "corrupt.mp3"), Buffer.alloc(4096, 7));
    await writeFile(path.join(music, "Bad", "empty.flac"), "");
    const adminUid = `admin-${kind}`;
    t = await startTestServer(kind, { musicRoots: [music], adminUids: new Set([adminUid]) });
    admin = new Client(t.url);
    await admin.signInWithPi("scan-admin", adminUid);
  });
  afterAll(async () => {
    await t?.close();
    await rm(music, { recursive: true, force: true });
  });

  it("scans MUSIC_DIR at start: songs with renditions and loudness, one artist, one compilation", async () => {
    const scan = await waitForScan(admin);
    expect(scan.state).toBe("finished");
    expect(scan.counts).toMatchObject({ found: 6, ingested: 4 });
    expect(scan.skipped.map((s) => path.basename(s.source)).sort()).toEqual(["corrupt.mp3", "empty.flac"]);
    expect(scan.skipped.every((s) => s.reason.length > 0)).toBe(true);
    expect(scan.encode).toMatchObject({ queued: 0, active: 0, completed: 4, failed: 0 });

    const songs = await t.query<{
      title: string;
      artist: string;
      album: string | null;
      standard_key: string;
      high_key: string;
      high_kbps: number;
      low_key: string;
      low_kbps: number;
      loudness_lufs: number;
      true_peak_db: number;
      album_loudness_lufs: number;
    }>(
      `SELECT s.title, a.name AS artist, al.title AS album, s.standard_key, s.high_key, s.high_kbps, s.low_key, s.low_kbps,
         s.loudness_lufs,
         s.true_peak_db, s.album_loudness_lufs
       FROM songs s JOIN artists a ON a.id = s.artist_id LEFT JOIN albums al ON al.id = s.album_id
       WHERE s.source IS NOT NULL ORDER BY s.title`,
    );
    expect(songs.map((s) => s.title)).toEqual(["Hit X", "Hit Y", "Song A", "Song B"]);
    // A compilation: one album, each track its own artist.
    expect(songs.slice(0, 2).map((s) => [s.artist, s.album])).toEqual([
      ["Artist X", "Hits"],
      ["Artist Y", "Hits"],
    ]);
    // 'Beyoncé' / 'BEYONCE' and 'Album One' / 'album one': one artist, one album (the first spelling read).
    const [a, b] = songs.slice(2);
    expect([b!.artist, b!.album]).toEqual([a!.artist, a!.album]);
    expect(["Beyoncé", "BEYONCE"]).toContain(a!.artist);
    expect(await t.query(`SELECT id FROM albums WHERE match_key = 'hits'`)).toHaveLength(1);
    for (const song of songs) {
      expect(song.loudness_lufs).toBeLessThan(0);
      expect(song.true_peak_db).toBeLessThanOrEqual(1);
      expect(song.album_loudness_lufs).toBeLessThan(0);
    }
    // Renditions really are what they say: read back from the media folder.
    const songA = songs.find((s) => s.title === "Song A")!;
    const standard = await parseFile(path.join(t.config.mediaDir, songA.standard_key));
    const high = await parseFile(path.join(t.config.mediaDir, songA.high_key));
    expect(standard.format.bitrate).toBe(128_000);
    expect(high.format.bitrate).toBe(320_000);
    // The data saver: 64 kbps at the 24 kHz LAME itself picks for that rate, for every song.
    const low = await parseFile(path.join(t.config.mediaDir, songA.low_key));
    expect([low.format.bitrate, low.format.sampleRate, low.format.codec]).toEqual([
      64_000,
      24_000,
      "MPEG 2 Layer 3",
    ]);
    expect(songs.every((song) => song.low_kbps === 64)).toBe(true);
    // A lossy source at or under 320 kbps is its own high rendition.
    const songB = songs.find((s) => s.title === "Song B")!;
    expect(songB.high_kbps).toBe(192);
    expect((await parseFile(path.join(t.config.mediaDir, songB.high_key))).format.bitrate).toBe(192_000);
    // Visible in the catalog once made.
    const list = await new Client(t.url).get<
      Array<{ title: string; loudness: { trackLufs: number; albumLufs: number } | null }>
    >("/api/songs?limit=10");
    expect(list.body.map((s) => s.title)).toEqual(expect.arrayContaining(["Song A", "Hit X"]));
    // The player's normalisation reads the loudness from the song.
    const listed = list.body.find((s) => s.title === "Song A")!;
    expect(listed.loudness!.trackLufs).toBeCloseTo(songA.loudness_lufs, 3);
    expect(listed.loudness!.albumLufs).toBeLessThan(0);
  });

  it("re-scans without duplicates, the same music under another name included", async () => {
    await copyFile(path.join(music, "Hits/01.mp3"), path.join(music, "Hits/01 (copy).mp3"));
    const before = await t.query(`SELECT id FROM songs`);
    const started = await admin.post<ScanDto>("/api/admin/library/scan");
    expect(started.status).toBe(202);
    const scan = await waitForScan(admin, started.body.id);
    expect(scan.counts).toMatchObject({ found: 7, ingested: 0, unchanged: 5 });
    expect(await t.query(`SELECT id FROM songs`)).toHaveLength(before.length);
  });

  it("updates the same song when its file is edited in place (likes and playlist entries keep it)", async () => {
    const [before] = await t.query<{ id: string; standard_key: string; content_hash: string }>(
      `SELECT id, standard_key, content_hash FROM songs WHERE title = 'Song A'`,
    );
    const listener = new Client(t.url);
    const uid = await listener.asGuest();
    await t.query(`INSERT INTO liked_songs (user_id, song_id) VALUES ($1, $2)`, [uid, before!.id]);
    await t.query(`INSERT INTO playlists (id, name, created_by) VALUES ('edit-in-place', 'Edited', $1)`, [
      uid,
    ]);
    await t.query(
      `INSERT INTO playlist_songs (playlist_id, song_id, position) VALUES ('edit-in-place', $1, 0)`,
      [before!.id],
    );
    const songCount = (await t.query(`SELECT id FROM songs`)).length;
    // Retagged and re-encoded at the same path: size, time and hash all change.
    await makeTrack(
      music,
      "Beyoncé/Album One/01 - Song A.flac",
      { title: "Song A (Remastered)", artist: "Beyoncé", album: "Album One", track: 1 },
      { frequency: 880, seconds: 4 },
    );
    const started = await admin.post<ScanDto>("/api/admin/library/scan");
    const scan = await waitForScan(admin, started.body.id);
    expect(scan.encode.failed).toBe(0);

    expect(await t.query(`SELECT id FROM songs`)).toHaveLength(songCount);
    const [after] = await t.query<{
      id: string;
      title: string;
      duration: number;
      standard_key: string;
      content_hash: string;
    }>(
      `SELECT id, title, duration, standard_key, content_hash FROM songs WHERE source LIKE '%01 - Song A.flac'`,
    );
    expect(after!.id).toBe(before!.id);
    expect(after!.title).toBe("Song A (Remastered)");
    expect(after!.duration).toBe(4);
    expect(after!.content_hash).not.toBe(before!.content_hash);
    expect(after!.standard_key).not.toBe(before!.standard_key);
    // What listeners see: the new title in their likes and the playlist, and the new audio streamed.
    const playlist = await listener.get<{ songs: Array<{ id: string; title: string }> }>(
      "/api/playlists/edit-in-place",
    );
    expect(playlist.body.songs.map((s) => [s.id, s.title])).toEqual([[before!.id, "Song A (Remastered)"]]);
    expect(await t.query(`SELECT 1 FROM liked_songs WHERE song_id = $1`, [before!.id])).toHaveLength(1);
    const stream = await fetch(`${t.url}/api/songs/${before!.id}/stream`, {
      headers: { cookie: listener.cookie }, // the stream needs a session
    });
    expect(stream.status).toBe(200);
    const audio = await parseBuffer(new Uint8Array(await stream.arrayBuffer()), { mimeType: "audio/mpeg" });
    expect(Math.round(audio.format.duration!)).toBe(4);
  });

  it("hides the song of a vanished file, keeping its likes", async () => {
    const [song] = await t.query<{ id: string }>(`SELECT id FROM songs WHERE title = 'Hit Y'`);
    const uid = await new Client(t.url).asGuest();
    await t.query(`INSERT INTO liked_songs (user_id, song_id) VALUES ($1, $2)`, [uid, song!.id]);
    await unlink(path.join(music, "Hits/02.mp3"));
    const started = await admin.post<ScanDto>("/api/admin/library/scan");
    const scan = await waitForScan(admin, started.body.id);
    expect(scan.counts.missing).toBe(1);
    const [row] = await t.query<{ unavailable: boolean }>(`SELECT unavailable FROM songs WHERE id = $1`, [
      song!.id,
    ]);
    expect(row!.unavailable).toBe(true);
    const visitor = new Client(t.url);
    await visitor.asGuest(); // the stream needs a session
    expect((await visitor.get(`/api/songs/${song!.id}/stream`)).status).toBe(404);
    const list = await new Client(t.url).get<Array<{ id: string }>>("/api/songs?limit=50");
    expect(list.body.map((s) => s.id)).not.toContain(song!.id);
    expect(await t.query(`SELECT 1 FROM liked_songs WHERE song_id = $1`, [song!.id])).toHaveLength(1);
  });

  it("lets only admins scan and read reports", async () => {
    const guest = new Client(t.url);
    await guest.asGuest();
    expect((await guest.post("/api/admin/library/scan")).status).toBe(403);
    expect((await guest.get("/api/admin/library/scans/latest")).status).toBe(403);
    expect((await new Client(t.url).post("/api/admin/library/scan")).status).toBe(401);
  });
});
