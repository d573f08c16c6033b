import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { AdminStatsDto, AdminUserDto, MeDto, ProfileDto, SongDto } from "@purplebeats/contracts";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { PNG } from "./helpers/images.js";
import { setAdminRole } from "../src/data/admin.js";

const ADMIN_UID = "admin-uid-1";

describe.each(testBackends())("accounts API on %s", (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { adminUids: new Set([ADMIN_UID]) });
  });
  afterAll(async () => {
    await t?.close();
  });
  const client = () => new Client(t.url);
  const sql = (text: string, params: unknown[] = []) => t.server.db.dataSource.query(text, params);

  it("gives a guest a session: /api/me answers it, logout ends it server-side", async () => {
    const c = client();
    expect((await c.get("/api/me")).body).toBeNull();
    const guest = await c.post<MeDto>("/api/guest");
    expect(guest.status).toBe(201);
    expect(guest.body.uid).toMatch(/^guest-[0-9a-f]+-\d{13}$/);
    expect(guest.body).toMatchObject({ username: "Guest User", isGuest: true, isAdmin: false });
    expect(guest.setCookie).toMatch(/HttpOnly/i);
    expect(guest.setCookie).toMatch(/SameSite=Lax/i);
    expect((await c.get<MeDto>("/api/me")).body.uid).toBe(guest.body.uid);

    // A second call keeps the same guest rather than making another.
    expect((await c.post<MeDto>("/api/guest")).body.uid).toBe(guest.body.uid);

    const stolen = c.cookie;
    expect((await c.post("/api/logout")).status).toBe(200);
    expect((await c.get("/api/me")).body).toBeNull();
    // The old cookie is dead on the server too, not just forgotten by the browser.
    const replay = new Client(t.url);
    replay.cookie = stolen;
    expect((await replay.get("/api/me")).body).toBeNull();
  });

  it("refuses forged and expired sessions", async () => {
    const forged = client();
    forged.cookie = "pb_session=" + "A".repeat(43);
    expect((await forged.get("/api/me")).body).toBeNull();
    expect((await forged.get("/api/profile/anyone")).status).toBe(401);

    const c = client();
    const uid = await c.asGuest();
    await sql(`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [uid]);
    expect((await c.get("/api/me")).body).toBeNull();
    expect((await c.get(`/api/profile/${uid}`)).status).toBe(401);
  });

  it("signs in with Pi: verified with /v2/me, rotates the session, and keeps the guest's things", async () => {
    const c = client();
    const guestId = await c.asGuest();
    const guestCookie = c.cookie;
    await c.put(`/api/profile/${guestId}`, { name: "Night Owl" });
    const song = (await c.get<SongDto[]>("/api/songs?limit=1")).body[0]!;
    await c.post(`/api/songs/${song.id}/plays`);

    const me = await c.signInWithPi("alice");
    expect(me).toMatchObject({ username: "alice", isGuest: false });
    expect(c.cookie).not.toBe(guestCookie);
    expect((await c.get<MeDto>("/api/me")).body.uid).toBe(me.uid);

    const old = new Client(t.url);
    old.cookie = guestCookie;
    expect((await old.get("/api/me")).body).toBeNull();

    expect((await c.get<ProfileDto>(`/api/profile/${me.uid}`)).body.name).toBe("Night Owl");
    const recent = (await c.get<SongDto[]>("/api/songs/recently-played")).body;
    expect(recent[0]?.id).toBe(song.id);
    expect(await sql(`SELECT id FROM users WHERE id = $1`, [guestId])).toHaveLength(0);

    // A fresh Pi user gets a profile named after the Pi username.
    const bob = await client().signInWithPi("bob");
    const bobClient = client();
    await bobClient.signInWithPi("bob");
    expect((await bobClient.get<ProfileDto>(`/api/profile/${bob.uid}`)).body.name).toBe("bob");
  });

  it("refuses a Pi sign-in whose token Pi does not know, and bad bodies", async () => {
    const c = client();
    const res = await c.post<{ message: string }>("/api/pi/login", {
      accessToken: "not-a-real-token",
      user: { uid: "x" },
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/Pi Network did not accept/);
    expect((await c.post("/api/pi/login", {})).status).toBe(400);
    expect((await c.post("/api/pi/login", "{not json", { "content-type": "application/json" })).status).toBe(
      400,
    );
  });

  it("trusts only the session: another user's id in the header, path or query gets 403", async () => {
    const a = client();
    const aId = await a.asGuest();
    const b = client();
    const bId = await b.asGuest();
    expect((await a.get(`/api/profile/${aId}`, { "x-user-id": aId })).status).toBe(200);
    expect((await a.get(`/api/profile/${aId}`, { "x-user-id": bId })).status).toBe(403);
    expect((await a.get(`/api/profile/${bId}`)).status).toBe(403);
    expect((await a.put(`/api/profile/${bId}`, { name: "pwned" })).status).toBe(403);
    expect((await a.get(`/api/songs?userId=${bId}`, { "x-user-id": bId })).status).toBe(403);
    expect((await b.get<ProfileDto>(`/api/profile/${bId}`)).body.name).toBe("Guest User");
  });

  it("refuses a cross-site POST that carries the cookie", async () => {
    const c = client();
    const uid = await c.asGuest();
    const crossSite = new Client(t.url, { origin: "https://evil.example" });
    crossSite.cookie = c.cookie;
    const res = await crossSite.put(`/api/profile/${uid}`, { name: "csrf" });
    expect(res.status).toBe(403);
    const bare = new Client(t.url, {});
    bare.cookie = c.cookie;
    expect((await bare.post("/api/logout")).status).toBe(403);
    // Same-origin pages without the header pass by their Origin.
    const sameOrigin = new Client(t.url, { origin: t.url });
    sameOrigin.cookie = c.cookie;
    expect((await sameOrigin.put(`/api/profile/${uid}`, { name: "Fine" })).status).toBe(200);
  });

  it("validates profile names with SPEC.md's messages and writes nothing when refused", async () => {
    const c = client();
    const uid = await c.asGuest();
    const blank = await c.put<{ message: string }>(`/api/profile/${uid}`, { name: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain("Name is required");
    const long = await c.put<{ message: string }>(`/api/profile/${uid}`, { name: "x".repeat(51) });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain("Name must be less than 50 characters");
    expect((await c.put(`/api/profile/${uid}`, { name: 42 })).status).toBe(400);
    expect((await c.get<ProfileDto>(`/api/profile/${uid}`)).body.name).toBe("Guest User");
    const ok = await c.put<ProfileDto>(`/api/profile/${uid}`, { name: "  Mia  " });
    expect(ok.body.name).toBe("Mia");
  });

  it("uploads an avatar through a single-use URL bound to the caller", async () => {
    const c = client();
    const uid = await c.asGuest();
    expect((await client().post("/api/objects/upload")).status).toBe(401);

    const { uploadURL } = (await c.post<{ uploadURL: string }>("/api/objects/upload")).body;
    expect(uploadURL).toMatch(/\/api\/objects\/upload\/[A-Za-z0-9_-]{43}$/);
    const path = new URL(uploadURL).pathname;

    const other = client();
    await other.asGuest();
    expect((await other.put(path, PNG, { "content-type": "image/png" })).status).toBe(403);

    const stored = await c.put<{ objectPath: string }>(path, PNG, { "content-type": "image/png" });
    expect(stored.status).toBe(200);
    expect(stored.body.objectPath).toMatch(/^\/objects\/[0-9a-f-]{36}\.png$/);
    expect((await c.put(path, PNG, { "content-type": "image/png" })).status).toBe(410);

    const avatar = await c.put<ProfileDto>(`/api/profile/${uid}/avatar`, { avatarURL: uploadURL });
    expect(avatar.status).toBe(200);
    expect(avatar.body.imageUrl).toBe(stored.body.objectPath);
    const object = await fetch(`${t.url}${stored.body.objectPath}`);
    expect(object.status).toBe(200);
    expect(object.headers.get("content-type")).toBe("image/png");
    expect(object.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await object.arrayBuffer()).equals(PNG)).toBe(true);

    // Someone else's object cannot become my avatar.
    expect(
      (
        await other.put(`/api/profile/${(await other.get<MeDto>("/api/me")).body.uid}/avatar`, {
          avatarURL: stored.body.objectPath,
        })
      ).status,
    ).toBe(400);
  });

  it("refuses non-images, oversized files and expired upload URLs", async () => {
    const c = client();
    await c.asGuest();
    const grant = async () =>
      new URL((await c.post<{ uploadURL: string }>("/api/objects/upload")).body.uploadURL).pathname;

    const html = await c.put<{ message: string }>(await grant(), "<html><script>alert(1)</script></html>", {
      "content-type": "image/png",
    });
    expect(html.status).toBe(415);
    const svg = await c.put(
      await grant(),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      { "content-type": "image/svg+xml" },
    );
    expect(svg.status).toBe(415);

    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await c.put<{ message: string }>(await grant(), big, { "content-type": "image/png" });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe("File size must be less than 5 MB");

    const expiring = await grant();
    await sql(`UPDATE uploads SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    expect((await c.put(expiring, PNG, { "content-type": "image/png" })).status).toBe(410);
  });

  it("shows admins statistics and users; everyone else gets 403", async () => {
    const guest = client();
    await guest.asGuest();
    expect((await guest.get("/api/admin/stats")).status).toBe(403);
    expect((await guest.get("/api/admin/users")).status).toBe(403);
    expect((await client().get("/api/admin/stats")).status).toBe(401);

    // A known population: 3 listeners (one active premium, one expired) plus the admin; 2 completed payments.
    await sql(`DELETE FROM users WHERE kind <> 'system'`);
    for (const [id, days] of [
      ["u3", 10],
      ["u2", 3],
      ["u1", 0],
    ] as const) {
      await sql(
        `INSERT INTO users (id, username, kind, created_at) VALUES ($1, $3, 'pi', now() - make_interval(days => $2))`,
        [id, days, `pioneer_${id}`],
      );
      await sql(`INSERT INTO profiles (user_id, name, handle) VALUES ($1, $2, $1)`, [id, `Name ${id}`]);
    }
    await sql(
      `INSERT INTO memberships (user_id, is_premium, expires_at) VALUES ('u1', true, now() + interval '10 days'), ('u2', true, now() - interval '1 day')`,
    );
    await sql(
      `INSERT INTO pi_payments (payment_id, user_id, amount, status) VALUES ('p1', 'u1', '3.14', 'completed'), ('p2', 'u2', '3.14', 'completed'), ('p3', 'u3', '3.14', 'cancelled')`,
    );

    const adminClient = client();
    const admin = await adminClient.signInWithPi("admin", ADMIN_UID);
    expect(admin.isAdmin).toBe(true);
    const stats = await adminClient.get<AdminStatsDto>("/api/admin/stats");
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      totalUsers: 4,
      premiumUsers: 1,
      revenue: 6.28,
      conversionRate: 25,
      todayUsers: 2,
      recentUsers: 3,
      freeUsers: 3,
    });

    const page1 = await adminClient.get<AdminUserDto[]>("/api/admin/users?limit=2");
    expect(page1.body.map((u) => u.userId)).toEqual([ADMIN_UID, "u1"]);
    const page2 = await adminClient.get<AdminUserDto[]>(
      `/api/admin/users?limit=2&cursor=${page1.headers.get("x-next-cursor")}`,
    );
    expect(page2.body.map((u) => u.userId)).toEqual(["u2", "u3"]);
    const u1 = page1.body[1]!;
    expect(u1).toMatchObject({ name: "Name u1", isPremium: true, expiresAt: expect.any(String) });
    // The Pi @username, which the dashboard shows under the name.
    expect(page1.body.map((u) => u.username)).toEqual(["admin", "pioneer_u1"]);
    expect(page2.body[0]).toMatchObject({ isPremium: false });
  });

  it("grants and revokes the admin role by uid, and says when no user has that uid (admin:grant)", async () => {
    const listener = client();
    await listener.signInWithPi("granted", "grant-uid-1");
    expect(await setAdminRole(t.server.db.dataSource, "grant-uid-1", true)).toBe(true);
    expect((await listener.get<MeDto>("/api/me")).body.isAdmin).toBe(true);
    expect(await setAdminRole(t.server.db.dataSource, "grant-uid-1", false)).toBe(true);
    expect((await listener.get<MeDto>("/api/me")).body.isAdmin).toBe(false);
    expect(await setAdminRole(t.server.db.dataSource, "never-signed-in", true)).toBe(false);
  });
});

const limitBackends = testBackends("attempts counted at once upsert one row from separate connections");
describe.each(limitBackends)("rate limits on %s", (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, {
      rateLimits: {
        signin: 3,
        upload: 2,
        payment: 2,
        play: 2,
        follow: 2,
        support: 2,
        report: 2,
        notification: 2,
        account: 2,
        adReward: 2,
        download: 2,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 429 with a clear message past the sign-in and upload limits", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await new Client(t.url).post("/api/pi/login", { accessToken: "wrong" })).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    const limited = await new Client(t.url).post<{ message: string }>("/api/pi/login", {
      accessToken: "wrong",
    });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe("Too many attempts. Please wait a minute and try again.");
    // Guests are sessions too: the same address cannot mint them without end.
    expect((await new Client(t.url).post("/api/guest")).status).toBe(429);
  });
});
