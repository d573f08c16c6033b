// A first start: the server listens before the seed's media is ready (minutes of synthesis and encoding)
// and does that work in the background, while a listener who plays a seed song meanwhile hears it.
import { fork, type ChildProcess } from "node:child_process";
import type * as ChildProcesses from "node:child_process";
import { createHash } from "node:crypto";
import { access, cp, mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it, vi } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { catalog, DEFAULT_MEDIA_DIR } from "@purplebeats/seed";
import { STANDARD_KBPS } from "@purplebeats/media";
import { renditionKey } from "../src/infra/storage/media-store.js";
import type { PurpleBeatsServer } from "../src/server.js";
import { Client, createTestServer } from "./helpers/server.js";

// The real fork, watched: which processes the server starts (the seed's media are written in a child).
vi.mock("node:child_process", async (importOriginal) => {
  const original = await importOriginal<typeof ChildProcesses>();
  return { ...original, fork: vi.fn(original.fork) };
});

const kind = testBackends().at(-1)!;
/** Songs whose renditions a start still has to encode: as many as it encodes at once, so they come last. */
const UNENCODED_SONGS = 4;
let server: PurpleBeatsServer | undefined;
let mediaDir = "";

afterEach(async () => {
  await server?.stop();
  server = undefined;
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  mediaDir = "";
});

/** A guest's request for a song's standard stream, as the player makes it. */
async function guestStream(url: string): Promise<(songId: string) => Promise<Response>> {
  const guest = new Client(url);
  await guest.asGuest();
  return (songId) =>
    fetch(`${url}/api/songs/${songId}/stream?quality=standard`, { headers: { cookie: guest.cookie } });
}

/** A song's audioUrl as the catalog lists it to this caller (newest first, paged by X-Next-Cursor). */
async function listedAudioUrl(client: Client, songId: string): Promise<string | null | undefined> {
  let path = "/api/songs?limit=50";
  for (;;) {
    const page = await client.get<Array<{ id: string; audioUrl: string | null }>>(path);
    const found = page.body.find((listed) => listed.id === songId);
    const cursor = page.headers.get("x-next-cursor");
    if (found || !cursor) return found?.audioUrl;
    path = `/api/songs?limit=50&cursor=${encodeURIComponent(cursor)}`;
  }
}

/** The seed's media writers forked so far (the child processes that synthesise the clips). */
const mediaWriters = (): ChildProcess[] =>
  vi
    .mocked(fork)
    .mock.results.map((result) => result.value as ChildProcess)
    .filter((child) => child.spawnargs.some((arg) => arg.includes("media-child-entry")));

// An empty MEDIA_DIR: the listener is not told 'Song not found': the clip they asked for is synthesised
// next, ahead of the others, and the stream answers it once written. The synthesis runs in a child process
// (its buffers, hundreds of MB, stayed in the API's resident memory after a first start).
it(`streams a seed song asked for before its clip is written, ahead of the rest (${kind})`, async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "pb-empty-media-"));
  server = (await createTestServer(kind, { mediaDir, seed: true, seedRenditions: false })).server;
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampling = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 100);
  const url = await server.start();

  // The catalog's last song: the background writer reaches it last when nobody asks for it.
  const [song] = await server.db.dataSource.query<Array<{ id: string; audio_url: string }>>(
    `SELECT id, audio_url FROM songs WHERE audio_url = $1`,
    [`/media/audio/${catalog.songs.at(-1)!.slug}.mp3`],
  );
  const clipFile = path.join(mediaDir, song!.audio_url.slice("/media/".length));
  await expect(access(clipFile)).rejects.toThrow();

  // What the player is handed: the song's audioUrl as listed, played at once: the clip's own
  // path would answer 404 until the clip is written, about a minute after a first start.
  const guest = new Client(url);
  await guest.asGuest();
  const audioUrl = await listedAudioUrl(guest, song!.id);
  expect(audioUrl).toBe(`/api/songs/${song!.id}/stream?quality=standard`);
  const response = await fetch(`${url}${audioUrl}`, { headers: { cookie: guest.cookie, range: "bytes=0-" } });
  const written = await readdir(path.join(mediaDir, "audio")).catch(() => [] as string[]);

  expect(response.status).toBe(206);
  expect(response.headers.get("content-type")).toBe("audio/mpeg");
  expect(response.headers.get("accept-ranges")).toBe("bytes");
  expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(clipFile))).toBe(true);
  // The clip's own path is no way round the stream's rules, written or not.
  expect((await fetch(`${url}${song!.audio_url}`, { headers: { cookie: guest.cookie } })).status).toBe(404);
  // Written ahead of the others: most of the 52 clips are still to come.
  expect(written.filter((name) => name.endsWith(".mp3")).length).toBeLessThan(26);

  // This process (the API's) did not hold a song's render buffers: 150-180 MB per song synthesised here.
  clearInterval(sampling);
  console.log(
    `API process RSS ${(rssBefore / 2 ** 20).toFixed(0)} -> peak ${(rssPeak / 2 ** 20).toFixed(0)} MB`,
  );
  expect(rssPeak - rssBefore).toBeLessThan(100 * 2 ** 20);
  // Synthesised by another process, still at work on the rest, which stopping the server kills.
  const writers = mediaWriters();
  expect(writers).toHaveLength(1);
  const [writer] = writers;
  expect(writer!.pid).toBeGreaterThan(0);
  expect(writer!.pid).not.toBe(process.pid);
  expect(writer!.exitCode).toBeNull();
  await server.stop();
  server = undefined;
  expect(writer!.exitCode !== null || writer!.signalCode !== null).toBe(true);
}, 120_000);

