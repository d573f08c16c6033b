// The database a CLI works on: DATABASE_URL when set, otherwise the embedded PGlite folder.
import { openDatabase, type Database } from "../connection/data-source.js";
import { DEFAULT_PGLITE_DIR } from "../paths.js";

export function describeTarget(): string {
  if (process.env.DATABASE_URL) return `PostgreSQL at ${new URL(process.env.DATABASE_URL).host}`;
  return `PGlite in ${process.env.DATA_DIR ?? DEFAULT_PGLITE_DIR}`;
}

export async function openDatabaseFromEnv(): Promise<Database> {
  if (process.env.DATABASE_URL) return openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 2 });
  return openDatabase({ dataDir: process.env.DATA_DIR ?? DEFAULT_PGLITE_DIR });
}

/** Runs a CLI body with an open database, closing it and setting the exit code either way. */
export async function withDatabase(run: (db: Database) => Promise<void>): Promise<void> {
  const db = await openDatabaseFromEnv();
  try {
    await run(db);
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await db.close();
  }
}
