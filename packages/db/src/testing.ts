// Fresh, migrated databases for tests: embedded PGlite in memory by default, or a throwaway
// database on the real PostgreSQL server named by TEST_DATABASE_URL.
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDatabase, type Database } from "./connection/data-source.js";
import { REPO_ROOT } from "./paths.js";

export interface TestDatabase extends Database {
  /** The URL of the throwaway PostgreSQL database, or undefined on PGlite. */
  url: string | undefined;
}

export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

async function withAdmin<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty PostgreSQL database on TEST_DATABASE_URL's server and returns its URL. */
export async function createScratchPostgres(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pb_test_${randomBytes(6).toString("hex")}`;
  await withAdmin(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}

/** A migrated database that disappears on close(). `kind` forces one backend; default: the env decides. */
export async function createTestDatabase(kind?: "pglite" | "postgres"): Promise<TestDatabase> {
  const serverUrl = testDatabaseUrl();
  const usePostgres = kind ? kind === "postgres" : Boolean(serverUrl);
  if (usePostgres) {
    if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
    const scratch = await createScratchPostgres(serverUrl);
    const db = await openDatabase({ databaseUrl: scratch.url, poolSize: 5 });
    await db.dataSource.runMigrations();
    return {
      ...db,
      url: scratch.url,
      async close() {
        await db.close();
        await scratch.drop();
      },
    };
  }
  const db = await openDatabase({ dataDir: "memory://", loadDataDir: await migratedTemplate() });
  // A no-op on the template; it would finish a template left behind by a migration added since.
  await db.dataSource.runMigrations();
  return { ...db, url: undefined };
}

/**
 * A freshly migrated PGlite data folder as a tarball, made once per set of migrations and PGlite version
 * and kept on disk: a new PGlite runs initdb (2-4 s of CPU), where one loaded from this starts in about 1 s,
 * and every API suite opens several.
 */
let template: Promise<Blob> | undefined;
const migratedTemplate = (): Promise<Blob> => (template ??= loadOrMakeTemplate());

async function loadOrMakeTemplate(): Promise<Blob> {
  const file = path.join(
    REPO_ROOT,
    "node_modules",
    ".cache",
    "purplebeats",
    `pglite-${await templateKey()}.tar`,
  );
  const kept = await readFile(file).catch(() => null);
  if (kept) return new Blob([kept]);
  const db = await openDatabase({ dataDir: "memory://" });
  try {
    await db.dataSource.runMigrations();
    const dump = await db.dump!();
    // Written whole, then renamed: a suite in another worker reads either nothing or all of it.
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await db.close();
  }
}

/** Changes with any migration's text or the PGlite build (its resolved path carries the version). */
async function templateKey(): Promise<string> {
  const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
  const hash = createHash("sha256").update(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  for (const name of (await readdir(folder)).sort())
    hash.update(name).update(await readFile(path.join(folder, name)));
  return hash.digest("hex").slice(0, 16);
}

/** `pnpm test:full` (TEST_ALL_BACKENDS=1): every suite on both databases, not only those where they differ. */
const allBackends = () => process.env.TEST_ALL_BACKENDS === "1";

/**
 * The backends a suite runs on: always PGlite (the zero-setup default). PostgreSQL too, when
 * TEST_DATABASE_URL is set, for a suite whose behaviour can differ there (`differsOnPostgres` says how:
 * real concurrent transactions and locks, NOTIFY between instances, a pool, pg_dump), or for every suite
 * under `pnpm test:full`. What one PGlite run proves of plain SQL holds on PostgreSQL too, so a default
 * run does not pay for it twice.
 */
export const testBackends = (differsOnPostgres?: string): Array<"pglite" | "postgres"> =>
  testDatabaseUrl() && (differsOnPostgres || allBackends()) ? ["pglite", "postgres"] : ["pglite"];
