// 5. Load: 200 concurrent connections of mixed listener traffic (browse, search, play, like, make and fill
// playlists, pay) for 60 s (quick: 15 s). No 5xx, no dropped connection, and afterwards the database
// holds exactly what the clients were told succeeded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiProcess } from "../src/api-process.js";
import { runSeed, SIZES } from "../src/config.js";
import { checkLedger, premiumMonths } from "../src/consistency.js";
import { readCatalog, type Catalog } from "../src/fixtures.js";
import { Client } from "../src/http.js";
import { buyPremium, paymentRecord, signInWithPi, walletCreatePayment } from "../src/pi.js";
import { SuiteResults } from "../src/results.js";
import { Rng } from "../src/rng.js";
import { runPool, startStack, type Stack } from "../src/stack.js";
import {
  addTo,
  counted,
  listenerStep,
  newLedger,
  newStats,
  percentile,
  userAgent,
  type VirtualUser,
} from "../src/traffic.js";

const seed = runSeed();
const results = new SuiteResults("load");

describe("load", () => {
  let stack: Stack;
  let api: ApiProcess;
  let catalog: Catalog;

  beforeAll(async () => {
    stack = await startStack("load");
    // Real limits; every virtual user comes from its own address, as behind a balancer.
    api = stack.api("load", { TRUST_PROXY: "1", LOG_LEVEL: "warn" });
    await api.start();
    catalog = await readCatalog(api.url);
  });

  afterAll(async () => {
    results.save(seed);
    await stack?.stop();
  });

  it(`serves ${SIZES.loadConnections} connections of mixed traffic for ${SIZES.loadSeconds} s with no 5xx and nothing lost`, async () => {
    const rng = new Rng(seed, "load");
    const n = SIZES.loadConnections;
    const ledger = newLedger();
    const stats = newStats();
    const startMonths = new Map<string, number>();

    // 40% premium listeners, 30% free Pi users (some of whom buy premium during the run), 30% guests.
    const users = await runPool(
      Array.from({ length: n }, (_, i) => i),
      16,
      async (i): Promise<VirtualUser & { kind: string; accessToken?: string }> => {
        const client = new Client(api.url, {
          agent: userAgent(),
          headers: { "x-forwarded-for": `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}` },
          timeoutMs: 60_000,
        });
        const kind = i % 10 < 4 ? "premium" : i % 10 < 7 ? "free" : "guest";
        if (kind === "guest") return { client, uid: await client.asGuest(), premium: false, kind };
        const p = await signInWithPi(stack.sim, client, `load-${seed}-${i}`);
        if (kind === "premium") await buyPremium(stack.sim, p);
        return { client, uid: p.uid, premium: kind === "premium", kind, accessToken: p.accessToken };
      },
    );
    for (const u of users)
      if (u.kind !== "guest") startMonths.set(u.uid, await premiumMonths(stack.db, u.uid));
    const playsBefore = new Map(
      (
        await stack.db.query<{ user_id: string; n: string }>(
          `SELECT user_id, count(*) AS n FROM play_history GROUP BY user_id`,
        )
      ).map((r) => [r.user_id, Number(r.n)]),
    );

    const deadline = Date.now() + SIZES.loadSeconds * 1000;
    const started = Date.now();
    await Promise.all(
      users.map(async (u, i) => {
        const r = rng.fork(`user-${i}`);
        while (Date.now() < deadline) {
          // Now and then a Pi user pays (the whole U2A flow); otherwise a listener step.
          if (u.accessToken && r.bool(u.premium ? 0.004 : 0.02)) {
            const p = { uid: u.uid, username: "", accessToken: u.accessToken, client: u.client };
            const payment = walletCreatePayment(stack.sim, p);
            const created = await counted(stats, "POST payment", () =>
              u.client.post("/api/pi/payment", paymentRecord(payment.identifier, u.uid)),
            );
            const approved =
              created?.status === 201
                ? await counted(stats, "POST approve", () =>
                    u.client.post(`/api/pi/payment/${payment.identifier}/approve`),
                  )
                : undefined;
            if (approved?.status !== 200) {
              stack.sim.state.userCancelPayment(payment.identifier);
              continue;
            }
            const { txid } = stack.sim.state.submitTransaction(payment.identifier);
            const done = await counted(stats, "POST complete", () =>
              u.client.post(`/api/pi/payment/${payment.identifier}/complete`, { txid }),
            );
            if (done?.status === 200) {
              addTo(ledger.payments, u.uid, payment.identifier);
              u.premium = true;
            }
            continue;
          }
          await listenerStep(u, r, catalog.songs, stats, ledger);
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;

    // What the clients were told, against the database.
    const report = await checkLedger(stack.db, ledger);
    const problems: string[] = [...report.lost.map((l) => `lost: ${l}`), ...report.broken];
    const plays = new Map(
      (
        await stack.db.query<{ user_id: string; n: string }>(
          `SELECT user_id, count(*) AS n FROM play_history GROUP BY user_id`,
        )
      ).map((r) => [r.user_id, Number(r.n)]),
    );
    let playsChecked = 0;
    for (const u of users) {
      const told = ledger.plays.get(u.uid) ?? 0;
      playsChecked += told;
      const stored = (plays.get(u.uid) ?? 0) - (playsBefore.get(u.uid) ?? 0);
      if (stored !== told) problems.push(`plays of ${u.uid}: told ${told}, stored ${stored}`);
    }
    let monthsChecked = 0;
    for (const [uid, payments] of ledger.payments) {
      monthsChecked += payments.size;
      const months = await premiumMonths(stack.db, uid);
      if (months !== (startMonths.get(uid) ?? 0) + payments.size)
        problems.push(`${uid}: ${payments.size} payments, ${months} months (had ${startMonths.get(uid)})`);
    }

    const fiveHundreds = [...stats.byStatus].filter(([s]) => s >= 500).reduce((sum, [, c]) => sum + c, 0);
    const summary = {
      connections: n,
      seconds: Math.round(seconds),
      requests: stats.requests,
      perSecond: Math.round(stats.requests / seconds),
      p50: Math.round(percentile(stats.latencies, 50)),
      p95: Math.round(percentile(stats.latencies, 95)),
      p99: Math.round(percentile(stats.latencies, 99)),
      statuses: Object.fromEntries(stats.byStatus),
      networkErrors: stats.networkErrors,
      writesChecked: report.checked + playsChecked + monthsChecked,
      payments: [...ledger.payments.values()].reduce((s, p) => s + p.size, 0),
    };
    console.log(`load: ${JSON.stringify(summary)}`);
    for (const e of stats.serverErrors.slice(0, 20)) console.log(`5xx: ${e}`);
    for (const p of problems.slice(0, 20)) console.log(`FAIL ${p}`);

    results.add({
      area: "Load",
      what: `${n} connections × ${Math.round(seconds)} s of mixed traffic (browse, search, play with ranges, like/unlike, create and fill playlists, pay), real rate limits; ${summary.perSecond} req/s, p50 ${summary.p50} ms, p95 ${summary.p95} ms, p99 ${summary.p99} ms`,
      cases: stats.requests,
      failures: fiveHundreds + stats.networkErrors + report.broken.length,
      writesLost: problems.length - report.broken.length,
      notes: `${summary.writesChecked} confirmed writes checked, ${summary.payments} payments`,
    });
    expect(fiveHundreds, stats.serverErrors.slice(0, 5).join("\n")).toBe(0);
    expect(stats.networkErrors).toBe(0);
    expect(problems).toEqual([]);
    expect(stats.requests).toBeGreaterThan(n * 5);
  });
});
