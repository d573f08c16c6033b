// The queue keeps ingestion going across restarts and instances: a server stopped in the middle of a scan's
// encoding leaves the work to the next one (pg-boss retries the jobs), and two instances on one PostgreSQL
// run one scan.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@purplebeats/db";
import {
  createMigratedScratchPostgres,
  createTestPgliteOnDisk,
  testDatabaseUrl,
} from "@purplebeats/db/testing";
import { loadConfig, type Config } from "../src/config/env.js";
import { createServer, type PurpleBeatsServer } from "../src/server.js";
import { Client, UNLIMITED_RATE_LIMITS } from "./helpers/server.js";
import { makeTrack, waitForScan } from "./helpers/library.js";

const ADMIN_UID = "library-admin";
const TRACKS = 6;
const SECONDS = 12;

async function startOn(
  database: Database,
  music: string,
): Promise<{ server: PurpleBeatsServer; admin: Client }> {
  const config: Config = {
    ...loadConfig({ NODE_ENV: "test" }),
    host: "127.0.0.1",
    port: 0,
    webDist: "/nonexistent",
    musicRoots: [music],
    adminUids: new Set([ADMIN_UID]),
    rateLimits: UNLIMITED_RATE_LIMITS,
    // The library's songs alone: the seed's rows and media would only compete with the encodes for the cores.
    seed: false,
    seedRenditions: false,
  };
  const server = await createServer(config, { database, logger: false });
  const admin = new Client(await server.start());
  await admin.signInWithPi("library-admin", ADMIN_UID);
  return { server, admin };
}

const songCount = async (db: Database) =>
  Number(
    (
      (await db.dataSource.query(`SELECT count(*)::int AS n FROM songs WHERE source IS NOT NULL`)) as Array<{
        n: number;
      }>
    )[0]!.n,
  );

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let music: string;
beforeAll(async () => {
  music = await mkdtemp(path.join(tmpdir(), "pb-music-restart-"));
  // Long enough lossless tracks that, with one encode per core, four are still to encode when the first song
  // appears: the stop that follows within a poll lands in the middle of the scan's encodes.
  for (let i = 1; i <= TRACKS; i++)
    await makeTrack(
      music,
      `Restart Artist/Long Album/0${i} - Long ${i}.flac`,
      {
        title: `Long ${i}`,
        artist: "Restart Artist",
        album: "Long Album",
        track: i,
      },
      { seconds: SECONDS, frequency: 200 + i * 50 },
    );
});
afterAll(() => rm(music, { recursive: true, force: true }));

describe("a restart in the middle of a scan (PGlite on disk)", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "pb-pglite-restart-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("resumes: the next start finishes the same scan's songs", async () => {
    const first = await startOn(await createTestPgliteOnDisk(dataDir), music);
    await waitFor(async () => (await songCount(first.server.db)) >= 1);
    const scanId = (await waitForScanStarted(first.admin)).id;
    await first.server.stop();
    // What the stop left on disk, read before the next start resumes the scan (over the same connection).
    const reopened = await openDatabase({ dataDir });
    expect(await songCount(reopened)).toBeLessThan(TRACKS);

    const second = await startOn(reopened, music);
    try {
      await waitFor(async () => (await songCount(second.server.db)) === TRACKS);
      const scan = await waitForScan(second.admin);
      expect(scan.encode.failed).toBe(0);
      // The restart's own start joined or followed the first scan: no song twice.
      expect(await songCount(second.server.db)).toBe(TRACKS);
      expect(scanId).toBeTruthy();
    } finally {
      await second.server.stop();
    }
  });
});

async function waitForScanStarted(admin: Client) {
  let scan: { id: string } | null = null;
  await waitFor(async () => {
    const res = await admin.get<{ id: string }>("/api/admin/library/scans/latest");
    scan = res.status === 200 ? res.body : null;
    return scan !== null;
  });
  return scan!;
}

describe.skipIf(!testDatabaseUrl())("two instances on one PostgreSQL", () => {
  it("run one scan and encode each song once", async () => {
    const scratch = await createMigratedScratchPostgres(testDatabaseUrl()!);
    const a = await startOn(await openDatabase({ databaseUrl: scratch.url, poolSize: 5 }), music);
    const b = await startOn(await openDatabase({ databaseUrl: scratch.url, poolSize: 5 }), music);
    try {
      // Both started a scan at start and an admin asks both again: while one runs, all join it.
      const [fromA, fromB] = await Promise.all([
        a.admin.post<{ id: string; state: string }>("/api/admin/library/scan"),
        b.admin.post<{ id: string; state: string }>("/api/admin/library/scan"),
      ]);
      if (fromA.body.state === "running" && fromB.body.state === "running")
        expect(fromA.body.id).toBe(fromB.body.id);
      await waitFor(async () => (await songCount(a.server.db)) === TRACKS);
      await waitForScan(a.admin);
      // Never two scans running at once, and each file's song once.
      const scans = (await a.server.db.dataSource.query(
        `SELECT id, started_at, finished_at FROM library_scans ORDER BY started_at`,
      )) as Array<{ started_at: Date; finished_at: Date | null }>;
      for (let i = 1; i < scans.length; i++)
        expect(new Date(scans[i]!.started_at).getTime()).toBeGreaterThanOrEqual(
          new Date(scans[i - 1]!.finished_at!).getTime(),
        );
      const sources = (await b.server.db.dataSource.query(
        `SELECT source, count(*)::int AS n FROM songs WHERE source IS NOT NULL GROUP BY source`,
      )) as Array<{ n: number }>;
      expect(sources).toHaveLength(TRACKS);
      expect(sources.every((row) => Number(row.n) === 1)).toBe(true);
    } finally {
      await a.server.stop();
      await b.server.stop();
      await scratch.drop();
    }
  });
});
