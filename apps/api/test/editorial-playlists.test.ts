// Editorial playlists (the system playlists on Home): admins create them with a cover they uploaded, edit
// them, set their songs in order and delete them; listeners see every change at once on Home and on the
// playlist's page; nobody else may touch them; bad input writes nothing; the seed, run at every start, leaves
// an admin's edits and deletions alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { seedCatalog } from "@purplebeats/seed";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { PNG } from "./helpers/images.js";

interface Editorial {
  id: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  songCount: number;
  songs: Array<{ id: string; title: string }>;
}
interface PlaylistPage {
  name: string;
  imageUrl: string | null;
  songs: Array<{ id: string; position: number }>;
}

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

describe.each(testBackends())("editorial playlists on %s", (kind) => {
  let t: TestServer;
  let admin: Client;
  let listener: Client;
  let songIds: string[];
  /** Home's 'Made For You' for everyone: the editorial playlists, first page (from the catalog cache). */
  const home = async () =>
    (await listener.get<Array<{ id: string; name: string; songCount: number }>>("/api/playlists?limit=50"))
      .body;

  beforeAll(async () => {
    t = await startTestServer(kind, { adminUids: new Set(["editor"]) });
    admin = new Client(t.url);
    await admin.signInWithPi("editor", "editor");
    listener = new Client(t.url);
    await listener.asGuest();
    songIds = (await listener.get<Array<{ id: string }>>("/api/songs?limit=6")).body.map((s) => s.id);
  });
  afterAll(() => t?.close());

  it("lists the seeded system playlists", async () => {
    const res = await admin.get<Editorial[]>("/api/admin/playlists");
    expect(res.status).toBe(200);
    expect(res.body.map((p) => p.id)).toEqual(
      expect.arrayContaining(["discover-weekly", "daily-mix-1", "purple-vibes"]),
    );
  });

  it("creates one with an uploaded cover, fills, reorders and trims it; Home and its page follow at once", async () => {
    const owner = await new Client(t.url).asGuest();
    await t.query(
      `INSERT INTO playlists (id, name, created_by) VALUES ('earlier', 'A listener''s earlier playlist', $1)`,
      [owner],
    );
    await home(); // Home is cached: the changes below must show through the cache.
    const { uploadURL } = (await admin.post<{ uploadURL: string }>("/api/objects/upload")).body;
    const stored = await admin.put<{ objectPath: string }>(new URL(uploadURL).pathname, PNG, {
      "content-type": "image/png",
    });
    expect(stored.status).toBe(200);

    const created = await admin.post<Editorial>("/api/admin/playlists", {
      name: "  Fresh Finds ",
      description: "New this week",
      imageUrl: stored.body.objectPath,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Fresh Finds", description: "New this week", songCount: 0 });
    expect(created.body.imageUrl).toMatch(/\.png$/);
    const id = created.body.id;
    // The new editorial playlist is in everyone's 'Made For You'; a listener's own playlist is not (it is
    // theirs: their Library and their own Home add it).
    const names = (await home()).map((p) => p.name);
    expect(names).toContain("Fresh Finds");
    expect(names).not.toContain("A listener's earlier playlist");

    const [a, b, c] = songIds;
    const filled = await admin.put<Editorial>(`/api/admin/playlists/${id}/songs`, { songIds: [a, b, c] });
    expect(filled.status).toBe(200);
    expect(filled.body.songs.map((s) => s.id)).toEqual([a, b, c]);
    let page = (await listener.get<PlaylistPage>(`/api/playlists/${id}`)).body;
    expect(page.songs.map((s) => [s.id, s.position])).toEqual([
      [a, 1],
      [b, 2],
      [c, 3],
    ]);

    // Move c up, remove a: each one list.
    await admin.put(`/api/admin/playlists/${id}/songs`, { songIds: [a, c, b] });
    const trimmed = await admin.put<Editorial>(`/api/admin/playlists/${id}/songs`, { songIds: [c, b] });
    expect(trimmed.body.songCount).toBe(2);
    page = (await listener.get<PlaylistPage>(`/api/playlists/${id}`)).body;
    expect(page.songs.map((s) => s.id)).toEqual([c, b]);
    expect((await home()).find((p) => p.id === id)!.songCount).toBe(2);

    const renamed = await admin.put<Editorial>(`/api/admin/playlists/${id}`, {
      name: "Fresh Finds Weekly",
      imageUrl: "",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: "Fresh Finds Weekly",
      imageUrl: null,
      description: "New this week",
    });
    page = (await listener.get<PlaylistPage>(`/api/playlists/${id}`)).body;
    expect(page).toMatchObject({ name: "Fresh Finds Weekly", imageUrl: null });

    expect((await admin.del(`/api/admin/playlists/${id}`)).status).toBe(200);
    expect((await listener.get(`/api/playlists/${id}`)).status).toBe(404);
    expect((await home()).map((p) => p.id)).not.toContain(id);
    expect(await t.query(`SELECT 1 FROM playlist_songs WHERE playlist_id = $1`, [id])).toHaveLength(0);
  });

  it("edits a seeded one at once for listeners, and the next seed keeps the admin's version", async () => {
    await listener.get(`/api/playlists/daily-mix-1`); // cached
    const [a, b] = songIds;
    await admin.put(`/api/admin/playlists/daily-mix-1`, { name: "Daily Mix (Edited)" });
    await admin.put(`/api/admin/playlists/daily-mix-1/songs`, { songIds: [b, a] });
    const page = (await listener.get<PlaylistPage>(`/api/playlists/daily-mix-1`)).body;
    expect(page.name).toBe("Daily Mix (Edited)");
    expect(page.songs.map((s) => s.id)).toEqual([b, a]);

    expect((await admin.del(`/api/admin/playlists/chill-ambient`)).status).toBe(200);
    await seedCatalog(t.server.db.dataSource, { mediaDir: t.config.mediaDir });
    const [row] = await t.query<{ name: string; song_count: number }>(
      `SELECT name, song_count FROM playlists WHERE id = 'daily-mix-1'`,
    );
    expect(row).toMatchObject({ name: "Daily Mix (Edited)", song_count: 2 });
    expect(
      await t.query(`SELECT song_id FROM playlist_songs WHERE playlist_id = 'daily-mix-1' ORDER BY position`),
    ).toEqual([{ song_id: b }, { song_id: a }]);
    expect(await t.query(`SELECT 1 FROM playlists WHERE id = 'chill-ambient'`)).toHaveLength(0);
  });

  it("is for admins only; listeners cannot change it through their own playlist paths either", async () => {
    const [created] = (await admin.get<Editorial[]>("/api/admin/playlists")).body;
    const id = created!.id;
    const anonymous = new Client(t.url);
    expect((await anonymous.get("/api/admin/playlists")).status).toBe(401);
    const refused = [
      await listener.get("/api/admin/playlists"),
      await listener.post("/api/admin/playlists", { name: "Mine" }),
      await listener.get(`/api/admin/playlists/${id}`),
      await listener.put(`/api/admin/playlists/${id}`, { name: "Mine" }),
      await listener.put(`/api/admin/playlists/${id}/songs`, { songIds: [] }),
      await listener.del(`/api/admin/playlists/${id}`),
      await listener.put(`/api/playlists/${id}`, { name: "Mine" }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect((await admin.get<Editorial>(`/api/admin/playlists/${id}`)).body.name).toBe(created!.name);
  });

  it("answers bad input with 4xx and changes nothing", async () => {
    const before = (await admin.get<Editorial>(`/api/admin/playlists/discover-weekly`)).body;
    const [a] = songIds;
    const refused = [
      await admin.post("/api/admin/playlists", {}),
      await admin.post("/api/admin/playlists", { name: "x".repeat(101) }),
      await admin.post("/api/admin/playlists", { name: "Cover", imageUrl: "javascript:alert(1)" }),
      await admin.post("/api/admin/playlists", { name: "Cover", imageUrl: `/objects/${UNKNOWN}.png` }),
      await admin.put(`/api/admin/playlists/discover-weekly`, {}),
      await admin.put(`/api/admin/playlists/discover-weekly/songs`, { songIds: [a, a] }),
      await admin.put(`/api/admin/playlists/discover-weekly/songs`, { songIds: ["nope"] }),
      await admin.put(`/api/admin/playlists/discover-weekly/songs`, { songIds: "a" }),
      await admin.put(`/api/admin/playlists/discover-weekly/songs`, { songIds: [a, UNKNOWN] }),
      await admin.put(`/api/admin/playlists/${UNKNOWN}`, { name: "Ghost" }),
      await admin.del(`/api/admin/playlists/${UNKNOWN}`),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 404, 404, 404]);
    // A listener's playlist is not editorial: the dashboard cannot reach it.
    const own = await listener.post<{ id: string }>("/api/playlists", { name: "Listener's own" });
    expect((await admin.put(`/api/admin/playlists/${own.body.id}`, { name: "Taken" })).status).toBe(404);
    expect((await admin.get<Editorial>(`/api/admin/playlists/discover-weekly`)).body).toEqual(before);
    expect(await t.query(`SELECT 1 FROM playlists WHERE name IN ('Cover', 'Ghost')`)).toHaveLength(0);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = (await listener.get<{ paths: Record<string, Record<string, unknown>> }>("/api/openapi.json"))
      .body;
    expect(Object.keys(doc.paths["/api/admin/playlists"] ?? {})).toEqual(
      expect.arrayContaining(["get", "post"]),
    );
    expect(Object.keys(doc.paths["/api/admin/playlists/{id}"] ?? {})).toEqual(
      expect.arrayContaining(["get", "put", "delete"]),
    );
    expect(Object.keys(doc.paths["/api/admin/playlists/{id}/songs"] ?? {})).toEqual(["put"]);
  });
});
