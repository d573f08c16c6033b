// Free guest sessions must not fill the disk.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";

const PICTURE = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "images", "test-card.png"),
);

describe.each(testBackends())("upload budgets on %s", (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, {
      // Two pictures per user; five a day from one address.
      uploadBudgets: { userQuotaBytes: 2 * PICTURE.length + 10, addressBytesPerDay: 5 * PICTURE.length + 10 },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  const sql = <T>(text: string, params: unknown[] = []) =>
    t.server.db.dataSource.query(text, params) as Promise<T[]>;

  /** Asks for a grant and PUTs the file to it: the grant's status, else the PUT's. */
  async function upload(c: Client, file: Buffer): Promise<{ status: number; message?: string }> {
    const grant = await c.post<{ uploadURL: string; message: string }>("/api/objects/upload");
    if (grant.status !== 201 && grant.status !== 200)
      return { status: grant.status, message: grant.body.message };
    const put = await c.put<{ message?: string }>(new URL(grant.body.uploadURL).pathname, file, {
      "content-type": "image/png",
    });
    return { status: put.status, message: put.body.message };
  }

  it("refuses junk behind a PNG header (415) and stores nothing", async () => {
    const c = new Client(t.url);
    const uid = await c.asGuest();
    const junk = Buffer.concat([PICTURE.subarray(0, 33), Buffer.alloc(50_000, 0x41)]);
    expect((await upload(c, junk)).status).toBe(415);
    const appended = Buffer.concat([PICTURE, Buffer.from("<html><script>alert(1)</script></html>")]);
    expect((await upload(c, appended)).status).toBe(415);
    const [row] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM uploads WHERE user_id = $1 AND used_at IS NOT NULL`,
      [uid],
    );
    expect(row!.n).toBe(0);
  });

  it("keeps each user within their quota, and an address within its day's budget across new guests", async () => {
    const first = new Client(t.url);
    await first.asGuest();
    expect((await upload(first, PICTURE)).status).toBe(200);
    expect((await upload(first, PICTURE)).status).toBe(200);
    const full = await upload(first, PICTURE);
    expect(full.status).toBe(413);
    expect(full.message).toMatch(/storage is full/i);

    // A fresh guest from the same address brings a fresh quota, not a fresh address budget.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const guest = new Client(t.url);
      await guest.asGuest();
      statuses.push((await upload(guest, PICTURE)).status);
    }
    expect(statuses).toEqual([200, 200, 200]);
    const next = new Client(t.url);
    await next.asGuest();
    const refused = await upload(next, PICTURE);
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(/too many uploads from your network/i);
    const [stored] = await sql<{ bytes: string }>(
      `SELECT coalesce(sum(size), 0) AS bytes FROM uploads WHERE used_at IS NOT NULL AND created_at > now() - interval '1 day'`,
    );
    expect(Number(stored!.bytes)).toBeLessThanOrEqual(5 * PICTURE.length + 10);
  });
});

describe.each(testBackends())("upload sweeper on %s", (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  const sql = <T>(text: string, params: unknown[] = []) =>
    t.server.db.dataSource.query(text, params) as Promise<T[]>;
  const onDisk = (objectPath: string) => existsSync(path.join(t.config.uploadDir, objectPath.slice(9)));

  async function store(c: Client) {
    const grant = await c.post<{ uploadURL: string }>("/api/objects/upload");
    const put = await c.put<{ objectPath: string }>(new URL(grant.body.uploadURL).pathname, PICTURE, {
      "content-type": "image/png",
    });
    expect(put.status).toBe(200);
    return put.body.objectPath;
  }

  it("deletes replaced avatars and covers, unattached files and unused grants; keeps what is in use", async () => {
    const c = new Client(t.url);
    const uid = await c.asGuest();
    const oldAvatar = await store(c);
    expect((await c.put(`/api/profile/${uid}/avatar`, { avatarURL: oldAvatar })).status).toBe(200);
    const avatar = await store(c);
    expect((await c.put(`/api/profile/${uid}/avatar`, { avatarURL: avatar })).status).toBe(200);
    // Playlists are a member's: this one is written as the service stores a cover, an /objects/ path.
    const oldCover = await store(c);
    const cover = await store(c);
    await sql(`INSERT INTO playlists (id, name, image_url, created_by) VALUES ($1, 'Covers', $2, $3)`, [
      `sweep-${uid}`,
      cover,
      uid,
    ]);
    const neverAttached = await store(c);
    expect((await c.post("/api/objects/upload")).status).toBe(200); // a grant never used

    // Within the grace period (the client attaches an upload a moment later) nothing goes.
    expect(await t.server.sweepUploads()).toEqual({ grants: 0, objects: 0 });
    for (const p of [oldAvatar, avatar, oldCover, cover, neverAttached]) expect(onDisk(p), p).toBe(true);

    await sql(
      `UPDATE uploads SET used_at = used_at - interval '2 days', expires_at = expires_at - interval '2 days'
       WHERE user_id = $1`,
      [uid],
    );
    expect(await t.server.sweepUploads()).toEqual({ grants: 1, objects: 3 });
    for (const p of [oldAvatar, oldCover, neverAttached]) expect(onDisk(p), p).toBe(false);
    for (const p of [avatar, cover]) expect(onDisk(p), p).toBe(true);
    const rows = await sql<{ object_key: string }>(`SELECT object_key FROM uploads WHERE user_id = $1`, [
      uid,
    ]);
    expect(rows.map((r) => `/objects/${r.object_key}`).sort()).toEqual([avatar, cover].sort());
    // What is in use still serves.
    expect((await fetch(`${t.url}${avatar}`)).status).toBe(200);
  });

  it("takes a deleted account's pictures off the disk with a later sweep, naming no one meanwhile", async () => {
    const c = new Client(t.url);
    const uid = await c.asGuest();
    const avatar = await store(c);
    expect((await c.put(`/api/profile/${uid}/avatar`, { avatarURL: avatar })).status).toBe(200);
    const unattached = await store(c);
    expect((await c.del("/api/account?confirm=true")).status).toBe(200);

    // The account is gone at once; its files wait for the sweep, held by no listener (their address still
    // counts toward its daily budget: deleting an account does not buy more uploads).
    expect(await sql(`SELECT 1 FROM uploads WHERE user_id = $1`, [uid])).toEqual([]);
    const held = await sql<{ user_id: string }>(`SELECT user_id FROM uploads WHERE object_key IN ($1, $2)`, [
      avatar.slice(9),
      unattached.slice(9),
    ]);
    expect(held).toEqual([{ user_id: "deleted-account" }, { user_id: "deleted-account" }]);
    await sql(`UPDATE uploads SET used_at = used_at - interval '2 days' WHERE object_key IN ($1, $2)`, [
      avatar.slice(9),
      unattached.slice(9),
    ]);
    await t.server.sweepUploads();
    for (const p of [avatar, unattached]) expect(onDisk(p), p).toBe(false);
    expect((await fetch(`${t.url}${avatar}`)).status).toBe(404);
  });
});
