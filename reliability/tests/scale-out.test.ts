// 4. Scale out: two API instances on one PostgreSQL (sessions and limits in PostgreSQL, then in Redis)
// behind a round-robin loopback proxy: sessions, rate limits, payments and reads agree across instances.
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlaylistDetailDto } from "@purplebeats/contracts";
import type { ApiProcess } from "../src/api-process.js";
import { Tally } from "../src/checks.js";
import { REDIS_URL, runSeed } from "../src/config.js";
import { premiumMonths } from "../src/consistency.js";
import { createPlaylist, premiumUser, readCatalog, type Catalog } from "../src/fixtures.js";
import { Client } from "../src/http.js";
import { payUpToCompletion, signInWithPi } from "../src/pi.js";
import { startProxy, type Proxy } from "../src/proxy.js";
import { SuiteResults } from "../src/results.js";
import { sleep, startStack, type Stack } from "../src/stack.js";
import { userAgent } from "../src/traffic.js";

const seed = runSeed();
const results = new SuiteResults("scale-out");
const PAYMENT_LIMIT = 20;
const SIGNIN_LIMIT = 12;

afterAll(() => results.save(seed));

describe.each(["postgres", "redis"] as const)("two instances, sessions and limits in %s", (store) => {
  let stack: Stack;
  let a: ApiProcess;
  let b: ApiProcess;
  let proxy: Proxy;
  let catalog: Catalog;
  let redis: Redis | undefined;
  const label = store === "redis" ? "PostgreSQL + Redis" : "PostgreSQL";

  beforeAll(async () => {
    stack = await startStack(`scale_${store}`);
    if (store === "redis") {
      redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis.connect();
      await redis.flushdb();
    }
    const env = {
      TRUST_PROXY: "1",
      RATE_LIMIT_SIGNIN: String(SIGNIN_LIMIT),
      RATE_LIMIT_PAYMENT: String(PAYMENT_LIMIT),
      RATE_LIMIT_UPLOAD: "1000000",
      ...(store === "redis" ? { REDIS_URL } : {}),
    };
    a = stack.api(`scale-${store}-a`, env);
    b = stack.api(`scale-${store}-b`, env);
    proxy = await startProxy(() => [a.url, b.url]);
  });

  afterAll(async () => {
    await proxy?.close();
    await stack?.stop();
    if (redis) {
      await redis.flushdb().catch(() => {});
      redis.disconnect();
    }
  });

  it("starts two instances at once on one fresh database (migrations and seed run once)", async () => {
    const t = new Tally();
    const started = await Promise.allSettled([a.start(), b.start()]);
    for (const [i, s] of started.entries())
      t.check(`instance ${i} started`, s.status === "rejected" && String(s.reason).slice(0, 400));
    if (!a.alive) await a.start();
    if (!b.alive) await b.start();
    catalog = await readCatalog(proxy.url);
    const [songs] = await stack.db.query<{ n: string }>(`SELECT count(*) AS n FROM songs`);
    t.check("the catalog was seeded once", Number(songs?.n) !== catalog.songs.length && `${songs?.n} songs`);
    record(`two instances starting at once on a fresh database (${label})`, t);
  });

  it("serves a session made on one instance from the other, and ends it everywhere", async () => {
    const t = new Tally();
    const onA = await signInWithPi(stack.sim, new Client(a.url), `roamer-${store}`);
    const onB = new Client(b.url);
    onB.cookie = onA.client.cookie;
    const me = await onB.get("/api/me");
    t.check(
      "the session works on the other instance",
      (me.json as { uid?: string } | null)?.uid !== onA.uid && me.text,
    );
    const viaProxy = new Client(proxy.url, { agent: userAgent() });
    viaProxy.cookie = onA.client.cookie;
    for (let i = 0; i < 20; i++) {
      const res = await viaProxy.get("/api/me");
      t.check(
        `request ${i} through the proxy`,
        (res.json as { uid?: string } | null)?.uid !== onA.uid && res.text,
      );
    }
    const guest = new Client(proxy.url);
    const guestId = await guest.asGuest();
    for (let i = 0; i < 6; i++) {
      const res = await guest.get(`/api/profile/${guestId}`);
      t.status(`guest profile read ${i} through the proxy`, res, 200);
    }
    t.status("logout on the other instance", await onB.post("/api/logout"), 200);
    t.status(
      "the ended session on the first instance",
      await new Client(a.url).get("/api/liked-songs/count", { cookie: onA.client.cookie }),
      401,
    );
    t.check(
      "the proxy used both instances",
      (proxy.counts[0] ?? 0) === 0 || (proxy.counts[1] ?? 0) === 0 ? JSON.stringify(proxy.counts) : undefined,
    );
    record(
      `a session made on one instance used on the other, through the proxy, and ended on the other (${label})`,
      t,
    );
  });

  it("shares rate limits between the instances, and a spoofed X-Forwarded-For does not escape them", async () => {
    const t = new Tally();
    // Fixed one-minute windows: start early in one so that it does not roll over mid-test.
    const intoWindow = (Date.now() / 1000) % 60;
    if (intoWindow > 40) await sleep((61 - intoWindow) * 1000);
    const payer = await signInWithPi(
      stack.sim,
      new Client(proxy.url, { agent: userAgent() }),
      `limited-${store}`,
    );
    const statuses: number[] = [];
    for (let i = 0; i < PAYMENT_LIMIT * 3; i++) {
      statuses.push(
        (await payer.client.post(`/api/pi/payment/unknown${i}x${randomBytes(4).toString("hex")}/approve`))
          .status,
      );
    }
    t.check(
      `payment attempts across both instances (limit ${PAYMENT_LIMIT})`,
      (statuses.filter((s) => s === 404).length !== PAYMENT_LIMIT ||
        statuses.slice(PAYMENT_LIMIT).some((s) => s !== 429)) &&
        statuses.join(","),
    );
    // An attacker names a new address in X-Forwarded-For on every guess; the balancer appends the real one.
    const attacker = new Client(proxy.url, { agent: userAgent() });
    const guesses: number[] = [];
    for (let i = 0; i < SIGNIN_LIMIT * 3; i++) {
      const res = await attacker.post(
        "/api/pi/login",
        { accessToken: `guess-${randomBytes(8).toString("hex")}` },
        { "x-forwarded-for": `203.0.113.${(i % 250) + 1}` },
      );
      guesses.push(res.status);
    }
    t.check(
      `sign-in guesses with spoofed X-Forwarded-For (limit ${SIGNIN_LIMIT})`,
      guesses.filter((s) => s === 429).length < SIGNIN_LIMIT * 2 && guesses.join(","),
    );
    t.cases += statuses.length + guesses.length - 2;
    record(`rate limits shared by both instances; spoofed X-Forwarded-For per guess (${label})`, t);
  });

  it("activates one month when completes of one payment race on both instances", async () => {
    const t = new Tally();
    const payers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        signInWithPi(stack.sim, new Client(proxy.url), `racer-${store}-${i}`),
      ),
    );
    const paid = await Promise.all(payers.map((p) => payUpToCompletion(stack.sim, p)));
    const answers = await Promise.all(
      payers.flatMap((p, i) =>
        [a.url, b.url, proxy.url].flatMap((url) =>
          Array.from({ length: 4 }, () => {
            const c = new Client(url);
            c.cookie = p.client.cookie;
            return c.post(`/api/pi/payment/${paid[i]!.paymentId}/complete`, { txid: paid[i]!.txid });
          }),
        ),
      ),
    );
    t.check(
      "every complete answered 200",
      answers.some((r) => r.status !== 200) && answers.map((r) => r.status).join(","),
    );
    for (const [i, p] of payers.entries()) {
      t.check(
        `payer ${i}: one month`,
        (await premiumMonths(stack.db, p.uid)) !== 1 && `${await premiumMonths(stack.db, p.uid)} months`,
      );
      const [row] = await stack.db.query<{ n: string }>(
        `SELECT count(*) AS n FROM pi_payments WHERE payment_id = $1 AND status = 'completed'`,
        [paid[i]!.paymentId],
      );
      t.check(`payer ${i}: one completed record`, Number(row?.n) !== 1 && row?.n);
    }
    t.cases += answers.length;
    record(
      `12 concurrent completes per payment across both instances and the proxy, 5 payments (${label})`,
      t,
    );
  });

  it("reads on one instance a change just made on the other", async () => {
    const t = new Tally();
    const owner = await premiumUser(stack.sim, a.url, `writer-${store}`);
    const onB = new Client(b.url);
    onB.cookie = owner.client.cookie;
    const playlist = await createPlaylist(owner.client, "Cross-instance");
    const songs = catalog.songs.slice(0, 6);
    for (const [i, song] of songs.entries()) {
      // Warm the other instance's cache, change on this one, read there at once.
      await onB.get(`/api/playlists/${playlist.id}`);
      t.status(
        `add song ${i} on A`,
        await owner.client.post(`/api/playlists/${playlist.id}/songs`, { songId: song.id }),
        201,
      );
      const read = await onB.get(`/api/playlists/${playlist.id}`);
      const detail = read.json as PlaylistDetailDto;
      t.check(
        `song ${i} seen on B at once`,
        detail.songs?.length !== i + 1 && `${detail.songs?.length} songs`,
      );
    }
    await onB.get(`/api/playlists/${playlist.id}`);
    t.status(
      "rename on A",
      await owner.client.put(`/api/playlists/${playlist.id}`, { name: "Renamed on A" }),
      200,
    );
    t.check(
      "the new name on B at once",
      ((await onB.get(`/api/playlists/${playlist.id}`)).json as PlaylistDetailDto).name !== "Renamed on A" &&
        "stale name",
    );
    await onB.get("/api/playlists?limit=100");
    t.status("delete on A", await owner.client.del(`/api/playlists/${playlist.id}`), 200);
    t.status("the deleted playlist on B", await onB.get(`/api/playlists/${playlist.id}`), 404);
    // The public list is cached on each instance; A's announcement (NOTIFY) reaches B within milliseconds.
    const listed = async () =>
      ((await onB.get("/api/playlists?limit=100")).json as Array<{ id: string }>).some(
        (p) => p.id === playlist.id,
      );
    let stillListed = await listed();
    for (const until = Date.now() + 1000; stillListed && Date.now() < until;) {
      await sleep(20);
      stillListed = await listed();
    }
    t.check("gone from B's public list within a second", stillListed && "still listed after 1 s");
    record(
      `read-your-writes across instances: playlist adds, rename and delete on one, read at once on the other (${label})`,
      t,
    );
  });

  function record(what: string, t: Tally, extra: { writes?: number } = {}) {
    for (const f of t.failures) console.log(`FAIL ${what}: ${f}`);
    results.add({
      area: "Scale out",
      what,
      cases: t.cases,
      failures: t.failures.length,
      writesLost: 0,
      notes: extra.writes ? `${extra.writes} payments` : undefined,
    });
    expect(t.failures).toEqual([]);
  }
});
