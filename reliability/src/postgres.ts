// The real PostgreSQL server: scratch databases made and dropped by the suite, exact row counts, and
// the cluster's stop/start for the restart fault (always left running, even when a test fails).
import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import pg from "pg";
import { POSTGRES_URL } from "./config.js";

const run = promisify(execFile);

/**
 * Tables whose rows are bookkeeping of every request (sessions are renewed, attempts counted), or written by
 * a scheduled job whatever the requests (the monthly premium share splits the month that ended a minute
 * after each start).
 */
export const BOOKKEEPING_TABLES = new Set([
  "sessions",
  "rate_limits",
  "migrations",
  "premium_share_months",
  "artist_premium_shares",
]);

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  /** A small pool for the suite's own checks. */
  pool: pg.Pool;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Exact row counts of every table but the bookkeeping ones. */
  rowCounts(): Promise<Record<string, number>>;
  drop(): Promise<void>;
}

/** A fresh, empty database on the cluster (the API migrates and seeds it on its first start). */
export async function createScratchDatabase(label: string): Promise<ScratchDatabase> {
  const name = `pb_rel_${label.replace(/[^a-z0-9]/gi, "_").toLowerCase()}_${randomBytes(4).toString("hex")}`;
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 3, connectionTimeoutMillis: 5000 });
  // A restart of the server ends idle connections; the pool must not crash the test process for it.
  pool.on("error", () => {});
  let tables: string[] | undefined;
  const query = async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[];
  return {
    name,
    url: url.toString(),
    pool,
    query,
    async rowCounts() {
      tables ??= (
        await query<{ table_name: string }>(
          `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
        )
      )
        .map((r) => r.table_name)
        .filter((t) => !BOOKKEEPING_TABLES.has(t));
      const [row] = await query<Record<string, string>>(
        `SELECT ${tables.map((t) => `(SELECT count(*) FROM "${t}") AS "${t}"`).join(", ")}`,
      );
      return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
    },
    async drop() {
      await pool.end().catch(() => {});
      await ensurePostgresRunning();
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** The differences between two row counts ({table: after - before}), without the zeros. */
export function countChanges(before: Record<string, number>, after: Record<string, number>) {
  const changes: Record<string, number> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const delta = (after[table] ?? 0) - (before[table] ?? 0);
    if (delta !== 0) changes[table] = delta;
  }
  return changes;
}

/** The cluster's version folder under /etc/postgresql (Debian's pg_ctlcluster layout). */
function clusterVersion(): string {
  const versions = readdirSync("/etc/postgresql").filter((v) => /^\d+$/.test(v));
  if (versions.length === 0) throw new Error("No PostgreSQL cluster under /etc/postgresql");
  return versions.sort((a, b) => Number(b) - Number(a))[0]!;
}

async function pgCtl(action: "start" | "stop" | "restart") {
  await run("pg_ctlcluster", ["--skip-systemctl-redirect", clusterVersion(), "main", action], {
    timeout: 60_000,
  });
}

export async function isPostgresUp(): Promise<boolean> {
  try {
    await withAdmin((c) => c.query("SELECT 1"));
    return true;
  } catch {
    return false;
  }
}

/** Starts the cluster if it is down, and waits until it answers. */
export async function ensurePostgresRunning(): Promise<void> {
  if (await isPostgresUp()) return;
  await pgCtl("start").catch(() => {});
  for (let i = 0; i < 60; i++) {
    if (await isPostgresUp()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("PostgreSQL did not come back");
}

export const stopPostgres = () => pgCtl("stop");
export const startPostgres = () => pgCtl("start").then(ensurePostgresRunning);
export const restartPostgres = () => pgCtl("restart").then(ensurePostgresRunning);
