// 2. Attacks: acting as another user, forged/expired/ended sessions, cross-site writes, admin endpoints,
// payment replay and tampering, files posing as images, path traversal, brute force, and the security
// headers and cookie flags that protect the rest.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uidForUsername } from "@purplebeats/pi/simulator";
import type { PlaylistDto, SongDto } from "@purplebeats/contracts";
import { mkdtempSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { ApiProcess } from "../src/api-process.js";
import { Tally } from "../src/checks.js";
import { runSeed, SIZES } from "../src/config.js";
import { createPlaylist, premiumUser, readCatalog, type Catalog, type PremiumUser } from "../src/fixtures.js";
import { encodeValue } from "../src/fuzz.js";
import { Client, errorMessage, rawRequest, type RawResponse } from "../src/http.js";
import {
  paymentRecord,
  payUpToCompletion,
  signInWithPi,
  walletCreatePayment,
  type Pioneer,
} from "../src/pi.js";
import { SuiteResults } from "../src/results.js";
import { pngImage } from "../src/images.js";
import { NO_RATE_LIMITS, sleep, startStack, type Stack } from "../src/stack.js";

const seed = runSeed();
const results = new SuiteResults("attacks");
const ADMIN = "boss";

describe("attacks", () => {
  let stack: Stack;
  let main: ApiProcess;
  let edge: ApiProcess;
  let catalog: Catalog;
  let alice: PremiumUser;
  let bob: PremiumUser;
  let bobPrivate: PlaylistDto;
  let bobPublic: PlaylistDto;
  let alicePlaylist: PlaylistDto;
  let boss: Pioneer;

  beforeAll(async () => {
    stack = await startStack("attacks");
    const admins = { ADMIN_UIDS: uidForUsername(ADMIN) };
    main = stack.api("attacks", { ...NO_RATE_LIMITS, ...admins });
    // Behind a proxy (X-Forwarded-* believed) and with low limits, for HSTS and brute force. Deployed as
    // the README says: no NODE_ENV, so the mode comes from DATABASE_URL (production), as in issue 14.
    edge = stack.api("attacks-edge", {
      ...admins,
      NODE_ENV: undefined,
      TRUST_PROXY: "1",
      RATE_LIMIT_SIGNIN: "5",
      RATE_LIMIT_PAYMENT: "5",
      RATE_LIMIT_UPLOAD: "5",
    });
    await main.start();
    await edge.start();
    catalog = await readCatalog(main.url);
    alice = await premiumUser(stack.sim, main.url, "alice");
    bob = await premiumUser(stack.sim, main.url, "bob");
    boss = await signInWithPi(stack.sim, new Client(main.url), ADMIN);
    const priv = await bob.client.post("/api/playlists", { name: "Bob's secret", isPublic: false });
    expect(priv.status).toBe(201);
    bobPrivate = priv.json as PlaylistDto;
    bobPublic = await createPlaylist(bob.client, "Bob's public");
    alicePlaylist = await createPlaylist(alice.client, "Alice's");
    for (const p of [bobPrivate, bobPublic, alicePlaylist]) {
      const owner = p === alicePlaylist ? alice : bob;
      expect(
        (await owner.client.post(`/api/playlists/${p.id}/songs`, { songId: catalog.songs[0]!.id })).status,
      ).toBe(201);
    }
  });

  afterAll(async () => {
    results.save(seed);
    await stack?.stop();
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

  it("refuses cross-site writes that carry the cookie, and sends no CORS grant", async () => {
    const t = new Tally();
    const before = await stack.db.rowCounts();
    const cookie = alice.client.cookie;
    const own = new URL(main.url).host;
    const attempts: Array<[string, Record<string, string>]> = [
      ["evil origin", { origin: "https://evil.example" }],
      ["null origin", { origin: "null" }],
      ["other port", { origin: `http://127.0.0.1:${Number(new URL(main.url).port) + 1}` }],
      ["referer only", { referer: "https://evil.example/page" }],
      ["no origin", {}],
      ["lookalike origin", { origin: `http://${own}.evil.example` }],
    ];
    const writes: Array<[string, string, string, string]> = [
      ["POST", "/api/playlists", "application/json", JSON.stringify({ name: "csrf" })],
      ["POST", "/api/playlists", "text/plain", JSON.stringify({ name: "csrf" })],
      ["POST", "/api/playlists", "application/x-www-form-urlencoded", "name=csrf"],
      ["PUT", `/api/profile/${alice.uid}`, "application/json", JSON.stringify({ name: "csrf" })],
      ["DELETE", `/api/playlists/${alicePlaylist.id}`, "application/json", "{}"],
      ["POST", "/api/logout", "application/json", "{}"],
      ["POST", "/trpc/myPlaylists.create", "application/json", JSON.stringify({ json: { name: "csrf" } })],
      ["POST", "/api/pi/payment/x/approve", "application/json", "{}"],
      // The router decodes %61 to 'a': the checks must see the route, not the raw prefix (issue 14, item 5).
      ["POST", "/%61pi/logout", "application/json", "{}"],
      ["POST", "/%61pi/guest", "text/plain", "{}"],
      ["POST", "/ap%69/playlists", "application/json", JSON.stringify({ name: "csrf" })],
      ["POST", "/trp%63/auth.logout", "application/json", "{}"],
    ];
    for (const [label, extra] of attempts) {
      for (const [method, path, type, body] of writes) {
        const res = await rawRequest(main.url, {
          method,
          path,
          headers: { cookie, "content-type": type, ...extra },
          body,
        });
        t.check(
          `${method} ${path} (${type}, ${label})`,
          res.status !== 403 && `${res.status} ${res.text.slice(0, 100)}`,
        );
      }
    }
    const still = await alice.client.get("/api/me");
    t.check(
      "the victim's session survives every spelling of logout",
      (still.json as { uid?: string } | null)?.uid !== alice.uid &&
        `${still.status} ${still.text.slice(0, 80)}`,
    );
    // Our own pages get through (the client header, or an Origin of this host).
    const ownOrigin = await rawRequest(main.url, {
      method: "POST",
      path: "/api/playlists",
      headers: { cookie, "content-type": "application/json", origin: main.url },
      body: JSON.stringify({ name: "same origin" }),
    });
    t.status("same-origin write", ownOrigin, 201);
    const after = await stack.db.rowCounts();
    t.check(
      "only the same-origin playlist was written",
      after.playlists !== before.playlists! + 1 && `${before.playlists} → ${after.playlists}`,
    );
    // No CORS grant: another site's script cannot read responses.
    for (const [method, path] of [
      ["GET", "/api/me"],
      ["OPTIONS", "/api/playlists"],
      ["GET", "/trpc/auth.me"],
    ]) {
      const res = await rawRequest(main.url, {
        method: method!,
        path: path!,
        headers: { cookie, origin: "https://evil.example", "access-control-request-method": "POST" },
      });
      t.check(
        `${method} ${path} CORS`,
        (res.headers["access-control-allow-origin"] !== undefined ||
          res.headers["access-control-allow-credentials"] !== undefined) &&
          JSON.stringify(res.headers),
      );
    }
    record(
      "Attacks",
      "cross-site POST/PUT/DELETE with the session cookie (evil, null, lookalike and missing Origin; JSON, text and form bodies; REST and tRPC; percent-encoded paths like /%61pi/logout); CORS",
      t,
    );
  });

  it("cannot rig Trending with anonymous, cross-site or repeated plays", async () => {
    const t = new Tally();
    const [rigged, loved] = catalog.songs.slice(-2) as [SongDto, SongDto];
    const counts = async (id: string) => {
      const [row] = await stack.db.query<{ plays: number; listeners: number }>(
        `SELECT play_count AS plays, listener_count AS listeners FROM songs WHERE id = $1`,
        [id],
      );
      return { plays: Number(row?.plays), listeners: Number(row?.listeners) };
    };
    const before = await counts(rigged.id);
    const path = `/api/songs/${rigged.id}/plays`;
    // 25 bodyless 'simple' POSTs another site can make its visitors send, with and without their cookie.
    for (let i = 0; i < 25; i++) {
      const anonymous = await rawRequest(main.url, { method: "POST", path });
      if (anonymous.status !== 401) t.check(`anonymous play ${i}`, `${anonymous.status}`);
      const crossSite = await rawRequest(main.url, {
        method: "POST",
        path,
        headers: { cookie: alice.client.cookie, origin: "https://evil.example" },
      });
      if (crossSite.status !== 403) t.check(`cross-site play ${i}`, `${crossSite.status}`);
    }
    // One listener repeating a play: counted once within the window.
    const repeats: boolean[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await alice.client.post(path);
      repeats.push(res.status === 201 && (res.json as { counted: boolean }).counted);
    }
    t.check("a listener's 25 plays count once", repeats.filter(Boolean).length !== 1 && repeats.join(","));
    const after = await counts(rigged.id);
    t.check(
      "counted: one play, one listener",
      (after.plays !== before.plays + 1 || after.listeners !== before.listeners + 1) &&
        `${JSON.stringify(before)} → ${JSON.stringify(after)}`,
    );
    // Two listeners outrank one listener's many plays.
    for (const listener of [alice, bob])
      t.status("a real play", await listener.client.post(`/api/songs/${loved.id}/plays`), 201);
    const trending = async () =>
      ((await new Client(main.url).get("/api/songs/trending?limit=100")).json as SongDto[]).map((s) => s.id);
    let order = await trending();
    for (let i = 0; i < 50 && order.indexOf(loved.id) > order.indexOf(rigged.id); i++) {
      await sleep(200); // Trending's first page is cached for a moment.
      order = await trending();
    }
    t.check(
      "two listeners rank above one",
      !(order.indexOf(loved.id) >= 0 && order.indexOf(loved.id) < order.indexOf(rigged.id)) &&
        `${order.indexOf(loved.id)} vs ${order.indexOf(rigged.id)}`,
    );
    record("Attacks", "play counts: anonymous, cross-site and repeated plays do not rig Trending", t);
  });

  it("keeps the Pi simulator on this machine unless explicitly opened, with a warning", async () => {
    const t = new Tally();
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
    // `pnpm start` as a developer runs it: development, embedded database, simulator on, HOST unset.
    // One database folder for all three starts: migrated once.
    const dataDir = mkdtempSync(path.join(tmpdir(), "pb-sim-home-"));
    const dev = (name: string, env: Record<string, string>) =>
      new ApiProcess({
        name,
        databaseUrl: "",
        piApiUrl: "https://api.minepi.com",
        piApiKey: "",
        env: {
          NODE_ENV: "development",
          HOST: "",
          DATA_DIR: dataDir,
          SEED: "0",
          PI_SIMULATOR: "",
          ...env,
        },
      });
    const mint = (url: string, headers: Record<string, string> = {}) =>
      rawRequest(url, {
        method: "POST",
        path: "/pi-sim/__control/users",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ username: ADMIN, uid: uidForUsername(ADMIN) }),
      }).catch((e: Error) => e);
    const answer = (r: RawResponse | Error) => (r instanceof Error ? r.message : `${r.status} ${r.text}`);

    const home = dev("attacks-sim-home", { TRUST_PROXY: "1" });
    await home.start();
    try {
      const local = await mint(home.url);
      t.check("this machine mints", (local instanceof Error || local.status !== 200) && answer(local));
      const proxied = await mint(home.url, { "x-forwarded-for": "203.0.113.50" });
      t.check(
        "a client from elsewhere (through a proxy) is refused",
        (proxied instanceof Error || proxied.status !== 403) && answer(proxied),
      );
      if (external) {
        const direct = await mint(`http://${external}:${home.port}`);
        t.check(
          "not listening on the network by default",
          !(direct instanceof Error) && `answered ${direct.status}`,
        );
      }
      // Another website's page in the developer's browser (on loopback, so the loopback check passes).
      for (const [name, headers] of [
        ["an Origin of another site", { origin: "https://evil.example" }],
        ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
        ["a sandboxed page (Origin: null)", { origin: "null", "content-type": "text/plain" }],
      ] as const) {
        const r = await mint(home.url, headers);
        t.check(
          `a cross-site mint (${name}) is refused`,
          (r instanceof Error ||
            r.status !== 403 ||
            r.headers["access-control-allow-origin"] !== undefined) &&
            answer(r),
        );
      }
      const preflight = await rawRequest(home.url, {
        method: "OPTIONS",
        path: "/pi-sim/__control/users",
        headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
      });
      t.check(
        "a preflight gets no CORS grant",
        preflight.headers["access-control-allow-origin"] !== undefined && JSON.stringify(preflight.headers),
      );
      // DNS rebinding: a name of the attacker's that now points to 127.0.0.1.
      for (const path of ["/pi-sim/__control/users", "/api/songs?limit=1"]) {
        const r = await rawRequest(home.url, {
          method: path.includes("__control") ? "POST" : "GET",
          path,
          headers: { host: `rebind.evil.example:${home.port}`, "content-type": "application/json" },
          body: path.includes("__control") ? JSON.stringify({ username: ADMIN }) : undefined,
        });
        t.check(`a foreign Host on ${path} is refused (421)`, r.status !== 421 && `${r.status} ${r.text}`);
      }
      const named = await mint(home.url, { host: `localhost:${home.port}` });
      t.check(
        "Host: localhost still mints",
        (named instanceof Error || named.status !== 200) && answer(named),
      );
    } finally {
      await home.terminate();
    }

    const refused = dev("attacks-sim-refused", { HOST: "0.0.0.0" });
    const failure = await refused.start().then(
      () => "started",
      (e: Error) => e.message,
    );
    if (refused.alive) await refused.terminate();
    t.check(
      "HOST=0.0.0.0 without PI_SIMULATOR_PUBLIC=1 refuses to start in one line",
      (!failure.includes("PI_SIMULATOR_PUBLIC=1") || /\n\s+at /.test(failure)) && failure.slice(0, 300),
    );

    const open = dev("attacks-sim-open", { HOST: "0.0.0.0", PI_SIMULATOR_PUBLIC: "1" });
    await open.start();
    try {
      // The log line may trail the "running at" line a little.
      for (let i = 0; i < 50 && !/open to the network/.test(open.logs()); i++) await sleep(100);
      t.check(
        "opening it logs a warning",
        !/open to the network/.test(open.logs()) && open.logs().slice(0, 300),
      );
      if (external) {
        const direct = await mint(`http://${external}:${open.port}`);
        t.check(
          "opened on purpose, it answers the network",
          (direct instanceof Error || direct.status !== 200) && answer(direct),
        );
      }
    } finally {
      await open.terminate();
    }
    record(
      "Attacks",
      "the Pi simulator: loopback by default, opened only by PI_SIMULATOR_PUBLIC=1 (with a warning)",
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

  it("refuses payment replay, another user's payment, a tampered amount or product and a forged txid", async () => {
    const t = new Tally();
    const carol = await signInWithPi(stack.sim, new Client(main.url), "carol");
    const dave = await signInWithPi(stack.sim, new Client(main.url), "dave");
    const months = async (uid: string) => {
      const [row] = await stack.db.query<{ months: number | null }>(
        `SELECT round(extract(epoch FROM (expires_at - now())) / 86400 / 30.4)::int AS months FROM memberships WHERE user_id = $1`,
        [uid],
      );
      return row?.months ?? 0;
    };

    // Replay: every step again, and all at once.
    const first = await payUpToCompletion(stack.sim, carol);
    const completes = await Promise.all(
      Array.from({ length: 6 }, () =>
        carol.client.post(`/api/pi/payment/${first.paymentId}/complete`, { txid: first.txid }),
      ),
    );
    t.check(
      "six completes at once all answer 200",
      completes.some((r) => r.status !== 200) && completes.map((r) => r.status).join(","),
    );
    t.status("approve replayed", await carol.client.post(`/api/pi/payment/${first.paymentId}/approve`), 200);
    t.status(
      "create replayed",
      await carol.client.post("/api/pi/payment", paymentRecord(first.paymentId, carol.uid)),
      201,
    );
    t.status(
      "complete replayed",
      await carol.client.post(`/api/pi/payment/${first.paymentId}/complete`, { txid: first.txid }),
      200,
    );
    t.status(
      "incomplete replayed",
      await carol.client.post("/api/pi/payment/incomplete", { paymentId: first.paymentId }),
      200,
    );
    t.check(
      "one month after all replays",
      (await months(carol.uid)) !== 1 && `${await months(carol.uid)} months`,
    );

    // Another user's payment.
    t.status(
      "dave approves carol's payment",
      await dave.client.post(`/api/pi/payment/${first.paymentId}/approve`),
      403,
    );
    t.status(
      "dave completes carol's payment",
      await dave.client.post(`/api/pi/payment/${first.paymentId}/complete`, { txid: first.txid }),
      403,
    );
    t.status(
      "dave records carol's payment",
      await dave.client.post("/api/pi/payment", paymentRecord(first.paymentId, dave.uid)),
      403,
    );
    t.status(
      "dave resolves carol's payment",
      await dave.client.post("/api/pi/payment/incomplete", { paymentId: first.paymentId }),
      403,
    );
    t.check("dave got nothing", (await months(dave.uid)) !== 0 && "dave is premium");

    // Tampered amount: lying to us, or a wallet payment of the wrong amount.
    const cheap = walletCreatePayment(stack.sim, carol, 0.01);
    t.status(
      "record a 0.01 payment",
      await carol.client.post("/api/pi/payment", paymentRecord(cheap.identifier, carol.uid, "0.01")),
      400,
    );
    t.status(
      "record it claiming 3.14",
      await carol.client.post("/api/pi/payment", paymentRecord(cheap.identifier, carol.uid)),
      201,
    );
    t.status(
      "approve the 0.01 payment",
      await carol.client.post(`/api/pi/payment/${cheap.identifier}/approve`),
      400,
    );
    t.check(
      "Pi did not approve it",
      stack.sim.state.getPayment(cheap.identifier).status.developer_approved && "approved",
    );
    const [cheapRow] = await stack.db.query<{ status: string }>(
      `SELECT status FROM pi_payments WHERE payment_id = $1`,
      [cheap.identifier],
    );
    t.check("the 0.01 payment is closed", cheapRow?.status !== "failed" && cheapRow?.status);
    stack.sim.state.userCancelPayment(cheap.identifier);

    // Another product in the wallet's metadata.
    const other = stack.sim.state.createPayment(carol.accessToken, {
      amount: 3.14,
      memo: "x",
      metadata: { productId: "lifetime_vip" },
    });
    await carol.client.post("/api/pi/payment", paymentRecord(other.identifier, carol.uid));
    t.status(
      "approve another product",
      await carol.client.post(`/api/pi/payment/${other.identifier}/approve`),
      400,
    );
    stack.sim.state.userCancelPayment(other.identifier);

    // Complete before approval; a forged txid; then the real one.
    const early = walletCreatePayment(stack.sim, carol);
    await carol.client.post("/api/pi/payment", paymentRecord(early.identifier, carol.uid));
    t.status(
      "complete before approval",
      await carol.client.post(`/api/pi/payment/${early.identifier}/complete`, { txid: "a".repeat(64) }),
      409,
    );
    t.status("approve", await carol.client.post(`/api/pi/payment/${early.identifier}/approve`), 200);
    const { txid } = stack.sim.state.submitTransaction(early.identifier);
    for (const forged of ["a".repeat(64), first.txid, txid.slice(0, -1) + (txid.endsWith("0") ? "1" : "0")]) {
      t.status(
        `forged txid ${forged.slice(0, 8)}`,
        await carol.client.post(`/api/pi/payment/${early.identifier}/complete`, { txid: forged }),
        400,
      );
    }
    t.check(
      "forged txids granted nothing",
      (await months(carol.uid)) !== 1 && `${await months(carol.uid)} months`,
    );
    t.status(
      "the real txid",
      await carol.client.post(`/api/pi/payment/${early.identifier}/complete`, { txid }),
      200,
    );
    t.check(
      "two payments, two months",
      (await months(carol.uid)) !== 2 && `${await months(carol.uid)} months`,
    );

    // A guest has no wallet.
    const guest = new Client(main.url);
    const guestId = await guest.asGuest();
    t.status(
      "a guest pays",
      await guest.post("/api/pi/payment", paymentRecord("guest-pay-0001", guestId)),
      403,
    );
    const [rows] = await stack.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM pi_payments WHERE payment_id = $1`,
      [first.paymentId],
    );
    t.check("one record per paymentId", Number(rows?.n) !== 1 && rows?.n);
    record(
      "Attacks",
      "payment replay (sequential and 6 at once), another user's payment, tampered amount and product, complete before approval, forged txids, a guest paying",
      t,
      {
        writesLost: 0,
      },
    );
  });

  it("refuses HTML and SVG posing as images, and serves stored objects inert", async () => {
    const t = new Tally();
    const grant = async (c: Client) =>
      new URL(((await c.post("/api/objects/upload")).json as { uploadURL: string }).uploadURL).pathname;
    const put = (
      c: Client,
      path: string,
      type: string,
      body: string | Buffer,
      headers: Record<string, string> = {},
    ) => c.request("PUT", path, body, { "content-type": type, ...headers });
    const url = await grant(alice.client);
    const fakes: Array<[string, string, string | Buffer]> = [
      ["HTML as PNG", "image/png", "<!doctype html><html><script>alert(document.cookie)</script></html>"],
      [
        "SVG with script",
        "image/svg+xml",
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
      ],
      ["SVG as PNG", "image/png", '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'],
      ["JavaScript as JPEG", "image/jpeg", "alert(document.cookie)//" + "x".repeat(100)],
      ["PDF as PNG", "image/png", "%PDF-1.4\n" + "x".repeat(100)],
      ["executable as GIF", "image/gif", Buffer.concat([Buffer.from("MZ"), randomBytes(200)])],
      ["short PNG header", "image/png", Buffer.from([0x89, 0x50, 0x4e, 0x47])],
    ];
    for (const [label, type, body] of fakes) t.status(label, await put(alice.client, url, type, body), 415);
    t.status("bob uses alice's upload URL", await put(bob.client, url, "image/png", pngBytes()), 403);
    t.status(
      "no session uses alice's upload URL",
      await put(new Client(main.url), url, "image/png", pngBytes()),
      403,
    );
    t.status(
      "a forged upload token",
      await put(
        alice.client,
        `/api/objects/upload/${randomBytes(32).toString("base64url")}`,
        "image/png",
        pngBytes(),
      ),
      403,
    );
    t.status(
      "over 5 MB",
      await put(alice.client, url, "image/png", Buffer.concat([pngBytes(), Buffer.alloc(5 * 1024 * 1024)])),
      413,
    );
    // A polyglot (a whole PNG, then HTML) or junk behind a PNG header is not an image: refused.
    const polyglot = Buffer.concat([pngBytes(), Buffer.from("<html><script>alert(1)</script></html>")]);
    t.status("PNG-led polyglot", await put(alice.client, url, "text/html", polyglot), 415);
    const junk = Buffer.concat([pngBytes().subarray(0, 33), randomBytes(100_000)]);
    t.status("junk behind a PNG header", await put(alice.client, url, "image/png", junk), 415);
    // A real picture is stored, and served so that no browser would run it even if it were HTML.
    const stored = await put(alice.client, url, "text/html", pngBytes());
    t.status("a real PNG stored", stored, 200);
    const objectPath = (stored.json as { objectPath?: string } | undefined)?.objectPath ?? "";
    t.status("the upload URL is single-use", await put(alice.client, url, "image/png", pngBytes()), 410);
    const served = await rawRequest(main.url, { method: "GET", path: objectPath });
    t.check(
      "served as image/png",
      served.headers["content-type"] !== "image/png" && String(served.headers["content-type"]),
    );
    t.check("served with nosniff", served.headers["x-content-type-options"] !== "nosniff" && "no nosniff");
    t.check(
      "served sandboxed",
      !/sandbox/.test(String(served.headers["content-security-policy"])) &&
        String(served.headers["content-security-policy"]),
    );
    // Bob cannot take alice's object as his avatar.
    t.status(
      "bob's avatar from alice's object",
      await bob.client.put(`/api/profile/${bob.uid}/avatar`, { avatarURL: objectPath }),
      400,
    );
    t.status(
      "alice's avatar from her object",
      await alice.client.put(`/api/profile/${alice.uid}/avatar`, { avatarURL: objectPath }),
      200,
    );
    record(
      "Attacks",
      "uploads: HTML, SVG, script, PDF and executables posing as images; another user's, forged and used upload URLs; >5 MB; a PNG-led polyglot served inert; another user's object as avatar",
      t,
    );
  });

  it("keeps /media and /objects inside their folders, however the path is spelled", async () => {
    const t = new Tally();
    const ups = [
      "../",
      "..%2f",
      "..%2F",
      "%2e%2e/",
      "%2e%2e%2f",
      "%2E%2E%2F",
      "..%252f",
      "%252e%252e%252f",
      "....//",
      "..\\",
      "..%5c",
      "%c0%ae%c0%ae/",
      "..;/",
      ".%2e/",
      "%2e./",
      "..%00/",
      "%u002e%u002e/",
    ];
    const targets = [
      "etc/passwd",
      "package.json",
      "apps/api/src/config/env.ts",
      ".git/config",
      "reliability/test-results/attacks.log",
    ];
    const leaked = (text: string) =>
      /root:.*:0:0:|"packageManager"|PI_API_KEY|\[core\]|repositoryformatversion/.test(text);
    for (const prefix of ["/media/", "/media/audio/", "/objects/"]) {
      for (const up of ups) {
        for (const depth of [1, 2, 3, 4, 8]) {
          for (const target of targets) {
            const path = `${prefix}${up.repeat(depth)}${target}`;
            let res: RawResponse;
            try {
              res = await rawRequest(main.url, { method: "GET", path });
            } catch (error) {
              // The client refuses some raw paths outright: nothing reached the server.
              t.check(path, String(error).includes("ERR_UNESCAPED_CHARACTERS") ? undefined : String(error));
              continue;
            }
            t.check(
              path,
              (res.status < 400 || res.status >= 500 || leaked(res.text)) &&
                `${res.status} ${res.text.slice(0, 80)}`,
            );
          }
        }
      }
    }
    for (const path of [
      "/media//etc/passwd",
      "/media/%2fetc%2fpasswd",
      "/media/audio/x.mp3%00.json",
      "/objects/%2e%2e",
      "/media/",
      "/media/audio/",
      "/objects/",
      "/media/.",
      "/media/%2e",
    ]) {
      const res = await rawRequest(main.url, { method: "GET", path });
      t.check(
        path,
        (res.status < 400 || res.status >= 500 || leaked(res.text)) &&
          `${res.status} ${res.text.slice(0, 80)}`,
      );
    }
    // The real files are still served (pictures: audio plays through the stream route only, issue 45).
    const cover = catalog.songs[0]!.imageUrl!;
    const ok = await rawRequest(main.url, { method: "GET", path: cover, headers: { range: "bytes=0-99" } });
    t.check(
      "a song's cover",
      (ok.status !== 206 || !/^image\//.test(String(ok.headers["content-type"]))) &&
        `${ok.status} ${ok.headers["content-type"]}`,
    );
    record(
      "Attacks",
      "path traversal in /media and /objects (17 spellings incl. encoded, double-encoded, overlong UTF-8 and backslashes; 5 depths; 5 targets)",
      t,
    );
  });

  it("answers brute force on sign-in, payments and uploads with 429", async () => {
    const t = new Tally();
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    // Limits count per minute (fixed windows): start early in a window, so that it does not roll over.
    const intoWindow = (Date.now() / 1000) % 60;
    if (intoWindow > 40) await sleep((61 - intoWindow) * 1000);
    const attempts = SIZES.bruteForceAttempts;
    const ip = `203.0.113.${(seed % 200) + 1}`;
    const c = new Client(edge.url, { headers: from(ip) });
    const statuses: number[] = [];
    for (let i = 0; i < attempts; i++) {
      const res = await c.post("/api/pi/login", {
        accessToken: `guess-${i}-${randomBytes(8).toString("hex")}`,
      });
      statuses.push(res.status);
      if (res.status === 429)
        t.check("429 message", !/too many/i.test(errorMessage(res.json) ?? "") && res.text);
    }
    t.check(
      "sign-in guesses",
      (statuses.slice(0, 5).some((s) => s !== 401) || statuses.slice(5).some((s) => s !== 429)) &&
        statuses.join(","),
    );
    const real = stack.sim.state.authenticate({ username: "frank" });
    t.status("a real token from the blocked address", await c.post("/api/pi/login", real), 429);
    t.status(
      "a real token from another address",
      await new Client(edge.url, { headers: from("198.51.100.9") }).post("/api/pi/login", real),
      200,
    );
    // Guest creation shares the sign-in bucket.
    const guests: number[] = [];
    for (let i = 0; i < 8; i++)
      guests.push((await new Client(edge.url, { headers: from("192.0.2.77") }).post("/api/guest")).status);
    t.check(
      "guest floods",
      (guests.slice(0, 5).some((s) => s !== 201) || guests.slice(5).some((s) => s !== 429)) &&
        guests.join(","),
    );

    // Payments: keyed by user.
    const payer = await signInWithPi(
      stack.sim,
      new Client(edge.url, { headers: from("198.51.100.20") }),
      "brute-payer",
    );
    const pays: number[] = [];
    for (let i = 0; i < Math.min(attempts, 30); i++) {
      pays.push(
        (await payer.client.post(`/api/pi/payment/guess${i}x${randomBytes(6).toString("hex")}/approve`))
          .status,
      );
    }
    t.check(
      "payment guesses",
      (pays.slice(0, 5).some((s) => s !== 404) || pays.slice(5).some((s) => s !== 429)) && pays.join(","),
    );
    const uploads: number[] = [];
    for (let i = 0; i < 10; i++) uploads.push((await payer.client.post("/api/objects/upload")).status);
    t.check(
      "upload grants",
      (uploads.slice(0, 5).some((s) => s !== 200) || uploads.slice(5).some((s) => s !== 429)) &&
        uploads.join(","),
    );
    // Limits are per caller: another user is not blocked by the first one's flood.
    const calm = await signInWithPi(
      stack.sim,
      new Client(edge.url, { headers: from("198.51.100.21") }),
      "calm-payer",
    );
    t.status(
      "another payer",
      await calm.client.post(`/api/pi/payment/unknown${randomBytes(6).toString("hex")}/approve`),
      404,
    );
    t.cases += statuses.length + guests.length + pays.length + uploads.length - 4;
    record(
      "Attacks",
      "brute force: sign-in token guessing, guest floods, payment id guessing, upload grants (429 after the limit, per address or user)",
      t,
    );
  });

  it("sends the security headers and cookie flags", async () => {
    const t = new Tally();
    const anyPaths = [
      "/api/songs?limit=1",
      "/api/me",
      "/api/no-such-thing",
      catalog.songs[0]!.audioUrl!,
      "/healthz",
      "/",
    ];
    for (const path of anyPaths) {
      const res = await rawRequest(main.url, { method: "GET", path });
      const csp = String(res.headers["content-security-policy"] ?? "");
      t.check(`${path} nosniff`, res.headers["x-content-type-options"] !== "nosniff" && "missing");
      if (path.startsWith("/media/")) continue;
      t.check(`${path} CSP admits the Pi SDK`, !/script-src[^;]*https:\/\/sdk\.minepi\.com/.test(csp) && csp);
      t.check(
        `${path} CSP frame-ancestors lets the Pi Browser embed us`,
        !/frame-ancestors[^;]*minepi\.com/.test(csp) && csp,
      );
      t.check(
        `${path} no X-Frame-Options that blocks Pi`,
        /deny|sameorigin/i.test(String(res.headers["x-frame-options"] ?? "")) &&
          String(res.headers["x-frame-options"]),
      );
      t.check(
        `${path} no HSTS on plain http`,
        res.headers["strict-transport-security"] !== undefined && "HSTS on http",
      );
    }
    const https = await rawRequest(edge.url, {
      method: "GET",
      path: "/api/me",
      headers: { "x-forwarded-proto": "https" },
    });
    t.check(
      "HSTS behind a TLS proxy",
      !/max-age=\d{7,}/.test(String(https.headers["strict-transport-security"] ?? "")) &&
        String(https.headers["strict-transport-security"]),
    );
    const spoofed = await rawRequest(main.url, {
      method: "GET",
      path: "/api/me",
      headers: { "x-forwarded-proto": "https" },
    });
    t.check(
      "X-Forwarded-Proto ignored without TRUST_PROXY",
      spoofed.headers["strict-transport-security"] !== undefined && "believed a spoofed header",
    );

    const flags = (cookie: string | undefined, label: string) => {
      t.check(`${label}: cookie set`, !cookie && "no cookie");
      if (!cookie) return;
      t.check(`${label}: HttpOnly`, !/;\s*HttpOnly/i.test(cookie) && cookie);
      t.check(`${label}: SameSite=Lax`, !/;\s*SameSite=Lax/i.test(cookie) && cookie);
      t.check(`${label}: Secure in production`, !/;\s*Secure/i.test(cookie) && cookie);
      t.check(`${label}: Path=/`, !/;\s*Path=\//i.test(cookie) && cookie);
    };
    const g = new Client(main.url);
    await g.asGuest();
    flags(g.lastSetCookie, "guest session");
    const p = await signInWithPi(stack.sim, new Client(main.url), "cookie-checker");
    flags(p.client.lastSetCookie, "Pi session");
    await p.client.post("/api/logout");
    flags(p.client.lastSetCookie, "logout clearing");
    record(
      "Attacks",
      "security headers (CSP with the Pi SDK, frame-ancestors for the Pi Browser, nosniff, no X-Frame-Options, HSTS only behind a TLS proxy) and cookie flags (HttpOnly, SameSite=Lax, Secure, Path)",
      t,
    );
  });

  it("lets nobody squat a payment id: Pi's record names who may record it", async () => {
    const t = new Tally();
    const owner = await signInWithPi(stack.sim, new Client(main.url), "squat-owner");
    const squatter = await signInWithPi(stack.sim, new Client(main.url), "squat-taker");
    const payment = walletCreatePayment(stack.sim, owner);
    t.status(
      "squatter records the owner's payment id first",
      await squatter.client.post("/api/pi/payment", paymentRecord(payment.identifier, squatter.uid)),
      403,
    );
    t.status(
      "an id Pi does not know",
      await squatter.client.post("/api/pi/payment", paymentRecord(`unknown-${seed}`, squatter.uid)),
      404,
    );
    t.status(
      "owner records it",
      await owner.client.post("/api/pi/payment", paymentRecord(payment.identifier, owner.uid)),
      201,
    );
    t.status("owner approves", await owner.client.post(`/api/pi/payment/${payment.identifier}/approve`), 200);
    const { txid } = stack.sim.state.submitTransaction(payment.identifier);
    const done = await owner.client.post(`/api/pi/payment/${payment.identifier}/complete`, { txid });
    t.status("owner completes", done, 200);
    t.check(
      "owner is premium",
      !(done.json as { membership?: { isPremium?: boolean } }).membership?.isPremium &&
        done.text.slice(0, 120),
    );
    record("Attacks", "payment id squatting: another user records the id first; the owner still pays", t);
  });

  it("keeps the catalog's audio on our pages and for sessions only", async () => {
    const t = new Tally();
    const song = catalog.songs[0]!;
    const streamPath = `/api/songs/${song.id}/stream?quality=standard`;
    const own = { referer: `${main.url}/`, "sec-fetch-site": "same-origin", range: "bytes=0-1023" };
    t.status(
      "our page, with a session",
      await rawRequest(main.url, {
        method: "GET",
        path: streamPath,
        headers: { ...own, cookie: alice.client.cookie },
      }),
      206,
      200,
    );
    t.status(
      "our page, no session",
      await rawRequest(main.url, { method: "GET", path: streamPath, headers: own }),
      401,
    );
    const hotlinks: Array<[string, Record<string, string>]> = [
      ["Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site", "sec-fetch-dest": "audio" }],
      ["foreign Referer", { referer: "https://evil.example/embed.html" }],
      ["foreign Origin", { origin: "https://evil.example" }],
      ["null Origin", { origin: "null" }],
      ["lookalike Referer", { referer: `http://${new URL(main.url).host}.evil.example/` }],
    ];
    for (const [label, headers] of hotlinks) {
      t.status(
        `stream, ${label}`,
        await rawRequest(main.url, {
          method: "GET",
          path: streamPath,
          headers: { ...headers, cookie: alice.client.cookie },
        }),
        403,
      );
    }
    // Issue 45: a seed song's own file (/media/audio/<slug>.mp3) gave anyone the whole clip, with no session,
    // even once an admin made the song members-only or hid it; /api/songs handed guests that path.
    const clipOf = async (id: string) =>
      (await stack.db.query<{ audio_url: string }>(`SELECT audio_url FROM songs WHERE id = $1`, [id]))[0]!
        .audio_url;
    const guest = new Client(main.url);
    await guest.asGuest();
    const noAudio = (label: string, res: RawResponse) =>
      t.check(
        label,
        (res.status < 400 || /^audio\//.test(String(res.headers["content-type"]))) &&
          `${res.status} ${res.headers["content-type"]}`,
      );
    const locked = catalog.songs.at(-1)!;
    const hidden = catalog.songs.at(-2)!;
    const callers: Array<[string, Record<string, string>]> = [
      ["no session", own],
      ["a guest", { ...own, cookie: guest.cookie }],
      ["a premium member", { ...own, cookie: alice.client.cookie }],
      ...hotlinks.map(([label, headers]): [string, Record<string, string>] => [label, headers]),
    ];
    for (const [label, headers] of callers)
      noAudio(
        `${await clipOf(song.id)}, ${label}`,
        await rawRequest(main.url, { method: "GET", path: await clipOf(song.id), headers }),
      );
    t.status(
      "members-only",
      await boss.client.put(`/api/admin/songs/${locked.id}`, { membersOnly: true }),
      200,
    );
    t.status("hidden", await boss.client.put(`/api/admin/songs/${hidden.id}`, { hidden: true }), 200);
    try {
      const listed = (await guest.get("/api/songs?limit=100")).json as SongDto[];
      for (const s of listed)
        t.check(
          `audioUrl of ${s.title}`,
          s.audioUrl !== `/api/songs/${s.id}/stream?quality=standard` && String(s.audioUrl),
        );
      const lockedUrl = listed.find((s) => s.id === locked.id)?.audioUrl ?? "";
      t.status(
        "a members-only song's audioUrl, a guest",
        await rawRequest(main.url, {
          method: "GET",
          path: lockedUrl,
          headers: { ...own, cookie: guest.cookie },
        }),
        403,
      );
      for (const target of [locked, hidden])
        for (const [label, headers] of callers.slice(0, 2))
          noAudio(
            `${target === locked ? "members-only" : "hidden"} ${await clipOf(target.id)}, ${label}`,
            await rawRequest(main.url, { method: "GET", path: await clipOf(target.id), headers }),
          );
    } finally {
      await boss.client.put(`/api/admin/songs/${locked.id}`, { membersOnly: false });
      await boss.client.put(`/api/admin/songs/${hidden.id}`, { hidden: false });
    }
    record(
      "Attacks",
      "stream hotlinking (cross-site Sec-Fetch-Site, foreign/null/lookalike Origin and Referer), streams without a session, and seed audio files outside the stream's rules (members-only, hidden, no session)",
      t,
    );
  });

  it("answers odd paths and methods like every other request, and keeps per-user responses out of caches", async () => {
    const t = new Tally();
    const headersOk = (label: string, res: RawResponse) => {
      t.check(`${label} nosniff`, res.headers["x-content-type-options"] !== "nosniff" && "missing");
      t.check(
        `${label} CSP`,
        !String(res.headers["content-security-policy"] ?? "").includes("default-src") && "missing",
      );
      t.check(
        `${label} JSON`,
        !/^application\/json/.test(String(res.headers["content-type"])) &&
          String(res.headers["content-type"]),
      );
    };
    for (const path of ["/api/%", "/api/songs/%E0%A4%A", "/%"]) {
      const res = await rawRequest(main.url, { method: "GET", path });
      t.status(`GET ${path}`, res, 400);
      headersOk(`GET ${path}`, res);
    }
    for (const [method, path, allow] of [
      ["DELETE", "/api/guest", "POST"],
      ["PUT", "/api/songs", "GET, HEAD"],
      ["PATCH", `/api/playlists/${alicePlaylist.id}`, "GET, HEAD, PUT, DELETE"],
      ["DELETE", "/trpc/auth.me", "GET"],
      ["GET", "/trpc/auth.logout", "POST"],
    ] as const) {
      const res = await rawRequest(main.url, {
        method,
        path,
        headers: { cookie: alice.client.cookie, "x-purplebeats-client": "1" },
      });
      t.status(`${method} ${path}`, res, 405);
      t.check(`${method} ${path} Allow`, res.headers["allow"] !== allow && String(res.headers["allow"]));
      headersOk(`${method} ${path}`, res);
    }
    for (const path of [
      "/api/me",
      `/api/membership/${alice.uid}`,
      "/api/liked-songs",
      `/api/library-playlists/${alice.uid}`,
      `/api/playlists/user/${alice.uid}`,
      "/trpc/auth.me",
    ]) {
      const res = await rawRequest(main.url, {
        method: "GET",
        path,
        headers: { cookie: alice.client.cookie, "x-purplebeats-client": "1" },
      });
      t.status(`GET ${path}`, res, 200);
      t.check(
        `GET ${path} Cache-Control`,
        res.headers["cache-control"] !== "private, no-store" && String(res.headers["cache-control"]),
      );
    }
    const csp = String(
      (await rawRequest(main.url, { method: "GET", path: "/api/me" })).headers["content-security-policy"],
    );
    const imgSrc =
      csp
        .split(";")
        .map((d) => d.trim())
        .find((d) => d.startsWith("img-src")) ?? "";
    t.check("img-src names only our origin (and the bucket)", /https:(\s|$)|\*/.test(imgSrc) && imgSrc);
    // Production by DATABASE_URL alone: error responses carry no stack, path or SQL (tRPC and REST).
    for (const path of [
      `/trpc/playlists.byId?input=${encodeURIComponent(JSON.stringify({ json: { id: "00000000-0000-4000-8000-000000000000" } }))}`,
      "/trpc/auth.nothing",
      "/api/playlists/00000000-0000-4000-8000-000000000000",
      "/api/songs?limit=1000",
    ]) {
      const res = await rawRequest(edge.url, { method: "GET", path });
      t.check(`${path} is an error`, res.status < 400 && String(res.status));
      t.check(
        `${path} carries no internals`,
        /"stack"|\\n\s+at |\/(?:work|home|srv|app|usr)\//.test(res.text) && res.text.slice(0, 160),
      );
    }
    const cover = await alice.client.post("/api/playlists", {
      name: "Tracker cover",
      imageUrl: "https://tracker.example/p.png",
    });
    t.status("a playlist cover from another host", cover, 400);
    record(
      "Attacks",
      "broken paths and wrong methods (400 / 405 with Allow, JSON and security headers), Cache-Control: private, no-store on per-user answers, images only from our origin, no stack, path or SQL in error answers when production comes from DATABASE_URL",
      t,
    );
  });
});

/** A tiny but real PNG signature and IHDR start. */
/** A real PNG (with a little random metadata, so that no two are alike). */
function pngBytes(): Buffer {
  return pngImage(16 + (randomBytes(1)[0]! % 32));
}

function record(area: string, what: string, t: Tally, extra: { writesLost?: number } = {}) {
  for (const f of t.failures) console.log(`FAIL ${what.slice(0, 40)}… ${f}`);
  results.add({ area, what, cases: t.cases, failures: t.failures.length, writesLost: extra.writesLost ?? 0 });
  expect(t.failures).toEqual([]);
}
