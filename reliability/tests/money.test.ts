// 8. Money paths on PostgreSQL, two API instances over one database (the API suite runs them on PGlite
// too): the monthly premium share of a fixture month matches the hand-computed table and is credited once
// when both instances split it at the same moment and again after; ten completes of one tip, at once over
// both instances, credit the artist once; a payout interrupted after create, after submit or after complete
// (Pi or the chain did the work, the answer was lost, then the process was killed) resumes at the next start
// to exactly one transfer and one debit; and an artist's manager cannot read or change another artist's
// releases, balance or statistics on either instance.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uidForUsername } from "@purplebeats/pi/simulator";
import { PREMIUM_PRODUCT_ID, TIP_PRODUCT_ID } from "@purplebeats/contracts";
import { SIMULATOR_APP_WALLET_SEED } from "@purplebeats/pi";
import type { ApiProcess } from "../src/api-process.js";
import { Tally } from "../src/checks.js";
import { runSeed } from "../src/config.js";
import { Client } from "../src/http.js";
import { signInWithPi, type Pioneer } from "../src/pi.js";
import { SuiteResults } from "../src/results.js";
import { NO_RATE_LIMITS, sleep, startStack, type Stack } from "../src/stack.js";

const seed = runSeed();
const results = new SuiteResults("money");
const ADMIN = "treasurer";

function record(what: string, t: Tally) {
  for (const f of t.failures) console.log(`FAIL ${f}`);
  results.add({ area: "Money", what, cases: t.cases, failures: t.failures.length, writesLost: 0 });
  expect(t.failures).toEqual([]);
}

