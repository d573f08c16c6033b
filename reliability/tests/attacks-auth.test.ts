// 2. Attacks on who the caller is: another user's id in x-user-id, path, query, body and tRPC input, and
// another user's playlists; forged, malformed, expired and logged-out sessions; admin endpoints.
import { createHash, randomBytes } from "node:crypto";
import { describe, it } from "vitest";
import { Tally } from "../src/checks.js";
import { encodeValue } from "../src/fuzz.js";
import { Client } from "../src/http.js";
import { paymentRecord, signInWithPi } from "../src/pi.js";
import { ADMIN, attackSuite, attackTest, type AttackWorld } from "./helpers/attacks.js";

const { record } = attackSuite("attacks-auth");

describe("attacks: acting as someone else", () => {
  let { stack, main, edge, catalog, alice, bob, bobPrivate, bobPublic, alicePlaylist, boss } =
    {} as AttackWorld;
  attackTest.beforeAll(({ world }) => {
    ({ stack, main, edge, catalog, alice, bob, bobPrivate, bobPublic, alicePlaylist, boss } = world);
  });

  it("refuses another user's id in x-user-id, path, query and body, and another user's playlists", async () => {
    const t = new Tally();
    const a = alice.client;
    const B = bob.uid;
    const song = catalog.songs[1]!.id;
    const sys = catalog.systemPlaylists[0]!.id;
    const bobBefore = await stack.db.query(`SELECT name FROM profiles WHERE user_id = $1`, [B]);
    const countsBefore = await stack.db.rowCounts();

    for (const [method, path, body] of [
      ["GET", `/api/profile/${B}`],
      ["PUT", `/api/profile/${B}`, { name: "pwned" }],
      ["PUT", `/api/profile/${B}/avatar`, { avatarURL: "/objects/x.png" }],
      ["GET", `/api/profile/${B}/stats`],
      ["GET", `/api/membership/${B}`],
      ["GET", `/api/liked-playlists/${B}`],
      ["GET", `/api/library-playlists/${B}`],
      ["GET", `/api/playlists/user/${B}`],
      ["GET", `/api/liked-playlists/${sys}/check?userId=${B}`],
      ["GET", `/api/library-playlists/${sys}/check?userId=${B}`],
      ["DELETE", `/api/liked-playlists/${sys}?userId=${B}`],
      ["DELETE", `/api/library-playlists/${sys}?userId=${B}`],
      ["POST", "/api/liked-playlists", { playlistId: sys, userId: B }],
      ["POST", "/api/library-playlists", { playlistId: sys, userId: B }],
      ["POST", "/api/pi/payment", paymentRecord("steal-0001", B)],
      [
        "POST",
        "/api/pi/payment",
        {
          ...paymentRecord("steal-0002", alice.uid),
          metadata: JSON.stringify({ productId: "premium_membership", userId: B }),
        },
      ],
    ] as Array<[string, string, unknown?]>) {
      t.status(`${method} ${path} as alice`, await a.request(method, path, body), 403);
    }
    // x-user-id naming someone else, on reads and writes (DESIGN.md: the server trusts only its session).
    for (const [method, path, body] of [
      ["GET", "/api/me"],
      ["GET", "/api/liked-songs"],
      ["GET", `/api/membership/${alice.uid}`],
      ["POST", "/api/liked-songs", { songId: song }],
      ["POST", "/api/playlists", { name: "as bob" }],
      ["GET", "/trpc/auth.me"],
    ] as Array<[string, string, unknown?]>) {
      t.status(
        `${method} ${path} with x-user-id bob`,
        await a.request(method, path, body, { "x-user-id": B }),
        403,
      );
    }
    // tRPC inputs naming bob.
    for (const proc of [
      "profile.get",
      "membership.get",
      "likedPlaylists.list",
      "libraryPlaylists.list",
      "myPlaylists.list",
      "profile.stats",
    ]) {
      const res = await a.get(`/trpc/${proc}?input=${encodeValue(JSON.stringify({ json: { userId: B } }))}`);
      t.status(`tRPC ${proc} {userId: bob}`, res, 403);
    }
    // Bob's playlists: alice may not change them, nor read or copy the private one.
    for (const p of [bobPrivate, bobPublic]) {
      t.status(`rename ${p.name}`, await a.put(`/api/playlists/${p.id}`, { name: "pwned" }), 403, 404);
      t.status(`add to ${p.name}`, await a.post(`/api/playlists/${p.id}/songs`, { songId: song }), 403, 404);
      t.status(
        `remove from ${p.name}`,
        await a.del(`/api/playlists/${p.id}/songs/${catalog.songs[0]!.id}`),
        403,
        404,
      );
      t.status(
        `reorder ${p.name}`,
        await a.put(`/api/playlists/${p.id}/songs/order`, { songIds: [catalog.songs[0]!.id] }),
        403,
        404,
      );
      t.status(`delete ${p.name}`, await a.del(`/api/playlists/${p.id}`), 403, 404);
    }
    t.status("read bob's private playlist", await a.get(`/api/playlists/${bobPrivate.id}`), 404);
    t.status(
      "copy from bob's private playlist",
      await a.post(`/api/playlists/${alicePlaylist.id}/songs/from/${bobPrivate.id}`),
      403,
      404,
    );
    t.status(
      "like bob's private playlist",
      await a.post("/api/liked-playlists", { playlistId: bobPrivate.id }),
      403,
      404,
    );
    t.status(
      "keep bob's private playlist",
      await a.post("/api/library-playlists", { playlistId: bobPrivate.id }),
      403,
      404,
    );
    t.status("change a system playlist", await a.put(`/api/playlists/${sys}`, { name: "pwned" }), 403, 404);
    // An admin may read another user's profile (DESIGN.md): the rule is "yourself unless admin".
    t.status("admin reads bob's profile", await boss.client.get(`/api/profile/${B}`), 200);

    t.check(
      "bob's profile unchanged",
      JSON.stringify(await stack.db.query(`SELECT name FROM profiles WHERE user_id = $1`, [B])) !==
        JSON.stringify(bobBefore) && "changed",
    );
    const [bobs] = await stack.db.query<{ n: string; songs: string }>(
      `SELECT count(*) AS n, sum(song_count) AS songs FROM playlists WHERE created_by = $1`,
      [B],
    );
    t.check(
      "bob's playlists unchanged",
      (Number(bobs?.n) !== 2 || Number(bobs?.songs) !== 2) && JSON.stringify(bobs),
    );
    const changes = Object.entries(await stack.db.rowCounts()).filter(([k, v]) => countsBefore[k] !== v);
    t.check("no rows written by refused attempts", changes.length > 0 && JSON.stringify(changes));
    record(
      "Attacks",
      "another user's id in x-user-id, path, query, body and tRPC input; another user's playlists",
      t,
    );
  });

  it("refuses forged, malformed, expired and logged-out sessions, and rotates the session at sign-in", async () => {
    const t = new Tally();
    const asCookie = (value: string) => ({ cookie: `pb_session=${value}` });
    const anon = new Client(main.url);
    const forged = [
      randomBytes(32).toString("base64url"),
      "' OR '1'='1",
      "x".repeat(5000),
      "%00",
      createHash("sha256").update("guess").digest("hex"),
      ...(await stack.db.query<{ id: string }>(`SELECT id FROM sessions LIMIT 3`)).map((r) => r.id),
    ];
    for (const token of forged) {
      const me = await anon.get("/api/me", asCookie(encodeValue(token)));
      t.check(
        `me with forged session ${token.slice(0, 20)}`,
        (me.status !== 200 || (me.json !== undefined && me.json !== null)) && `${me.status} ${me.text}`,
      );
      t.status(
        `liked-songs count with forged session`,
        await anon.get("/api/liked-songs/count", asCookie(encodeValue(token))),
        401,
      );
      t.status(
        `create playlist with forged session`,
        await anon.post("/api/playlists", { name: "x" }, asCookie(encodeValue(token))),
        401,
      );
    }

    // Expired: the row is there but its time is up.
    const expiring = await signInWithPi(stack.sim, new Client(main.url), "expiring");
    await stack.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      createHash("sha256").update(expiring.client.token).digest("hex"),
    ]);
    t.status("expired session", await expiring.client.get("/api/liked-songs/count"), 401);
    t.status("expired session writes", await expiring.client.post("/api/playlists", { name: "x" }), 401);

    // Logged out: the old cookie is dead, on this instance and in the store.
    const leaving = await signInWithPi(stack.sim, new Client(main.url), "leaving");
    const oldCookie = leaving.client.cookie;
    t.status("logout", await leaving.client.post("/api/logout"), 200);
    t.check("logout clears the cookie", leaving.client.cookie !== "" && "cookie kept");
    const replay = await leaving.client.get("/api/liked-songs/count", { cookie: oldCookie });
    t.status("logged-out cookie replayed", replay, 401);
    t.status(
      "logged-out cookie on the other instance",
      await new Client(edge.url).get("/api/liked-songs/count", { cookie: oldCookie }),
      401,
    );

    // Fixation: a guest's cookie does not survive the sign-in.
    const g = new Client(main.url);
    await g.asGuest();
    const guestCookie = g.cookie;
    await signInWithPi(stack.sim, g, "fixated");
    t.check("sign-in rotates the session", g.cookie === guestCookie && "same cookie");
    const stale = await g.get("/api/me", { cookie: guestCookie });
    t.check(
      "the guest cookie is dead after sign-in",
      (stale.json as { uid?: string } | null)?.uid !== undefined && stale.text,
    );
    record(
      "Attacks",
      "forged, malformed, stored-hash, expired and logged-out sessions; session rotation at sign-in",
      t,
    );
  });

  it("keeps admin endpoints to admins", async () => {
    const t = new Tally();
    const guest = new Client(main.url);
    await guest.asGuest();
    const free = await signInWithPi(stack.sim, new Client(main.url), "freeloader");
    const who: Array<[string, Client, number]> = [
      ["anonymous", new Client(main.url), 401],
      ["guest", guest, 403],
      ["free user", free.client, 403],
      ["premium user", alice.client, 403],
    ];
    for (const [name, c, status] of who) {
      for (const path of [
        "/api/admin/stats",
        "/api/admin/users",
        "/api/admin/users?limit=100",
        "/trpc/admin.stats",
        "/trpc/admin.users",
      ]) {
        t.status(`${path} as ${name}`, await c.get(path), status);
      }
      t.status(
        `admin stats as ${name} naming the admin`,
        await c.get("/api/admin/stats", { "x-user-id": boss.uid }),
        status === 401 ? 401 : 403,
      );
    }
    // Escalation attempts change nothing: extra fields are ignored, and the uid comes from Pi, not the body.
    await alice.client.put(`/api/profile/${alice.uid}`, { name: "Alice", isAdmin: true, role: "admin" });
    const grant = stack.sim.state.authenticate({ username: "mallory" });
    const login = await new Client(main.url).post("/api/pi/login", {
      accessToken: grant.accessToken,
      user: { uid: boss.uid, username: ADMIN },
    });
    t.check(
      "sign-in as the admin by naming its uid",
      (login.json as { uid?: string; isAdmin?: boolean }).isAdmin !== false && login.text,
    );
    t.check("sign-in keeps Pi's uid", (login.json as { uid?: string }).uid !== grant.user.uid && login.text);
    t.check(
      "alice is still not an admin",
      (await alice.client.get("/api/admin/stats")).status !== 403 && "became admin",
    );
    t.status("the admin gets the stats", await boss.client.get("/api/admin/stats"), 200);

    // A token's access ends with the token: it may not make admins, whose role would outlive it.
    const made = await boss.client.post("/trpc/admin.createApiToken", {
      json: { name: "ci", scope: "manage" },
    });
    const token = (made.json as { result?: { data?: { json?: { token?: string } } } }).result?.data?.json
      ?.token;
    t.check("the admin makes a manage token", !token && made.text.slice(0, 200));
    const bearer = { authorization: `Bearer ${token}` };
    const byToken = await new Client(main.url).put(
      `/api/admin/users/${free.uid}/admin`,
      { isAdmin: true },
      bearer,
    );
    t.status("a manage token making an admin", byToken, 403);
    t.status(
      "a manage token beside the admin's cookie",
      await boss.client.put(`/api/admin/users/${free.uid}/admin`, { isAdmin: true }, bearer),
      403,
    );
    t.check(
      "the token made no admin",
      (await free.client.get("/api/admin/stats")).status !== 403 && "became admin",
    );
    t.status(
      "the admin demoting a configured admin (ADMIN_UIDS)",
      await boss.client.put(`/api/admin/users/${boss.uid}/admin`, { isAdmin: false }),
      409,
    );
    t.status("the admin is still one", await boss.client.get("/api/admin/stats"), 200);
    record(
      "Attacks",
      "admin endpoints as anonymous, guest, free and premium users (REST and tRPC), escalation by body fields, a claimed uid and an API token, demoting a configured admin",
      t,
    );
  });
});
