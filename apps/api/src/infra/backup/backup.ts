// `pnpm db:backup` and `pnpm db:restore`: one folder holding the database (pg_dump's custom format on
// PostgreSQL, PGlite's data-folder dump on the embedded one) and the files on local disk that its rows
// point to: uploaded objects (UPLOAD_DIR) and the catalog's media (MEDIA_DIR). Objects and media in an
// S3 bucket are not copied: the bucket's own versioning or replication keeps them.
import { spawn } from "node:child_process";
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { openDatabase } from "@purplebeats/db";
import type { Config } from "../../config/env.js";
import { selectRow, selectRows, type Queryable } from "../../data/sql.js";

export const MANIFEST = "manifest.json";
const PG_DUMP_FILE = "database.pgdump";
const PGLITE_FILE = "pglite-data.tar.gz";
const OBJECTS = "objects";
const MEDIA = "media";

const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  database: z.enum(["postgres", "pglite"]),
  /** Folders copied beside the database (absent: in an S3 bucket, not copied). */
  objects: z.boolean(),
  media: z.boolean(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export type Log = (line: string) => void;

/** A refusal the operator can act on (printed without a stack). */
export class BackupRefused extends Error {}

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );
/** A folder with nothing in it, or nothing there at all (a file there is not empty). */
const isEmptyDir = (dir: string) =>
  readdir(dir).then(
    (names) => names.length === 0,
    (error: NodeJS.ErrnoException) => error.code === "ENOENT",
  );

/** Runs pg_dump or pg_restore; its own messages go to our stderr. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new BackupRefused(
              `${command} was not found: install PostgreSQL's client tools (postgresql-client)`,
            )
          : error,
      ),
    );
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new BackupRefused(`${command} failed (exit code ${code})`)),
    );
  });
}

/** PGlite keeps postmaster.pid while open: another process has it open, or it was not closed cleanly. */
async function assertPgliteClosed(dataDir: string, force: boolean) {
  if (!force && (await exists(path.join(dataDir, "postmaster.pid"))))
    throw new BackupRefused(
      `The embedded database in ${dataDir} is open: stop the server first (PGlite cannot be opened by two processes). If no server runs, it was not closed cleanly: add --force.`,
    );
}

const pglite = (dataDir: string, loadDataDir?: Blob) =>
  PGlite.create({ dataDir, extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });

/** Copies a folder's files (nothing when it does not exist); answers whether there was one. */
async function copyFolder(from: string, to: string): Promise<boolean> {
  if (!(await exists(from))) return false;
  await cp(from, to, { recursive: true, force: true, errorOnExist: false });
  return true;
}

/** Writes a backup into `out` (which must not exist or be empty); answers its manifest. */
export async function createBackup(
  config: Config,
  { out, force = false, log }: { out: string; force?: boolean; log: Log },
): Promise<Manifest> {
  if (!(await isEmptyDir(out))) throw new BackupRefused(`${out} is not empty: choose a new folder`);
  // Written beside, then renamed: a backup that failed half-way never looks complete.
  const partial = `${out}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    let database: Manifest["database"];
    if (config.databaseUrl) {
      database = "postgres";
      log(`Dumping PostgreSQL (pg_dump, custom format)`);
      await run("pg_dump", [
        "--format=custom",
        "--no-owner",
        "--no-privileges",
        `--file=${path.join(partial, PG_DUMP_FILE)}`,
        `--dbname=${config.databaseUrl}`,
      ]);
    } else {
      database = "pglite";
      if (config.dataDir.startsWith("memory://"))
        throw new BackupRefused("DATA_DIR is memory://: an in-memory database keeps nothing to back up");
      if (!(await exists(path.join(config.dataDir, "PG_VERSION"))))
        throw new BackupRefused(`No embedded database in ${config.dataDir} (DATA_DIR)`);
      await assertPgliteClosed(config.dataDir, force);
      log(`Dumping the embedded database in ${config.dataDir} (PGlite data folder)`);
      const db = await pglite(config.dataDir);
      try {
        const dump = await db.dumpDataDir("gzip");
        await writeFile(path.join(partial, PGLITE_FILE), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await db.close();
      }
    }
    let objects = false;
    let media = false;
    if (config.s3) {
      log(
        `Uploads and media are in the S3 bucket ${config.s3.bucket}: not copied (use the bucket's versioning)`,
      );
    } else {
      log(`Copying uploaded objects from ${config.uploadDir}`);
      objects = await copyFolder(config.uploadDir, path.join(partial, OBJECTS));
      log(`Copying the catalog's media from ${config.mediaDir}`);
      media = await copyFolder(config.mediaDir, path.join(partial, MEDIA));
    }
    const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), database, objects, media };
    await writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await rm(out, { recursive: true, force: true });
    await rename(partial, out);
    return manifest;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