describe("money", () => {
  let stack: Stack;
  let a: ApiProcess;
  let b: ApiProcess;
  let admin: Pioneer;
  let n = 0;

  beforeAll(async () => {
    stack = await startStack("money");
    const env = { ...NO_RATE_LIMITS, ADMIN_UIDS: uidForUsername(ADMIN) };
    a = stack.api("money-a", env);
    b = stack.api("money-b", env);
    await a.start();
    await b.start();
    admin = await signInWithPi(stack.sim, new Client(a.url), ADMIN);
  });

  afterAll(async () => {
    results.save(seed);
    await stack?.stop();
  });

  const newArtist = async (name: string) => {
    const [artist] = await stack.db.query<{ id: string }>(
      `INSERT INTO artists (name) VALUES ($1) RETURNING id`,
      [name],
    );
    const [song] = await stack.db.query<{ id: string }>(
      `INSERT INTO songs (title, artist_id, duration) VALUES ($1, $2, 180) RETURNING id`,
      [`${name} song`, artist!.id],
    );
    return { artistId: artist!.id, songId: song!.id };
  };
  /** A catalog artist claimed by a Pi listener and approved by the admin: an artist account. */
  const artistWithAccount = async (name: string) => {
    const artist = await newArtist(name);
    const manager = await signInWithPi(stack.sim, new Client(a.url), `manager-${++n}`);
    const asked = await manager.client.post("/api/artist-requests", {
      kind: "claim",
      artistId: artist.artistId,
      evidence: "https://press.example",
    });
    const id = (asked.json as { id: string }).id;
    await admin.client.post(`/api/admin/artist-requests/${id}/decision`, { decision: "approve" });
    return { ...artist, manager };
  };
  const ledgerOf = (artistId: string, kind: string) =>
    stack.db.query<{ source: string; amount: string }>(
      `SELECT source, amount::text AS amount FROM artist_ledger WHERE artist_id = $1 AND kind = $2 ORDER BY source`,
      [artistId, kind],
    );

  it("splits a fixture month as computed by hand, once, though both instances split it at once and again", async () => {
    const t = new Tally();
    // The table of apps/api/test/premium-share-split.test.ts: share 50 %, each payment 3.14 π.
    const x = await artistWithAccount("Money X");
    const y = await artistWithAccount("Money Y");
    const z = await newArtist("Money Z"); // no artist account: its share stays with the platform
    const members: Record<string, string> = {};
    for (const name of ["ana", "ben", "chloe", "dan"])
      members[name] = (await signInWithPi(stack.sim, new Client(a.url), `member-${name}`)).uid;
    const pay = (userId: string, at: string, productId = PREMIUM_PRODUCT_ID) =>
      stack.db.query(
        `INSERT INTO pi_payments (payment_id, user_id, amount, status, txid, metadata, created_at, updated_at)
         VALUES ($1, $2, '3.14', 'completed', 'tx', $3, $4, $4)`,
        [`money-pay-${++n}`, userId, JSON.stringify({ productId }), at],
      );
    const play = (userId: string, songId: string, times: number) =>
      stack.db.query(
        `INSERT INTO counted_plays (user_id, song_id, counted_at)
         SELECT $1, $2, '2026-02-14T10:00:00Z' FROM generate_series(1, $3)`,
        [userId, songId, times],
      );
    for (const name of ["ana", "ben", "chloe", "chloe", "dan"])
      await pay(members[name]!, "2026-02-14T10:00:00Z");
    await pay(members.ana!, "2026-02-14T10:00:00Z", TIP_PRODUCT_ID); // a tip is not premium revenue
    await play(members.ana!, x.songId, 2);
    await play(members.ana!, y.songId, 1);
    await play(members.ben!, x.songId, 3);
    await play(members.chloe!, y.songId, 1);
    await play(members.chloe!, z.songId, 2);

    const asAdmin = async (api: ApiProcess) => {
      const client = new Client(api.url);
      await signInWithPi(stack.sim, client, ADMIN);
      return client;
    };
    const [adminA, adminB] = [await asAdmin(a), await asAdmin(b)];
    // The admin's own sessions, one on each instance, split the month at the same moment.
    const runs = await Promise.all([
      adminA.post("/api/admin/premium-shares/2026-02/split"),
      adminB.post("/api/admin/premium-shares/2026-02/split"),
      adminA.post("/api/admin/premium-shares/2026-02/split"),
      adminB.post("/api/admin/premium-shares/2026-02/split"),
    ]);
    const outcomes = runs.map((r) => (r.json as { outcome?: string }).outcome).sort();
    t.check(
      "four splits at once over two instances: one splits",
      JSON.stringify(outcomes) !==
        JSON.stringify(["already-split", "already-split", "already-split", "split"]) &&
        JSON.stringify(runs.map((r) => [r.status, r.text.slice(0, 80)])),
    );
    const again = await adminB.post("/api/admin/premium-shares/2026-02/split");
    t.check(
      "a later run finds it split",
      (again.json as { outcome?: string }).outcome !== "already-split" && again.text,
    );

    const month = (await adminA.get("/api/admin/premium-shares/2026-02")).json as {
      inputs: Record<string, unknown>;
      artists: Array<{
        artistId: string;
        amount: string;
        members: number;
        qualifyingPlays: number;
        credited: boolean;
      }>;
    };
    const expected = {
      revenue: "15.7",
      pool: "7.85",
      members: 4,
      membersWithoutPlays: 1,
      credited: "4.1866665",
      keptByPlatform: "3.6633335",
    };
    for (const [key, value] of Object.entries(expected))
      t.check(
        `the month's ${key}`,
        month.inputs?.[key] !== value && `${String(month.inputs?.[key])}, not ${value}`,
      );
    const table = [
      [x.artistId, "2.6166666", 2, 5, true],
      [z.artistId, "2.0933333", 1, 2, false],
      [y.artistId, "1.5699999", 2, 2, true],
    ] as const;
    t.check(
      "each artist's row as computed by hand",
      JSON.stringify(
        month.artists.map((r) => [r.artistId, r.amount, r.members, r.qualifyingPlays, r.credited]),
      ) !== JSON.stringify(table) && JSON.stringify(month.artists),
    );
    for (const [artist, amount] of [
      [x, "2.6166666"],
      [y, "1.5699999"],
    ] as const) {
      const credits = await ledgerOf(artist.artistId, "premium_share");
      t.check(
        "one credit per artist with an account",
        JSON.stringify(credits) !==
          JSON.stringify([{ source: `premium-share:2026-02:${artist.artistId}`, amount }]) &&
          JSON.stringify(credits),
      );
    }
    t.check(
      "no credit for an artist without an account",
      (await ledgerOf(z.artistId, "premium_share")).length > 0 && "credited",
    );
    record(
      "The premium share of a fixture month matches the hand-computed table; split at once on two instances, credited once",
      t,
    );
  });

  it("keeps an artist's manager out of another artist's releases, balance and statistics on both instances", async () => {
    const t = new Tally();
    const mine = await artistWithAccount("Wall Mine");
    const theirs = await artistWithAccount("Wall Theirs");
    // Their approved single, and a balance worth paying out.
    const [release] = await stack.db.query<{ id: string }>(
      `INSERT INTO releases (artist_id, kind, title, genre, release_date, track_count, status, rights_attested_at)
       VALUES ($1, 'single', 'Theirs Alone', 'Pop', '2026-01-01', 1, 'approved', now()) RETURNING id`,
      [theirs.artistId],
    );
    const releaseId = release!.id;
    await stack.db.query(`UPDATE songs SET release_id = $1 WHERE id = $2`, [releaseId, theirs.songId]);
    await stack.db.query(
      `INSERT INTO artist_ledger (account, artist_id, kind, amount, source) VALUES ('artist', $1, 'tip', '10', $2)`,
      [theirs.artistId, `tip:wall-${theirs.artistId}`],
    );
    const state = async () =>
      JSON.stringify([
        await stack.db.query(`SELECT title, status FROM releases WHERE id = $1`, [releaseId]),
        await stack.db.query(`SELECT hidden FROM songs WHERE id = $1`, [theirs.songId]),
        await stack.db.query(`SELECT sum(amount)::text AS balance FROM artist_ledger WHERE artist_id = $1`, [
          theirs.artistId,
        ]),
        await stack.db.query(`SELECT count(*)::int AS payouts FROM artist_payouts WHERE artist_id = $1`, [
          theirs.artistId,
        ]),
      ]);
    const before = await state();
    const other = theirs.artistId;
    for (const [instance, api] of [
      ["a", a],
      ["b", b],
    ] as const) {
      const client = new Client(api.url);
      await signInWithPi(stack.sim, client, mine.manager.username);
      const attempts = [
        ["their statistics", () => client.get(`/api/artist-studio/stats?artistId=${other}&days=28`)],
        ["their payouts", () => client.get(`/api/artist-studio/payouts?artistId=${other}`)],
        ["their premium shares", () => client.get(`/api/artist-studio/premium-shares?artistId=${other}`)],
        ["their releases", () => client.get(`/api/artist-studio/releases?artistId=${other}`)],
        ["a payout of their balance", () => client.post("/api/artist-studio/payouts", { artistId: other })],
        [
          "an edit of their release",
          () => client.put(`/api/artist-studio/releases/${releaseId}`, { title: "Mine" }),
        ],
        [
          "a takedown of their release",
          () => client.post(`/api/artist-studio/releases/${releaseId}/takedown`),
        ],
      ] as const;
      for (const [what, attempt] of attempts) {
        const res = await attempt();
        t.status(`${what} (instance ${instance})`, res, 403, 404);
        t.check(
          `${what} (instance ${instance}) says nothing of theirs`,
          res.text.includes("Theirs Alone") && res.text,
        );
      }
    }
    t.check(
      "their release, song, balance and payouts are as they were",
      (await state()) !== before && "changed",
    );
    record("An artist's manager cannot read or change another artist's releases, balance or statistics", t);
  });

  it("credits a tip once when ten completes of one paymentId arrive at once over two instances", async () => {
    const t = new Tally();
    const artist = await artistWithAccount("Money Tipped");
    const fan = await signInWithPi(stack.sim, new Client(a.url), "money-fan");
    const fanOnB = new Client(b.url);
    await signInWithPi(stack.sim, fanOnB, "money-fan");
    const metadata = { productId: TIP_PRODUCT_ID, artistId: artist.artistId, userId: fan.uid };
    const payment = stack.sim.state.createPayment(fan.accessToken, { amount: 5, memo: "Tip", metadata });
    t.status(
      "the tip recorded",
      await fan.client.post("/api/pi/payment", {
        paymentId: payment.identifier,
        userId: fan.uid,
        amount: "5",
        status: "created",
        metadata: JSON.stringify(metadata),
      }),
      201,
    );
    t.status("the tip approved", await fan.client.post(`/api/pi/payment/${payment.identifier}/approve`), 200);
    const { txid } = stack.sim.state.submitTransaction(payment.identifier);
    const completes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? fan.client : fanOnB).post(`/api/pi/payment/${payment.identifier}/complete`, { txid }),
      ),
    );
    t.check(
      "ten completes at once all answer 200",
      completes.some((r) => r.status !== 200) && completes.map((r) => r.status).join(","),
    );
    const credits = await ledgerOf(artist.artistId, "tip");
    t.check(
      "one credit of the tip less the 10 % fee",
      JSON.stringify(credits) !==
        JSON.stringify([{ source: `tip:${payment.identifier}`, amount: "4.5000000" }]) &&
        JSON.stringify(credits),
    );
    const fees = await stack.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM artist_ledger WHERE source = $1 AND account = 'platform'`,
      [`tip:${payment.identifier}`],
    );
    t.check("one platform fee", fees[0]?.n !== 1 && `${fees[0]?.n} fees`);
    record("Ten concurrent completes of one tip's paymentId, over two instances, credit the artist once", t);
  });

  /** A completed tip of `amount` π from a new fan to the artist, through the given instance. */
  async function tip(api: ApiProcess, artistId: string, amount: number) {
    const fan = await signInWithPi(stack.sim, new Client(api.url), `tipper-${++n}`);
    const metadata = { productId: TIP_PRODUCT_ID, artistId, userId: fan.uid };
    const payment = stack.sim.state.createPayment(fan.accessToken, { amount, memo: "Tip", metadata });
    await fan.client.post("/api/pi/payment", {
      paymentId: payment.identifier,
      userId: fan.uid,
      amount: String(amount),
      status: "created",
      metadata: JSON.stringify(metadata),
    });
    await fan.client.post(`/api/pi/payment/${payment.identifier}/approve`);
    const { txid } = stack.sim.state.submitTransaction(payment.identifier);
    const done = await fan.client.post(`/api/pi/payment/${payment.identifier}/complete`, { txid });
    if (done.status !== 200) throw new Error(`tip: ${done.status} ${done.text}`);
  }

  it("resumes a payout interrupted after create, after submit and after complete to exactly one transfer", async () => {
    const t = new Tally();
    const payer = stack.api("money-payouts", {
      ...NO_RATE_LIMITS,
      ADMIN_UIDS: uidForUsername(ADMIN),
      ARTIST_PAYOUTS: "on",
      ARTIST_PAYOUT_MIN_PI: "1",
      PI_WALLET_SEED: SIMULATOR_APP_WALLET_SEED,
      PI_HORIZON_URL: `${stack.sim.url}/horizon`,
      PI_SANDBOX: "1",
    });
    await payer.start();
    const control = (path: string, body?: unknown) =>
      fetch(`${stack.sim.url}/__control${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((r) => r.json() as Promise<Record<string, unknown>>);
    let unmatchable = 0;
    for (const [step, fault] of [
      ["create", { path: "/v2/payments", method: "POST" }],
      ["submit", { path: "/horizon/transactions", method: "POST" }],
      ["complete", { path: "/complete", method: "POST" }],
    ] as const) {
      const manager = await signInWithPi(stack.sim, new Client(payer.url), `payee-${step}`);
      const artist = await newArtist(`Money payee ${step}`);
      const asked = await manager.client.post("/api/artist-requests", {
        kind: "claim",
        artistId: artist.artistId,
        evidence: "https://press.example",
      });
      await admin.client.post(`/api/admin/artist-requests/${(asked.json as { id: string }).id}/decision`, {
        decision: "approve",
      });
      await tip(payer, artist.artistId, 5);
      // Pi (or the chain) does the payout's own call, and the answer is lost; then the process dies.
      await control("/faults", { next: "lost", ...fault });
      t.status(
        `a payout asked (${step})`,
        await manager.client.post("/api/artist-studio/payouts", { artistId: artist.artistId }),
        201,
      );
      await sleep(500);
      await payer.kill9();
      await payer.start(); // the start resumes what is unfinished
      // The fault was met (used up): only the unmatchable ones armed to count them are left pending.
      const pending = await control("/faults", { next: "fail", path: "/nothing-calls-this" });
      t.check(
        `the fault after ${step} was met`,
        pending.pendingFaults !== ++unmatchable && JSON.stringify(pending),
      );
      let payouts: Array<{ status: string; paymentId: string | null }> = [];
      for (let i = 0; i < 100; i++) {
        payouts = (await manager.client.get(`/api/artist-studio/payouts?artistId=${artist.artistId}`))
          .json as typeof payouts;
        if (payouts[0]?.status === "completed") break;
        await sleep(200);
      }
      t.check(
        `interrupted after ${step}: completed`,
        payouts[0]?.status !== "completed" && JSON.stringify(payouts),
      );
      const transfers = ((await control("/transfers")).transfers as Array<{ paymentId: string }>).filter(
        (transfer) => transfer.paymentId === payouts[0]?.paymentId,
      );
      t.check(
        `interrupted after ${step}: one transfer`,
        transfers.length !== 1 && `${transfers.length} transfers`,
      );
      const debits = await stack.db.query<{ amount: string }>(
        `SELECT amount::text AS amount FROM artist_ledger WHERE artist_id = $1 AND kind LIKE 'payout%'`,
        [artist.artistId],
      );
      t.check(
        `interrupted after ${step}: one debit of the balance`,
        JSON.stringify(debits) !== JSON.stringify([{ amount: "-4.5000000" }]) && JSON.stringify(debits),
      );
    }
    await payer.terminate();
    record(
      "A payout interrupted after create, after submit and after complete resumes to exactly one transfer",
      t,
    );
  });
});
