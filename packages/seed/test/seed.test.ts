import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseFile } from "music-metadata";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_PLAYLIST_IDS, SYSTEM_USER_ID } from "@purplebeats/db";
import {
  catalog,
  generateSongAudio,
  MANIFEST_FILE,
  plannedDurations,
  seedCatalog,
  writeCatalogMedia,
} from "../src/index.js";
import { catalogImages, songAudioInput } from "../src/media.js";
import { ARTWORK_PIXELS } from "../src/artwork-raster.js";
import { artistImageUrlFor, coverUrlFor } from "../src/catalog-model.js";
import { createTestDatabase, testBackends, type TestDatabase } from "@purplebeats/db/testing";

// Generating every song takes about a minute, so the whole file shares one media folder.
let mediaDir: string;
let firstRun: Awaited<ReturnType<typeof writeCatalogMedia>>;
let firstRunSeconds: number;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "purplebeats-media-"));
  const started = performance.now();
  firstRun = await writeCatalogMedia(mediaDir, catalog, { log: (m) => console.log(m) });
  firstRunSeconds = (performance.now() - started) / 1000;
  console.log(`media generated in ${firstRunSeconds.toFixed(1)} s`);
});

afterAll(async () => {
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

const audioFile = (slug: string) => path.join(mediaDir, "audio", `${slug}.mp3`);

describe("seed media", () => {
  it("writes every audio file, cover and artist image", () => {
    expect(firstRun.written).toBe(
      catalog.songs.length + catalog.albums.length + catalog.playlists.length + catalog.artists.length,
    );
    expect(firstRun.durations.size).toBe(catalog.songs.length);
  });

  it("writes covers and artist images as square WebP raster images where their URLs point", async () => {
    const served = new Set([
      ...catalog.albums.map((a) => coverUrlFor(a.slug)),
      ...catalog.playlists.map((p) => coverUrlFor(p.id)),
      ...catalog.artists.map((a) => artistImageUrlFor(a.slug)),
    ]);
    const images = catalogImages(catalog);
    expect(new Set(images.map((image) => `/media/${image.file}`))).toEqual(served);
    const colours = new Set<string>();
    for (const image of images) {
      const file = await readFile(path.join(mediaDir, image.file));
      const { format, width, height } = await sharp(file).metadata();
      expect({ format, width, height }, image.file).toEqual({
        format: "webp",
        width: ARTWORK_PIXELS,
        height: ARTWORK_PIXELS,
      });
      const { dominant } = await sharp(file).stats();
      colours.add(`${dominant.r},${dominant.g},${dominant.b}`);
    }
    // Drawn, not blank: each cover has its own gradient.
    expect(colours.size).toBeGreaterThan(images.length / 2);
  });

  it("writes MP3s whose decoded length matches the recorded duration", async () => {
    for (const song of catalog.songs) {
      const metadata = await parseFile(audioFile(song.slug), { duration: true });
      const recorded = firstRun.durations.get(song.slug)!;
      expect(metadata.format.container, song.slug).toBe("MPEG");
      expect(metadata.format.sampleRate, song.slug).toBe(44100);
      expect(metadata.format.numberOfChannels, song.slug).toBe(1);
      expect(metadata.format.duration!, song.slug).toBeGreaterThanOrEqual(30);
      expect(metadata.format.duration!, song.slug).toBeLessThanOrEqual(46);
      expect(Math.abs(metadata.format.duration! - recorded), song.slug).toBeLessThanOrEqual(1);
    }
  });

  it("knows each song's duration from its plan, before synthesising it (a server seeds rows first)", () => {
    expect(plannedDurations(catalog)).toEqual(firstRun.durations);
  });

  it("varies song lengths", () => {
    expect(new Set(firstRun.durations.values()).size).toBeGreaterThan(8);
  });

  it("generates the same bytes every time, in a worker or not", async () => {
    // The file came from a worker thread; this second rendering runs on the test's own thread.
    const song = catalog.songs.find((s) => s.genre === "Jazz")!;
    const again = await generateSongAudio(songAudioInput(song));
    expect(Buffer.from(again.mp3).equals(await readFile(audioFile(song.slug)))).toBe(true);
    expect(again.sampleCount / 44100).toBeCloseTo(firstRun.durations.get(song.slug)!, -0.3);
  });

  it("gives every song different audio", async () => {
    const hashes = new Set<string>();
    for (const song of catalog.songs)
      hashes.add((await readFile(audioFile(song.slug))).subarray(4000, 8000).toString("base64"));
    expect(hashes.size).toBe(catalog.songs.length);
  });

  it("skips files that are already there", async () => {
    const started = performance.now();
    const again = await writeCatalogMedia(mediaDir, catalog);
    expect(again.written).toBe(0);
    expect(again.durations).toEqual(firstRun.durations);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("regenerates damaged files (audio and a cover) and one made by another generator version", async () => {
    const [damaged, outdated] = catalog.songs.filter((s) => s.genre === "Ambient");
    const original = await readFile(audioFile(damaged!.slug));
    await writeFile(audioFile(damaged!.slug), original.subarray(0, 1000));
    const manifestPath = path.join(mediaDir, MANIFEST_FILE);
    const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as {
      files: Record<string, { source: string }>;
    };
    manifest.files[`audio/${outdated!.slug}.mp3`]!.source = "generator-0";
    await writeFile(manifestPath, JSON.stringify(manifest));

    const cover = path.join(mediaDir, catalogImages(catalog)[0]!.file);
    const coverBytes = await readFile(cover);
    await writeFile(cover, "<svg/>");

    const repaired = await writeCatalogMedia(mediaDir, catalog);
    expect(repaired.written).toBe(3);
    expect((await readFile(cover)).equals(coverBytes)).toBe(true);
    expect((await readFile(audioFile(damaged!.slug))).equals(original)).toBe(true);
  });
});

const TABLES = ["users", "artists", "albums", "songs", "playlists", "playlist_songs"];

async function dumpTables(db: TestDatabase): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const table of TABLES)
    dump[table] = await db.dataSource.query(`SELECT * FROM "${table}" ORDER BY "id"`);
  return dump;
}

const backends = testBackends("seeds started at once take the startup lock on separate connections");
describe.each(backends)("seedCatalog on %s", (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("starts from a schema without drift", async () => {
    const pending = await db.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries).toEqual([]);
  });

  it("seeds the catalog", async () => {
    const report = await seedCatalog(db.dataSource, { mediaDir });
    expect(report).toEqual({
      artists: catalog.artists.length,
      albums: catalog.albums.length,
      songs: catalog.songs.length,
      playlists: 5,
      mediaWritten: 0,
    });
    const [counts] = await db.dataSource.query(
      `SELECT (SELECT count(*) FROM songs)::int AS songs, (SELECT count(*) FROM artists)::int AS artists,
              (SELECT count(DISTINCT genre) FROM songs)::int AS genres, (SELECT count(*) FROM albums)::int AS albums`,
    );
    expect(counts.songs).toBeGreaterThanOrEqual(40);
    expect(counts.artists).toBeGreaterThanOrEqual(10);
    expect(counts.genres).toBeGreaterThanOrEqual(6);
    expect(counts.albums).toBe(catalog.albums.length);
  });

  it("owns the system playlists by the system user, with counts and positions that agree", async () => {
    const [user] = await db.dataSource.query(`SELECT id, username, kind FROM users WHERE id = $1`, [
      SYSTEM_USER_ID,
    ]);
    expect(user).toEqual({ id: SYSTEM_USER_ID, username: "PurpleBeats", kind: "system" });
    for (const id of SYSTEM_PLAYLIST_IDS) {
      const [playlist] = await db.dataSource.query(
        `SELECT song_count, created_by, image_url FROM playlists WHERE id = $1`,
        [id],
      );
      expect(playlist.created_by).toBe(SYSTEM_USER_ID);
      expect(playlist.image_url).toBe(`/media/covers/${id}.webp`);
      const rows: Array<{ position: number }> = await db.dataSource.query(
        `SELECT position FROM playlist_songs WHERE playlist_id = $1 ORDER BY position`,
        [id],
      );
      expect(playlist.song_count).toBe(rows.length);
      expect(rows.map((r) => r.position)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
    }
  });

  it("stores media URLs whose files exist and durations that match the audio", async () => {
    const songs: Array<{ duration: number; audio_url: string; image_url: string }> =
      await db.dataSource.query(`SELECT duration, audio_url, image_url FROM songs`);
    for (const song of songs) {
      expect(song.audio_url).toMatch(/^\/media\/audio\/[a-z0-9-]+\.mp3$/);
      const file = path.join(mediaDir, song.audio_url.replace(/^\/media\//, ""));
      const metadata = await parseFile(file, { duration: true });
      expect(song.duration).toBeGreaterThanOrEqual(30);
      expect(Math.abs(metadata.format.duration! - song.duration), song.audio_url).toBeLessThanOrEqual(1);
      await expect(
        readFile(path.join(mediaDir, song.image_url.replace(/^\/media\//, ""))),
      ).resolves.toBeTruthy();
    }
    const artists: Array<{ image_url: string }> = await db.dataSource.query(`SELECT image_url FROM artists`);
    for (const artist of artists) {
      await expect(
        readFile(path.join(mediaDir, artist.image_url.replace(/^\/media\//, ""))),
      ).resolves.toBeTruthy();
    }
  });

  it("changes nothing when run again, and keeps listeners' play counts", async () => {
    await db.dataSource.query(`UPDATE songs SET play_count = 7, last_played = now() WHERE id = $1`, [
      catalog.songs[0]!.id,
    ]);
    const before = await dumpTables(db);
    const report = await seedCatalog(db.dataSource, { mediaDir });
    expect(report.mediaWritten).toBe(0);
    expect(await dumpTables(db)).toEqual(before);
    const [song] = await db.dataSource.query(`SELECT play_count FROM songs WHERE id = $1`, [
      catalog.songs[0]!.id,
    ]);
    expect(song.play_count).toBe(7);
  });
});
