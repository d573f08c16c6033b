// Backups: `pnpm db:backup` and `pnpm db:restore` bring every listener's playlists, likes,
// memberships (and sessions) and the uploaded files back into a fresh server, on either database.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@purplebeats/db";
import {
  createMigratedScratchPostgres,
  createScratchPostgres,
  createTestPgliteOnDisk,
  testBackends,
  testDatabaseUrl,
} from "@purplebeats/db/testing";
import { loadConfig, type Config } from "../src/config/env.js";
import { createServer, type PurpleBeatsServer } from "../src/server.js";
import { Client, UNLIMITED_RATE_LIMITS } from "./helpers/server.js";
import { premiumListener } from "./helpers/pi-sim.js";

const API_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const PICTURE = readFileSync(path.join(API_DIR, "test", "fixtures", "images", "test-card.png"));

/** Runs one of the backup commands as an operator would, with the server's settings in its environment. */
function command(script: "db-backup" | "db-restore", args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      path.join(API_DIR, "node_modules", ".bin", "tsx"),
      ["--tsconfig", "tsconfig.run.json", `src/cli/${script}.ts`, ...args],
      { cwd: API_DIR, env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env } },
    );
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

const backends = testBackends("pg_dump and psql, not PGlite's own dump");
describe.each(backends)("backup and restore on %s", (kind) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  /**
   * A fresh place for a server: an empty data folder or PostgreSQL database (or, for the source, one copied
   * from the migrated template rather than migrated from scratch), empty uploads and media.
   */
  async function freshPlace(name: string, { migrated = false } = {}) {
    const root = await mkdtemp(path.join(tmpdir(), `pb-backup-${name}-`));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (kind === "postgres") {
      const scratch = migrated
        ? await createMigratedScratchPostgres(testDatabaseUrl()!)
        : await createScratchPostgres(testDatabaseUrl()!);
      cleanups.push(() => scratch.drop());
      databaseUrl = scratch.url;
    }
    const settings: Partial<Config> = {
      databaseUrl,
      dataDir: path.join(root, "pglite"),
      uploadDir: path.join(root, "objects"),
      mediaDir: path.join(root, "media"),
    };
    const env: Record<string, string> = {
      DATA_DIR: settings.dataDir!,
      UPLOAD_DIR: settings.uploadDir!,
      MEDIA_DIR: settings.mediaDir!,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    return { root, settings, env };
  }

  async function startServer(settings: Partial<Config>): Promise<{ server: PurpleBeatsServer; url: string }> {
    const config: Config = {
      ...loadConfig({ NODE_ENV: "test" }),
      host: "127.0.0.1",
      port: 0,
      webDist: "/nonexistent",
      rateLimits: UNLIMITED_RATE_LIMITS,
      ...settings,
    };
    // An empty data folder: PGlite starts it from the migrated template (initdb and every migration otherwise).
    const database =
      !config.databaseUrl && config.dataDir && !existsSync(config.dataDir)
        ? await createTestPgliteOnDisk(config.dataDir)
        : await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const server = await createServer(config, { database, logger: process.env.TEST_LOGS === "1" });
    const url = await server.start();
    return { server, url };
  }

  // Two servers on disk, four commands (each a tsx start) and the catalog's media copied three times: a
  // minute and more on a busy 2-core machine.
  it("restores every listener's playlists, likes, membership and uploads into a fresh server", async () => {
    // The source keeps the catalog's media where the tests keep it (so its seed starts quickly).
    const source = await freshPlace("source", { migrated: true });
    const sourceSettings = { ...source.settings, mediaDir: loadConfig({}).mediaDir };
    const first = await startServer(sourceSettings);
    let firstRunning = true;
    cleanups.push(() => (firstRunning ? first.server.stop() : Promise.resolve()));

    const songs = (await new Client(first.url).get<Array<{ id: string }>>("/api/songs?limit=6")).body;
    const listeners: Array<{
      client: Client;
      uid: string;
      playlistId: string;
      cover: string;
      liked: string[];
    }> = [];
    for (const [i, name] of ["ada", "grace", "linus"].entries()) {
      const client = new Client(first.url);
      const me = await premiumListener(client, `${name}-${kind}`);
      const grant = await client.post<{ uploadURL: string }>("/api/objects/upload");
      const put = await client.put<{ objectPath: string }>(new URL(grant.body.uploadURL).pathname, PICTURE, {
        "content-type": "image/png",
      });
      expect(put.status).toBe(200);
      const created = await client.post<{ id: string }>("/api/playlists", {
        name: `${name}'s mix`,
        imageUrl: put.body.objectPath,
        isPublic: i % 2 === 0,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const liked = [songs[i]!.id, songs[i + 1]!.id];
      for (const songId of liked) {
        expect((await client.post(`/api/playlists/${created.body.id}/songs`, { songId })).status).toBe(201);
        expect((await client.post("/api/liked-songs", { songId })).status).toBe(200);
      }
      listeners.push({ client, uid: me.uid, playlistId: created.body.id, cover: put.body.objectPath, liked });
    }
    await first.server.stop();
    firstRunning = false;

    const backupDir = path.join(source.root, "backup");
    const backup = await command("db-backup", ["--out", backupDir], {
      ...source.env,
      MEDIA_DIR: sourceSettings.mediaDir,
    });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Backup written to ${backupDir}`);
    expect(existsSync(path.join(backupDir, "manifest.json"))).toBe(true);

    const target = await freshPlace("target");
    const restore = await command("db-restore", [backupDir], target.env);
    expect(restore.code, restore.output).toBe(0);

    const second = await startServer(target.settings);
    let secondRunning = true;
    cleanups.push(() => (secondRunning ? second.server.stop() : Promise.resolve()));
    for (const l of listeners) {
      // The session was restored too: the listener is still signed in.
      const client = new Client(second.url);
      client.cookie = l.client.cookie;
      const membership = await client.get<{ isPremium: boolean }>(`/api/membership/${l.uid}`);
      expect(membership.body.isPremium).toBe(true);
      const mine = await client.get<Array<{ id: string; imageUrl: string | null }>>(
        `/api/playlists/user/${l.uid}`,
      );
      expect(mine.body.map((p) => p.id)).toEqual([l.playlistId]);
      expect(mine.body[0]!.imageUrl).toBe(l.cover);
      const detail = await client.get<{ songs: Array<{ id: string }> }>(`/api/playlists/${l.playlistId}`);
      expect(detail.body.songs.map((s) => s.id)).toEqual(l.liked);
      const likes = await client.get<Array<{ id: string }>>("/api/liked-songs");
      expect(likes.body.map((s) => s.id).sort()).toEqual([...l.liked].sort());
      const cover = await fetch(`${second.url}${l.cover}`);
      expect(cover.status).toBe(200);
      expect(Buffer.from(await cover.arrayBuffer()).equals(PICTURE)).toBe(true);
    }

    // A target that holds data is not overwritten without --force.
    const again = await command("db-restore", [backupDir], target.env);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(
      /Not restoring over .*not empty \(add --force|is open: stop the server first/,
    );
    await second.server.stop();
    secondRunning = false;
    // With --force it replaces the database (an embedded data folder is moved aside, not deleted).
    const forced = await command("db-restore", [backupDir, "--force"], target.env);
    expect(forced.code, forced.output).toBe(0);
    if (kind === "pglite") expect(forced.output).toMatch(/Moved the previous data folder aside to /);
  }, 240_000);
});
