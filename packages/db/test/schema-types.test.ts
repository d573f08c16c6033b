import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { renderSchemaTypes, SCHEMA_TYPES_FILE } from "../src/schema-types/render.js";
import { createTestDatabase, type TestDatabase } from "../src/testing.js";

// The row types the API's statements are checked against are the migrated schema's: a migration that adds,
// drops or retypes a column without `pnpm --filter @purplebeats/db gen:schema-types` fails here.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase("pglite");
});
afterAll(async () => {
  await db?.close();
});

it("the committed schema types are those of the migrated schema", async () => {
  const committed = await readFile(SCHEMA_TYPES_FILE, "utf8");
  expect(committed).toBe(await renderSchemaTypes(db.dataSource));
});
