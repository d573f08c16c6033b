// A fresh machine: the seed's clips are written but none of their renditions is. The server answers at once
// and encodes the renditions in the background; meanwhile a seed song plays its original clip, and once
// the renditions are stored the stream answers the 128 kbps one.
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { DEFAULT_MEDIA_DIR } from "@purplebeats/seed";
import type { PurpleBeatsServer } from "../src/server.js";
import { Client, createTestServer } from "./helpers/server.js";

const kind = testBackends().at(-1)!;
let server: PurpleBeatsServer | undefined;
let mediaDir = "";

afterAll(async () => {
  await server?.stop();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

it(`answers before the seed's renditions are encoded, then serves them (${kind})`, async () => {
  // The clips, covers and manifest global setup wrote, without renditions/: what a first start finds
  // once the seed's audio is synthesised.
  mediaDir = await mkdtemp(path.join(tmpdir(), "pb-fresh-media-"));
  const shared = process.env.MEDIA_DIR ?? DEFAULT_MEDIA_DIR;
  await cp(shared, mediaDir, {
    recursive: true,
    filter: (source) => !source.startsWith(path.join(shared, "renditions")),
  });

  const began = performance.now();
  server = (await createTestServer(kind, { mediaDir, seed: true, seedRenditions: true })).server;
  const url = await server.start();
  const health = await fetch(`${url}/healthz`);
  const answeredAfterMs = performance.now() - began;
  const pending = await server.db.dataSource.query<Array<{ n: number }>>(
    `SELECT count(*)::int AS n FROM songs WHERE audio_url LIKE '/media/audio/%' AND standard_key IS NULL`,
  );

  expect(health.status).toBe(200);
  // Encoding the 52 clips takes minutes on a loaded machine; migrating and seeding a few seconds.
  expect(answeredAfterMs).toBeLessThan(30_000);
  expect(pending[0]!.n).toBeGreaterThan(0);

  // Meanwhile a seed song plays: its original clip, as when SEED_RENDITIONS=0.
  const [song] = await server.db.dataSource.query<Array<{ id: string; audio_url: string }>>(
    `SELECT id, audio_url FROM songs WHERE audio_url LIKE '/media/audio/%' AND standard_key IS NULL LIMIT 1`,
  );
  const guest = new Client(url);
  await guest.asGuest();
  const stream = () =>
    fetch(`${url}/api/songs/${song!.id}/stream?quality=standard`, { headers: { cookie: guest.cookie } });
  const clip = await readFile(path.join(mediaDir, song!.audio_url.slice("/media/".length)));
  const early = await stream();
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
  const late = await stream();
  expect(late.status).toBe(200);
  const rendition = await readFile(path.join(mediaDir, encoded!.standard_key));
  expect(Buffer.from(await late.arrayBuffer()).equals(rendition)).toBe(true);
  expect(rendition.equals(clip)).toBe(false);
}, 600_000);