async function readManifest(from: string): Promise<Manifest> {
  const text = await readFile(path.join(from, MANIFEST), "utf8").catch(() => null);
  if (text === null) throw new BackupRefused(`${from} is not a PurpleBeats backup (no ${MANIFEST})`);
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new BackupRefused(`${path.join(from, MANIFEST)} is not a backup manifest we know`);
  return parsed.data;
}

/** Runs `work` on the target PostgreSQL database. */
async function onPostgres<T>(url: string, work: (db: Queryable) => Promise<T>) {
  const db = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    return await work(db.dataSource);
  } finally {
    await db.close();
  }
}

const USER_SCHEMAS = `SELECT nspname FROM pg_namespace
  WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_%'`;

/** The tables in the target PostgreSQL database outside the system schemas. */
const postgresTableCount = (url: string) =>
  onPostgres(url, async (db) => {
    const row = await selectRow<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM information_schema.tables
       WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
      [],
    );
    return row?.n ?? 0;
  });

/**
 * Empties the target database for a forced restore: every schema of ours goes (public, pgboss) with what
 * is in it, then an empty public. (pg_restore --clean cannot drop pg-boss's partitioned job tables.)
 */
const emptyPostgres = (url: string) =>
  onPostgres(url, async (db) => {
    const schemas = await selectRows<{ nspname: string }>(db, USER_SCHEMAS, []);
    for (const { nspname } of schemas) await db.query(`DROP SCHEMA "${nspname.replace(/"/g, '""')}" CASCADE`);
    await db.query(`CREATE SCHEMA IF NOT EXISTS public`);
  });

/**
 * Restores a backup into the configured database and folders. A target that already holds data (tables,
 * a data folder, objects) is refused unless `force`: then PostgreSQL's schemas are emptied before the dump
 * is restored, an embedded data folder is moved aside (kept, its name printed), and the backup's files are
 * copied over the uploads folder's.
 */
export async function restoreBackup(
  config: Config,
  { from, force = false, log }: { from: string; force?: boolean; log: Log },
): Promise<Manifest> {
  const manifest = await readManifest(from);
  const target = config.databaseUrl ? "postgres" : "pglite";
  if (manifest.database !== target)
    throw new BackupRefused(
      `This backup holds a ${manifest.database} database, but the configuration names ${target === "postgres" ? "PostgreSQL (DATABASE_URL)" : "the embedded database (no DATABASE_URL)"}`,
    );

  // Every refusal before anything is written.
  const occupied: string[] = [];
  if (config.databaseUrl) {
    if ((await postgresTableCount(config.databaseUrl)) > 0)
      occupied.push("the database named by DATABASE_URL");
  } else {
    if (config.dataDir.startsWith("memory://"))
      throw new BackupRefused("DATA_DIR is memory://: nothing would be kept; name a folder");
    await assertPgliteClosed(config.dataDir, force);
    if (!(await isEmptyDir(config.dataDir))) occupied.push(`the data folder ${config.dataDir}`);
  }
  if (manifest.objects && !config.s3 && !(await isEmptyDir(config.uploadDir)))
    occupied.push(`the uploads folder ${config.uploadDir}`);
  if (occupied.length > 0 && !force)
    throw new BackupRefused(
      `Not restoring over ${occupied.join(" and ")}: it is not empty (add --force to replace it)`,
    );

  if (config.databaseUrl) {
    if (occupied.length > 0) {
      log(`Emptying the database named by DATABASE_URL (--force)`);
      await emptyPostgres(config.databaseUrl);
    }
    log(`Restoring PostgreSQL (pg_restore)`);
    await run("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      "--exit-on-error",
      `--dbname=${config.databaseUrl}`,
      path.join(from, PG_DUMP_FILE),
    ]);
  } else {
    if (!(await isEmptyDir(config.dataDir))) {
      const aside = `${config.dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      await rename(config.dataDir, aside);
      log(`Moved the previous data folder aside to ${aside}`);
    }
    log(`Restoring the embedded database into ${config.dataDir}`);
    await mkdir(config.dataDir, { recursive: true });
    const dump = new Blob([await readFile(path.join(from, PGLITE_FILE))]);
    const db = await pglite(config.dataDir, dump);
    await db.query("SELECT 1");
    await db.close();
  }
  if (config.s3) {
    if (manifest.objects || manifest.media)
      log(
        `Uploads and media are configured in the S3 bucket ${config.s3.bucket}: the backup's files are not copied there`,
      );
  } else {
    if (manifest.objects) {
      log(`Restoring uploaded objects into ${config.uploadDir}`);
      await copyFolder(path.join(from, OBJECTS), config.uploadDir);
    }
    // Media keys are content-addressed (a key's bytes never change): merging into a folder is safe.
    if (manifest.media) {
      log(`Restoring the catalog's media into ${config.mediaDir}`);
      await copyFolder(path.join(from, MEDIA), config.mediaDir);
    }
  }
  return manifest;
}
