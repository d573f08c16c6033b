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

const databaseUrl = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * Creates a PostgreSQL database on TEST_DATABASE_URL's server and returns its URL: empty, or a copy of
 * `template` (a database nobody is connected to).
 */
export async function createScratchPostgres(
  serverUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pb_test_${randomBytes(6).toString("hex")}`;
  await withAdmin(serverUrl, (c) =>
    c.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`),
  );
  return {
    url: databaseUrl(serverUrl, name),
    drop: () =>
      withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}

/** The server's migrated template for the current migrations (changes with any migration's text). */
export const postgresTemplateName = async (): Promise<string> => `pb_template_${await templateKey()}`;

/**
 * The migrated template on the server, made once per set of migrations: a copy of it is made in a fraction of
 * the time (and of the server's CPU) that running every migration on an empty database takes. Test processes
 * starting together take turns under an advisory lock; the template is built under another name and renamed
 * when whole, so a crash leaves no half-migrated template behind.
 */
let postgresTemplate: Promise<string> | undefined;
const migratedPostgresTemplate = (serverUrl: string): Promise<string> =>
  (postgresTemplate ??= makePostgresTemplate(serverUrl).catch((error: unknown) => {
    postgresTemplate = undefined;
    throw error;
  }));

async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const name = await postgresTemplateName();
  return withAdmin(serverUrl, async (admin) => {
    await admin.query(`SELECT pg_advisory_lock(hashtext($1))`, [name]);
    try {
      const kept = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
      if (kept.rowCount) return name;
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${building}"`);
      const db = await openDatabase({ databaseUrl: databaseUrl(serverUrl, building), poolSize: 1 });
      try {
        await db.dataSource.runMigrations();
      } finally {
        await db.close();
      }
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      // Marked as a template: only copied from, never dropped by a scratch database's clean-up.
      await admin.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true`);
      return name;
    } finally {
      await admin.query(`SELECT pg_advisory_unlock(hashtext($1))`, [name]);
    }
  });
}

/**
 * A migrated PostgreSQL database on TEST_DATABASE_URL's server that several connections (instances) share,
 * copied from the migrated template; drop() removes it.
 */
export async function createMigratedScratchPostgres(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  return createScratchPostgres(serverUrl, await migratedPostgresTemplate(serverUrl));
}

/** A migrated database that disappears on close(). `kind` forces one backend; default: the env decides. */
export async function createTestDatabase(kind?: "pglite" | "postgres"): Promise<TestDatabase> {
  const serverUrl = testDatabaseUrl();
  const usePostgres = kind ? kind === "postgres" : Boolean(serverUrl);
  if (usePostgres) {
    if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
    const scratch = await createScratchPostgres(serverUrl, await migratedPostgresTemplate(serverUrl));
    const db = await openDatabase({ databaseUrl: scratch.url, poolSize: 5 });
    // A no-op on the template, as on PGlite's.
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
 * A migrated PGlite database in the data folder `dataDir` (an empty or missing folder), which stays on disk
 * when closed, for a suite that reopens it as a restarted server would: started from the migrated template,
 * not from initdb and every migration. Open the folder again with openDatabase({ dataDir }).
 */
export async function createTestPgliteOnDisk(dataDir: string): Promise<Database> {
  return openDatabase({ dataDir, loadDataDir: await migratedTemplate() });
}

/**
 * Builds the migrated templates test databases start from, for a test runner's global setup before its
 * workers start: PGlite's tarball on disk and, when TEST_DATABASE_URL is set, the server's template. On a
 * fresh clone each worker would otherwise run initdb and every migration itself, at the same time.
 */
export async function prepareTestTemplates(): Promise<void> {
  const serverUrl = testDatabaseUrl();
  await Promise.all([migratedTemplate(), serverUrl ? migratedPostgresTemplate(serverUrl) : undefined]);
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
  if (kept) return new TarballBytes(kept);
  const db = await openDatabase({ dataDir: "memory://" });
  try {
    await db.dataSource.runMigrations();
    if (!db.dump) throw new Error("An in-memory PGlite database can always dump its data directory.");
    const dump = await db.dump();
    // Written whole, then renamed: a suite in another worker reads either nothing or all of it.
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return await TarballBytes.of(dump);
  } finally {
    await db.close();
  }
}

/**
 * A data folder's tarball held in memory, for `loadDataDir`, which PGlite reads with arrayBuffer() alone. A
 * Node Blob answers that by streaming its own copy in chunks and joining them, about 0.4 s of CPU for a
 * migrated database's 43 MB, at every database a suite opens; this answers with one copy of the bytes.
 */
export class TarballBytes extends Blob {
  readonly #bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    super([]);
    this.#bytes = bytes;
  }

  static async of(blob: Blob): Promise<TarballBytes> {
    return new TarballBytes(new Uint8Array(await blob.arrayBuffer()));
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice().buffer);
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
