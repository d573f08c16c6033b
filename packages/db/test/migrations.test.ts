import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testBackends, type TestDatabase } from "../src/testing.js";

describe.each(testBackends())("migrations on %s", (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("leave no drift between the entities and the schema", async () => {
    const pending = await db.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it("have nothing left to run", async () => {
    expect(await db.dataSource.showMigrations()).toBe(false);
  });
});
