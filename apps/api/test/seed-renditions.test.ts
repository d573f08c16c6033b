// The seed's renditions are written on the seed's own song rows. A database where other songs play the
// seed's clips (the benchmark's million songs share its 52) must not fail the write: a content hash
// belongs to one song.
import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { catalog } from "@purplebeats/seed";
import { applySeedRenditions, seedRenditionFiles } from "../src/domain/library/seed-renditions.js";
import { backfillLowRenditions } from "../src/domain/library/backfill-low.js";
import { diskMediaStore } from "../src/infra/storage/media-store.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

const kind = testBackends().at(-1)!;
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer(kind, { seed: true, seedRenditions: true });
}, 180_000);
afterAll(() => t?.close());

it(`writes the seed songs' renditions when another song plays a seed clip (${kind})`, async () => {
  const seedSong = catalog.songs[0]!;
  const clip = `/media/audio/${seedSong.slug}.mp3`;
  // The seed's row as a first start finds it, and another song playing the same clip.
  await t.query(`UPDATE songs SET content_hash = NULL, standard_key = NULL, high_key = NULL WHERE id = $1`, [
    seedSong.id,
  ]);
  await t.query(`CREATE TEMP TABLE copy AS SELECT * FROM songs WHERE id = $1`, [seedSong.id]);
  await t.query(`UPDATE copy SET id = gen_random_uuid()`);
  await t.query(`INSERT INTO songs SELECT * FROM copy`);

  await applySeedRenditions(t.server.db.dataSource, await seedRenditionFiles(t.config.mediaDir));

  const rows = await t.query<{ id: string; content_hash: string | null; standard_key: string | null }>(
    `SELECT id, content_hash, standard_key FROM songs WHERE audio_url = $1`,
    [clip],
  );
  expect(rows).toHaveLength(2);
  const own = rows.find((r) => r.id === seedSong.id)!;
  const other = rows.find((r) => r.id !== seedSong.id)!;
  expect(own.content_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(own.standard_key).not.toBeNull();
  expect(other.content_hash).toBeNull();
  expect(other.standard_key).toBeNull();
});

it(`gives songs encoded before the data saver their low rendition, from their best one (${kind})`, async () => {
  const [a, b] = catalog.songs.slice(1, 3);
  const ids = [a!.id, b!.id];
  const before = await t.query<{ low_key: string }>(`SELECT low_key FROM songs WHERE id = $1`, [a!.id]);
  // As a database migrated from before the low rendition finds them; one of the files is gone too.
  await t.query(`UPDATE songs SET low_key = NULL, low_kbps = NULL WHERE id = ANY($1)`, [ids]);
  await rm(path.join(t.config.mediaDir, before[0]!.low_key));

  const log = { error: () => {} };
  expect(await backfillLowRenditions(t.server.db.dataSource, diskMediaStore(t.config.mediaDir), log)).toBe(2);

  const rows = await t.query<{ low_key: string; low_kbps: number }>(
    `SELECT low_key, low_kbps FROM songs WHERE id = ANY($1)`,
    [ids],
  );
  for (const row of rows) {
    expect(row.low_kbps).toBe(64);
    expect((await stat(path.join(t.config.mediaDir, row.low_key))).size).toBeGreaterThan(10_000);
  }
  expect(await backfillLowRenditions(t.server.db.dataSource, diskMediaStore(t.config.mediaDir), log)).toBe(0);
});
