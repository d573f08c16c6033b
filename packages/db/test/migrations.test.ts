import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testBackends, type TestDatabase } from "../src/testing.js";

const backends = testBackends("the server's PostgreSQL version and catalogs");
describe.each(backends)("migrations on %s", (backend) => {
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

  it("give existing profiles unique handles from the Pi username or the name", async () => {
    const { Follows1795800000000 } = await import("../src/migrations/1795800000000-Follows.js");
    // One connection for all of it: PGlite has only one.
    const runner = db.dataSource.createQueryRunner();
    const q = (sql: string, params: unknown[] = []) => runner.query(sql, params);
    const migration = new Follows1795800000000();
    await migration.down(runner);
    const people = [
      ["pi-handle-1", "Star.Gazer", "pi", "Whatever Name"],
      ["pi-handle-2", "stargazer!", "pi", "Other"],
      ["pi-handle-3", "STAR GAZER", "pi", "Third"],
      ["guest-handle-1", "Guest User", "guest", "Guest User"],
      ["guest-handle-2", "Guest User", "guest", "Guest User"],
      ["pi-handle-4", "ü", "pi", "x"],
      ["pi-handle-5", "jo", "pi", "x"],
    ];
    for (const [id, username, kind, name] of people) {
      await q(`INSERT INTO users (id, username, kind) VALUES ($1, $2, $3)`, [id, username, kind]);
      await q(`INSERT INTO profiles (user_id, name) VALUES ($1, $2)`, [id, name]);
    }
    await migration.up(runner);
    const rows: Array<{ user_id: string; handle: string }> = await q(
      `SELECT user_id, handle FROM profiles WHERE user_id = ANY($1) ORDER BY user_id`,
      [people.map((p) => p[0])],
    );
    await runner.release();
    const handles = rows.map((r) => r.handle);
    expect(new Set(handles).size).toBe(people.length);
    for (const handle of handles) expect(handle).toMatch(/^[a-z0-9_.]{3,30}$/);
    expect(handles.filter((h) => h.startsWith("stargazer"))).toHaveLength(2);
    expect(handles).toContain("star.gazer");
    expect(handles.filter((h) => h.startsWith("guestuser"))).toHaveLength(2);
    expect(handles).toContain("listener");
    expect(handles).toContain("jo_");
  });

  it("remove pictures from other hosts from playlists (their revision moves on) and artists; our own pictures stay", async () => {
    const q = (sql: string, params: unknown[] = []) => db.dataSource.query(sql, params);
    const [owner] = await q(
      `INSERT INTO users (id, username, kind) VALUES ('pi-cover-owner', 'cover-owner', 'pi') RETURNING id`,
    );
    const cover = async (url: string) =>
      (
        await q(
          `INSERT INTO playlists (id, name, created_by, image_url) VALUES (gen_random_uuid()::text, 'p', $1, $2)
           RETURNING id`,
          [owner.id, url],
        )
      )[0].id as string;
    const foreign = await cover("https://tracker.example/pixel.png");
    const schemeless = await cover("//tracker.example/pixel.png");
    const ours = await cover("/objects/abc.png");
    const [artist] = await q(`SELECT id FROM artists LIMIT 1`);
    if (artist)
      await q(`UPDATE artists SET image_url = 'http://tracker.example/a.jpg' WHERE id = $1`, [artist.id]);

    const { OwnPicturesOnly1795500100000 } =
      await import("../src/migrations/1795500100000-OwnPicturesOnly.js");
    const runner = db.dataSource.createQueryRunner();
    await new OwnPicturesOnly1795500100000().up(runner);
    await runner.release();

    const rows = await q(`SELECT id, image_url, revision FROM playlists WHERE id = ANY($1)`, [
      [foreign, schemeless, ours],
    ]);
    const byId = new Map(rows.map((r: { id: string }) => [r.id, r]));
    expect(byId.get(foreign)).toMatchObject({ image_url: null, revision: 1 });
    expect(byId.get(schemeless)).toMatchObject({ image_url: null, revision: 1 });
    expect(byId.get(ours)).toMatchObject({ image_url: "/objects/abc.png", revision: 0 });
    if (artist)
      expect((await q(`SELECT image_url FROM artists WHERE id = $1`, [artist.id]))[0].image_url).toBeNull();
  });
});
