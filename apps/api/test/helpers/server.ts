import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@purplebeats/db";
import { createTestDatabase, TarballBytes, type TestDatabase } from "@purplebeats/db/testing";
import { seedCatalog } from "@purplebeats/seed";
import { startJobQueue } from "../../src/infra/job-queue.js";
import { applySeedRenditions, seedRenditionFiles } from "../../src/domain/library/seed-renditions.js";
import { loadConfig, type Config } from "../../src/config/env.js";
import { createServer, type PurpleBeatsServer } from "../../src/server.js";
import type { RateLimits } from "../../src/infra/rate-limits.js";

export interface TestServer {
  url: string;
  server: PurpleBeatsServer;
  /** The configuration it runs with (another instance over the same database may reuse it). */
  config: Config;
  /** SQL on the server's own database (a suite's set-up and checks). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** Every bucket out of reach: the suites' callers all share 127.0.0.1 (the limits have their own test). */
export const UNLIMITED_RATE_LIMITS: RateLimits = {
  signin: 10_000,
  upload: 10_000,
  payment: 10_000,
  play: 10_000,
  follow: 10_000,
  account: 10_000,
  adReward: 10_000,
  support: 10_000,
  report: 10_000,
  notification: 10_000,
  download: 10_000,
};

/** A real server on a free loopback port over a fresh migrated, seeded database of the given kind. */
export async function startTestServer(
  kind: "pglite" | "postgres",
  overrides: Partial<Config> = {},
): Promise<TestServer> {
  const { server, config } = await createTestServer(kind, overrides, {
    seeded: kind === "pglite" && seedsAsUsual(overrides),
  });
  const url = await server.start();
  // Suites read the seed songs' media, renditions and loudness (stored in the background after start).
  await server.seedMedia;
  const query = <T>(sql: string, params: unknown[] = []) =>
    server.db.dataSource.query(sql, params) as Promise<T[]>;
  return { url, server, config, query, close: () => server.stop() };
}

/**
 * The same server, built but not started (a test that watches it start). `seeded`: over a copy of a database
 * the seed and its renditions were already written to, rather than seeding it at start (see seededSnapshot).
 */
export async function createTestServer(
  kind: "pglite" | "postgres",
  overrides: Partial<Config> = {},
  { seeded = false }: { seeded?: boolean } = {},
): Promise<{ server: PurpleBeatsServer; config: Config }> {
  const config: Config = {
    ...loadConfig({ NODE_ENV: "test" }),
    host: "127.0.0.1",
    port: 0,
    webDist: "/nonexistent",
    uploadDir: path.join(tmpdir(), `pb-objects-${process.pid}-${Date.now()}`),
    rateLimits: UNLIMITED_RATE_LIMITS,
    ...overrides,
  };
  const database = seeded ? await seededTestDatabase(config.mediaDir) : await createTestDatabase(kind);
  // Another instance over the same database gets `config` as a suite asked for it (seeding at its start).
  const runAs = seeded ? { ...config, seed: false } : config;
  const server = await createServer(runAs, { database, logger: process.env.TEST_LOGS === "1" });
  return { server, config };
}

/**
 * Whether a server with these overrides would seed exactly as the snapshot was seeded: the seed's rows, then
 * its renditions on local disk in the default MEDIA_DIR. A suite about seeding or the bucket seeds at start.
 */
const seedsAsUsual = (overrides: Partial<Config>): boolean =>
  !["seed", "seedRenditions", "mediaDir", "s3", "databaseUrl", "dataDir"].some((key) => key in overrides);

/**
 * A migrated PGlite database holding the seed's rows and its songs' renditions and loudness, as a server leaves
 * it once its seed media are stored; made once per test process. A server started over a copy of it skips the
 * seed's upserts, the job queue's installation, and the media writer's child process with its hashing of
 * every clip. The media themselves are on disk already (global-setup.ts writes them before any suite).
 */
let seededSnapshot: Promise<Blob> | undefined;

async function seededTestDatabase(mediaDir: string): Promise<TestDatabase> {
  seededSnapshot ??= makeSeededSnapshot(mediaDir).catch((error: unknown) => {
    seededSnapshot = undefined;
    throw error;
  });
  const db = await openDatabase({ dataDir: "memory://", loadDataDir: await seededSnapshot });
  return { ...db, url: undefined };
}

async function makeSeededSnapshot(mediaDir: string): Promise<Blob> {
  const db = await createTestDatabase("pglite");
  try {
    await seedCatalog(db.dataSource, { mediaDir, mediaLater: true });
    await applySeedRenditions(db.dataSource, await seedRenditionFiles(mediaDir));
    // The job queue's schema and queues, which every server's library would otherwise install at its start.
    const queue = await startJobQueue(db.dataSource, console);
    await queue.stop();
    const dump = db.dump;
    if (!dump) throw new Error("a PGlite database dumps its data folder");
    return await TarballBytes.of(await dump());
  } finally {
    await db.close();
  }
}

export async function getJson<T = unknown>(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

/** A browser-like caller: keeps the session cookie and sends our client header, as the web app does. */
export class Client {
  cookie = "";
  constructor(
    readonly baseUrl: string,
    readonly defaults: Record<string, string> = { "x-purplebeats-client": "1" },
  ) {}

  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const init: RequestInit = { method, headers: { ...this.defaults, ...headers } };
    if (this.cookie) (init.headers as Record<string, string>).cookie = this.cookie;
    if (body !== undefined) {
      (init.headers as Record<string, string>)["content-type"] ??= "application/json";
      init.body =
        typeof body === "string" || body instanceof Uint8Array ? (body as string) : JSON.stringify(body);
    }
    const res = await fetch(`${this.baseUrl}${path}`, init);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("pb_session="));
    if (setCookie) {
      const value = setCookie.split(";")[0]!;
      this.cookie = value === "pb_session=" ? "" : value;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers, setCookie };
  }
  get = <T = unknown>(path: string, headers?: Record<string, string>) =>
    this.call<T>("GET", path, undefined, headers);
  post = <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) =>
    this.call<T>("POST", path, body ?? {}, headers);
  put = <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) =>
    this.call<T>("PUT", path, body ?? {}, headers);
  del = <T = unknown>(path: string, headers?: Record<string, string>) =>
    this.call<T>("DELETE", path, undefined, headers);

  /** A guest session, as the web app starts one. */
  async asGuest() {
    const res = await this.post<{ uid: string }>("/api/guest");
    if (res.status !== 201) throw new Error(`guest failed: ${res.status}`);
    return res.body.uid;
  }

  /** Signs in through the in-process Pi simulator: its control API issues the access token. */
  async signInWithPi(username: string, uid?: string) {
    const grant = await fetch(`${this.baseUrl}/pi-sim/__control/users`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(uid ? { username, uid } : { username }),
    }).then((r) => r.json() as Promise<{ accessToken: string; user: { uid: string; username: string } }>);
    const res = await this.post<{ uid: string; username: string; isAdmin: boolean; isGuest: boolean }>(
      "/api/pi/login",
      grant,
    );
    if (res.status !== 200) throw new Error(`pi login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { ...res.body, accessToken: grant.accessToken };
  }
}

/** A new Pi listener signed in on their own client, with their uid and the handle others find them by. */
export async function listenerWithHandle(baseUrl: string, username: string) {
  const client = new Client(baseUrl);
  const me = await client.signInWithPi(username);
  const profile = (await client.get<{ handle: string }>(`/api/profile/${me.uid}`)).body;
  return { client, uid: me.uid, handle: profile.handle };
}

/** A signed-in listener, a premium member for the next 30 days when `premium`. */
export async function listenerOf(t: TestServer, premium: boolean, prefix = "listener") {
  const client = new Client(t.url);
  const { uid } = await client.signInWithPi(
    `${prefix}-${premium ? "p" : "f"}-${Math.random().toString(36).slice(2, 8)}`,
  );
  if (premium)
    await t.query(
      `INSERT INTO memberships (user_id, is_premium, expires_at) VALUES ($1, true, now() + interval '30 days')`,
      [uid],
    );
  return client;
}
