// The monthly premium share over a real database: a fixture month's payments and counted plays split as
// the hand-computed table of premium-share-split.test.ts says, by the job on the queue; a second run, or
// two instances at the same moment, credit each artist once; only artists with an approved account are
// credited; managers read their artist's months with the month's inputs, and admins read a month's split.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { MyArtistsDto, PremiumShareDto, PremiumShareMonthDto } from "@purplebeats/contracts";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { createPremiumShares } from "../src/domain/artists/premium-share.js";

const ADMIN_UID = "share-admin-uid";
/** The fixture month's figures, computed by hand: four members' payments, one without plays. */
const FIXTURE_MONTH = {
  sharePercent: 50,
  revenue: "15.7",
  pool: "7.85",
  members: 4,
  membersWithoutPlays: 1,
  credited: "4.1866665",
  keptByPlatform: "3.6633335",
};
const backends = testBackends("two instances split a month at the same moment on separate connections");

describe.each(backends)("the monthly premium share on %s", (kind) => {
  let t: TestServer;
  let admin: Client;
  let n = 0;
  beforeAll(async () => {
    t = await startTestServer(kind, { reconcileIntervalMs: 0, adminUids: new Set([ADMIN_UID]) });
    admin = new Client(t.url);
    await admin.signInWithPi("share-admin", ADMIN_UID);
  });
  afterAll(async () => {
    await t?.close();
  });

  const newArtist = async (name: string) => {
    const [artist] = await t.query<{ id: string }>(`INSERT INTO artists (name) VALUES ($1) RETURNING id`, [
      name,
    ]);
    const [song] = await t.query<{ id: string }>(
      `INSERT INTO songs (title, artist_id, duration) VALUES ($1, $2, 180) RETURNING id`,
      [`${name} song`, artist!.id],
    );
    return { artistId: artist!.id, songId: song!.id };
  };
  /** A catalog artist claimed by a new manager, approved by an admin: an artist account. */
  const artistWithAccount = async (name: string) => {
    const artist = await newArtist(name);
    const manager = new Client(t.url);
    await manager.signInWithPi(`manager-${kind}-${++n}`);
    const asked = await manager.post<{ id: string }>("/api/artist-requests", {
      kind: "claim",
      artistId: artist.artistId,
      evidence: "https://press.example",
    });
    await admin.post(`/api/admin/artist-requests/${asked.body.id}/decision`, { decision: "approve" });
    return { ...artist, manager };
  };
  const listener = async (name: string) =>
    (await new Client(t.url).signInWithPi(`${name}-${kind}-${++n}`)).uid;
  const pay = (userId: string, at: string, productId = "premium_membership", status = "completed") =>
    t.query(
      `INSERT INTO pi_payments (payment_id, user_id, amount, status, txid, metadata, created_at, updated_at)
       VALUES ($1, $2, '3.14', $3, 'tx', $4, $5, $5)`,
      [`pay-${kind}-${++n}`, userId, status, JSON.stringify({ productId }), at],
    );
  const play = (userId: string, songId: string, at: string, times = 1) =>
    t.query(
      `INSERT INTO counted_plays (user_id, song_id, counted_at) SELECT $1, $2, $3 FROM generate_series(1, $4)`,
      [userId, songId, at, times],
    );
  const ledgerOf = (artistId: string) =>
    t.query<{ source: string; amount: string }>(
      `SELECT source, amount::text AS amount FROM artist_ledger WHERE artist_id = $1 AND kind = 'premium_share'`,
      [artistId],
    );

  /** The table of premium-share-split.test.ts in `month` (YYYY-MM), with records that must not count. */
  async function fixtureMonth(month: string, next: string) {
    const x = await artistWithAccount(`X ${kind} ${month}`);
    const y = await artistWithAccount(`Y ${kind} ${month}`);
    const z = await newArtist(`Z ${kind} ${month}`); // no artist account
    const [ana, ben, chloe, dan, eve] = await Promise.all(
      ["ana", "ben", "chloe", "dan", "eve"].map((name) => listener(name)),
    );
    const inMonth = `${month}-15T12:00:00Z`;
    for (const member of [ana!, ben!, chloe!, chloe!, dan!]) await pay(member, inMonth);
    // Not premium revenue of the month: a tip, a payment still pending, one completed the next month.
    await pay(ana!, inMonth, "artist_tip");
    await pay(eve!, inMonth, "premium_membership", "pending");
    await pay(ben!, `${next}-01T00:00:00Z`);
    await play(ana!, x.songId, `${month}-01T00:00:00Z`, 2);
    await play(ana!, y.songId, inMonth);
    await play(ben!, x.songId, `${month}-28T23:59:59Z`, 3);
    await play(chloe!, y.songId, inMonth);
    await play(chloe!, z.songId, inMonth, 2);
    await play(eve!, x.songId, inMonth, 9); // a free listener's plays share no payment
    await play(dan!, x.songId, `${next}-01T00:00:00Z`, 4); // dan played nothing within the month
    return { x, y, z };
  }

  async function waitForMonth(month: string) {
    for (let i = 0; i < 300; i++) {
      const done = await admin.get<PremiumShareMonthDto>(`/api/admin/premium-shares/${month}`);
      if (done.body.inputs) return done.body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${month} was not split`);
  }

  /** Waits until the queue has no job of the month left to run (none in flight when the server stops). */
  async function jobsDone(month: string) {
    for (let i = 0; i < 300; i++) {
      const open = await t.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job
         WHERE name = 'premium-share-month' AND singleton_key = $1 AND state NOT IN ('completed', 'failed')`,
        [month],
      );
      if (open[0]?.n === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${month}'s jobs did not finish`);
  }

  it("splits a fixture month on the queue as computed by hand, and credits artists with an account once", async () => {
    const { x, y, z } = await fixtureMonth("2026-03", "2026-04");
    await t.server.queuePremiumShare("2026-03");
    const split = await waitForMonth("2026-03");
    expect(split.inputs).toMatchObject({ month: "2026-03", ...FIXTURE_MONTH });
    expect(split.artists).toEqual([
      {
        artistId: x.artistId,
        name: `X ${kind} 2026-03`,
        amount: "2.6166666",
        members: 2,
        qualifyingPlays: 5,
        credited: true,
      },
      {
        artistId: z.artistId,
        name: `Z ${kind} 2026-03`,
        amount: "2.0933333",
        members: 1,
        qualifyingPlays: 2,
        credited: false,
      },
      {
        artistId: y.artistId,
        name: `Y ${kind} 2026-03`,
        amount: "1.5699999",
        members: 2,
        qualifyingPlays: 2,
        credited: true,
      },
    ]);
    expect(await ledgerOf(x.artistId)).toEqual([
      { source: `premium-share:2026-03:${x.artistId}`, amount: "2.6166666" },
    ]);
    expect(await ledgerOf(z.artistId)).toEqual([]);
    const balance = (await x.manager.get<MyArtistsDto>("/api/artist-requests/mine")).body.managed[0]?.balance;
    expect(balance).toBe("2.6166666");

    // Run again, by the queue and by hand: nothing more is written.
    await t.server.queuePremiumShare("2026-03");
    await jobsDone("2026-03");
    expect(
      await createPremiumShares(t.server.db.dataSource, { sharePercent: 50 }).splitMonth("2026-03"),
    ).toBe("already-split");
    expect(await ledgerOf(x.artistId)).toHaveLength(1);
    expect(await ledgerOf(y.artistId)).toEqual([
      { source: `premium-share:2026-03:${y.artistId}`, amount: "1.5699999" },
    ]);
  });

  it("credits once when two instances split the same month at the same moment", async () => {
    const { x, y } = await fixtureMonth("2026-05", "2026-06");
    const instances = [1, 2, 3].map(() => createPremiumShares(t.server.db.dataSource, { sharePercent: 50 }));
    const outcomes = await Promise.all(instances.map((shares) => shares.splitMonth("2026-05")));
    expect(outcomes.sort()).toEqual(["already-split", "already-split", "split"]);
    expect(await ledgerOf(x.artistId)).toEqual([
      { source: `premium-share:2026-05:${x.artistId}`, amount: "2.6166666" },
    ]);
    expect(await ledgerOf(y.artistId)).toHaveLength(1);
    const rows = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM artist_premium_shares WHERE month = '2026-05'`,
    );
    expect(rows).toEqual([{ n: 3 }]);
  });

  it("lets an admin split an ended month now, once", async () => {
    const { x } = await fixtureMonth("2026-10", "2026-11");
    const [first, second] = await Promise.all([
      admin.post<{ outcome: string; split: PremiumShareMonthDto }>("/api/admin/premium-shares/2026-10/split"),
      admin.post<{ outcome: string; split: PremiumShareMonthDto }>("/api/admin/premium-shares/2026-10/split"),
    ]);
    expect([first.body.outcome, second.body.outcome].sort()).toEqual(["already-split", "split"]);
    expect(first.body.split.inputs?.credited).toBe("4.1866665");
    expect(await ledgerOf(x.artistId)).toHaveLength(1);
    const future = await admin.post<{ outcome: string }>("/api/admin/premium-shares/2999-01/split");
    expect([future.status, future.body.outcome]).toEqual([200, "not-ended"]);
    const listenerOnly = new Client(t.url);
    await listenerOnly.signInWithPi(`splitter-${kind}`);
    expect((await listenerOnly.post("/api/admin/premium-shares/2026-10/split")).status).toBe(403);
  });

  it("splits a month only once it has ended", async () => {
    const shares = createPremiumShares(t.server.db.dataSource, { sharePercent: 50 });
    expect(await shares.splitMonth("2026-07", new Date("2026-07-31T23:59:59Z"))).toBe("not-ended");
    expect((await admin.get<PremiumShareMonthDto>("/api/admin/premium-shares/2026-07")).body).toEqual({
      inputs: null,
      artists: [],
    });
  });

  it("shows a manager their artist's months with the month's inputs, and no one else", async () => {
    const { x, y } = await fixtureMonth("2026-08", "2026-09");
    await createPremiumShares(t.server.db.dataSource, { sharePercent: 50 }).splitMonth("2026-08");
    const mine = await x.manager.get<PremiumShareDto[]>(
      `/api/artist-studio/premium-shares?artistId=${x.artistId}`,
    );
    expect(mine.status).toBe(200);
    // The fixture month as the studio shows it: the artist's share and every input it was worked out from.
    const inputs = { month: "2026-08", ...FIXTURE_MONTH, computedAt: expect.any(String) };
    expect(mine.body).toEqual([
      { month: "2026-08", amount: "2.6166666", members: 2, qualifyingPlays: 5, credited: true, inputs },
    ]);
    const yours = await y.manager.get<PremiumShareDto[]>(
      `/api/artist-studio/premium-shares?artistId=${y.artistId}`,
    );
    expect(yours.body).toEqual([
      { month: "2026-08", amount: "1.5699999", members: 2, qualifyingPlays: 2, credited: true, inputs },
    ]);
    // Counts only: no member's id or name in the studio's answer.
    const members = await t.query<{ user_id: string }>(
      `SELECT DISTINCT user_id FROM counted_plays JOIN songs s ON s.id = song_id WHERE s.artist_id = $1`,
      [x.artistId],
    );
    expect(members.length).toBeGreaterThan(0);
    for (const { user_id } of members) expect(JSON.stringify(mine.body)).not.toContain(user_id);
    const doc = await admin.get<{ paths: Record<string, { get?: { operationId?: string } }> }>(
      "/api/openapi.json",
    );
    expect(doc.body.paths["/api/artist-studio/premium-shares"]?.get?.operationId).toBe(
      "artistStudio.premiumShares",
    );
    const theirs = await y.manager.get<{ message: string }>(
      `/api/artist-studio/premium-shares?artistId=${x.artistId}`,
    );
    expect([theirs.status, theirs.body.message]).toEqual([
      403,
      "Only the artist's managers can ask for its payout",
    ]);
    const listenerOnly = new Client(t.url);
    await listenerOnly.signInWithPi(`curious-${kind}`);
    expect((await listenerOnly.get("/api/admin/premium-shares/2026-08")).status).toBe(403);
    expect((await admin.get("/api/admin/premium-shares/2026-13")).status).toBe(400);
  });

  it("records each counted play, and only those, for the share", async () => {
    const { songId } = await newArtist(`Played ${kind}`);
    const fan = new Client(t.url);
    const me = await fan.signInWithPi(`fan-${kind}`);
    expect((await fan.post(`/api/songs/${songId}/plays`)).status).toBe(201);
    // A repeat inside the window is not counted again, so it is not a qualifying play either.
    expect((await fan.post(`/api/songs/${songId}/plays`)).status).toBe(201);
    const counted = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM counted_plays WHERE user_id = $1 AND song_id = $2`,
      [me.uid, songId],
    );
    expect(counted).toEqual([{ n: 1 }]);
  });
});
