// pnpm --filter @purplebeats/db gen:schema-types: runs every migration on a fresh in-memory PGlite and writes
// the schema's row types to src/schema-types.ts. Run it after adding or changing a migration.
import { writeFile } from "node:fs/promises";
import { openDatabase } from "../connection/data-source.js";
import { renderSchemaTypes, SCHEMA_TYPES_FILE } from "../schema-types/render.js";

const db = await openDatabase({ dataDir: "memory://" });
try {
  await db.dataSource.runMigrations();
  await writeFile(SCHEMA_TYPES_FILE, await renderSchemaTypes(db.dataSource));
  console.log(`Wrote ${SCHEMA_TYPES_FILE}`);
} finally {
  await db.close();
}