// The seed's clips are written but the last songs' renditions are not: a seed song plays its original clip
// meanwhile, and once the renditions are stored the stream answers the 128 kbps one.
it(`answers before the seed's renditions are encoded, then serves them (${kind})`, async () => {
  // The clips, covers, manifest and renditions global setup wrote, less the standard renditions and
  // loudness of the catalog's last songs (encoded last): what a start finds that stopped while encoding.
  mediaDir = await mkdtemp(path.join(tmpdir(), "pb-fresh-media-"));
  await cp(process.env.MEDIA_DIR ?? DEFAULT_MEDIA_DIR, mediaDir, { recursive: true });
  const unencoded = catalog.songs.slice(-UNENCODED_SONGS);
  for (const song of unencoded) {
    const clip = await readFile(path.join(mediaDir, "audio", `${song.slug}.mp3`));
    const hash = createHash("sha256").update(clip).digest("hex");
    await rm(path.join(mediaDir, renditionKey(hash, STANDARD_KBPS)));
    await rm(path.join(mediaDir, "renditions", `${hash}.loudness.json`));
  }

  const began = performance.now();
  server = (await createTestServer(kind, { mediaDir, seed: true, seedRenditions: true })).server;
  const url = await server.start();
  const health = await fetch(`${url}/healthz`);
  const answeredAfterMs = performance.now() - began;
  const pending = await server.db.dataSource.query<Array<{ n: number }>>(
    `SELECT count(*)::int AS n FROM songs WHERE audio_url LIKE '/media/audio/%' AND standard_key IS NULL`,
  );

  expect(health.status).toBe(200);
  // Encoding clips takes seconds each on a loaded machine; migrating and seeding a few seconds in all.
  expect(answeredAfterMs).toBeLessThan(30_000);
  expect(pending[0]!.n).toBeGreaterThan(0);

  // Meanwhile a seed song plays: its original clip, as when SEED_RENDITIONS=0.
  const [song] = await server.db.dataSource.query<Array<{ id: string; audio_url: string }>>(
    `SELECT id, audio_url FROM songs WHERE audio_url LIKE '/media/audio/%' AND standard_key IS NULL LIMIT 1`,
  );
  const stream = await guestStream(url);
  const clip = await readFile(path.join(mediaDir, song!.audio_url.slice("/media/".length)));
  const early = await stream(song!.id);
  expect(early.status).toBe(200);
  expect(Buffer.from(await early.arrayBuffer()).equals(clip)).toBe(true);

  // Then every seed song gets its renditions, and the stream answers the standard one.
  await server.seedMedia;
  const after = await server.db.dataSource.query<Array<{ standard_key: string | null }>>(
    `SELECT standard_key FROM songs WHERE audio_url LIKE '/media/audio/%'`,
  );
  expect(after.length).toBeGreaterThan(0);
  expect(after.every((row) => row.standard_key?.endsWith("-128.mp3"))).toBe(true);
  const [encoded] = await server.db.dataSource.query<Array<{ standard_key: string }>>(
    `SELECT standard_key FROM songs WHERE id = $1`,
    [song!.id],
  );
  const late = await stream(song!.id);
  expect(late.status).toBe(200);
  const rendition = await readFile(path.join(mediaDir, encoded!.standard_key));
  expect(Buffer.from(await late.arrayBuffer()).equals(rendition)).toBe(true);
  expect(rendition.equals(clip)).toBe(false);
}, 180_000);
