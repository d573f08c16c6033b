// Test databases on the PostgreSQL server start from one migrated template per set of migrations, rather than
// each running every migration: several made at once are each migrated and each their own.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestDatabase, postgresTemplateName, testDatabaseUrl } from "../src/testing.js";

const serverUrl = testDatabaseUrl();

describe.skipIf(!serverUrl)("PostgreSQL test databases", () => {
  it("are made at once from one migrated template, each migrated and each its own", async () => {
    const dbs = await Promise.all([1, 2, 3].map(() => createTestDatabase("postgres")));
    try {
      for (const db of dbs) expect(await db.dataSource.showMigrations()).toBe(false);
      await dbs[0]?.dataSource.query(
        `INSERT INTO users (id, username, kind) VALUES ('only-here', 'x', 'pi')`,
      );
      const seen = await Promise.all(
        dbs.map((db) => db.dataSource.query(`SELECT id FROM users WHERE id = 'only-here'`)),
      );
      expect(seen.map((rows: unknown[]) => rows.length)).toEqual([1, 0, 0]);

      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        const templates = await admin.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE datname = $1 AND datistemplate`,
          [await postgresTemplateName()],
        );
        expect(templates.rows).toHaveLength(1);
      } finally {
        await admin.end();
      }
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
    }
  });
});
