// 3. Faults: kill -9 of the API mid-payment and mid-playlist-adds, PostgreSQL restarted under load, and
// the Pi Platform failing or timing out. Nothing confirmed may be lost, and nothing may happen twice.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlaylistDto } from "@purplebeats/contracts";
import type { ApiProcess } from "../src/api-process.js";
import { Tally } from "../src/checks.js";
import { repoRoot, runSeed, SIZES } from "../src/config.js";
import { playlistInvariants, premiumMonths } from "../src/consistency.js";
import { createPlaylist, premiumUser, readCatalog, type Catalog } from "../src/fixtures.js";
import { Client, errorMessage, rawRequest } from "../src/http.js";
import { paymentRecord, payUpToCompletion, signInWithPi, type Pioneer } from "../src/pi.js";
import { ensurePostgresRunning, restartPostgres, startPostgres, stopPostgres } from "../src/postgres.js";
import { SuiteResults } from "../src/results.js";
import { Rng } from "../src/rng.js";
import { NO_RATE_LIMITS, sleep, startStack, type Stack } from "../src/stack.js";
import { counted, newStats, type Stats } from "../src/traffic.js";

const run = promisify(execFile);
const seed = runSeed();
const results = new SuiteResults("faults");

describe("faults", () => {
  let stack: Stack;
  let api: ApiProcess;
  let catalog: Catalog;
  let users = 0;

  beforeAll(async () => {
    stack = await startStack("faults");
    api = stack.api("faults", NO_RATE_LIMITS);
    await api.start();
    catalog = await readCatalog(api.url);
  });

  afterAll(async () => {
    await ensurePostgresRunning();
    results.save(seed);
    await stack?.stop();
  });

  /** The reconciliation command, as an operator runs it after a crash. */
  async function reconcileCommand(): Promise<string> {
    const { stdout } = await run("pnpm", ["--silent", "--filter", "@purplebeats/api", "payments:reconcile"], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "production",
        DATABASE_URL: stack.db.url,
        PI_SIMULATOR: "0",
        PI_API_URL: stack.sim.url,
        PI_API_KEY: stack.sim.apiKey,
      },
      timeout: 60_000,
    });
    return stdout.trim();
  }

  it("completes every payment exactly once after kill -9 mid-completion (client retry, sign-in report, or reconciliation)", async () => {
    const rng = new Rng(seed, "kill-payments");
    const t = new Tally();
    let payments = 0;
    for (let round = 0; round < SIZES.killRounds; round++) {
      const payers: Array<Pioneer & { paymentId: string; txid: string; how: string }> = [];
      for (let i = 0; i < 6; i++) {
        const p = await signInWithPi(stack.sim, new Client(api.url), `crash-payer-${round}-${i}-${++users}`);
        const paid = await payUpToCompletion(stack.sim, p);
        // Some crash with Pi's completion already done (we died before our own commit).
        const how = rng.pick(["hang", "hang", "race", "pi-completed"]);
        if (how === "pi-completed") stack.sim.state.completePayment(paid.paymentId, paid.txid);
        payers.push({ ...p, ...paid, how });
      }
      const hanging = payers.filter((p) => p.how === "hang").length;
      if (hanging) stack.sim.state.faults.add({ next: "timeout", path: "/complete", count: hanging });
      const inFlight = payers.map((p) =>
        p.client.post(`/api/pi/payment/${p.paymentId}/complete`, { txid: p.txid }).catch(() => undefined),
      );
      await sleep(rng.int(5, 250));
      await api.kill9();
      const answered = await Promise.all(inFlight);
      stack.sim.state.faults.clear();
      await api.start();
      payments += payers.length;

      // Recovery: the web app retries, the SDK reports the payment at the next sign-in, or the operator
      // runs the reconciliation command; some get all three.
      for (const [i, p] of payers.entries()) {
        const way = rng.pick(["retry", "incomplete", "reconcile", "all"]);
        if (way === "retry" || way === "all") {
          const res = await p.client.post(`/api/pi/payment/${p.paymentId}/complete`, { txid: p.txid });
          t.status(`round ${round} payer ${i} (${p.how}) retried complete`, res, 200);
        }
        if (way === "incomplete" || way === "all") {
          const res = await p.client.post("/api/pi/payment/incomplete", {
            paymentId: p.paymentId,
            txid: p.txid,
          });
          t.status(`round ${round} payer ${i} (${p.how}) incomplete reported`, res, 200);
        }
        if (way === "reconcile" || way === "all") (p as { reconcile?: boolean }).reconcile = true;
      }
      if (payers.some((p) => (p as { reconcile?: boolean }).reconcile)) {
        const out = await reconcileCommand();
        t.check(`round ${round} reconciliation command`, !/Checked \d+ approved payments/.test(out) && out);
      }
      for (const [i, p] of payers.entries()) {
        const [row] = await stack.db.query<{ status: string; n: string }>(
          `SELECT status, (SELECT count(*) FROM pi_payments WHERE payment_id = $1) AS n FROM pi_payments WHERE payment_id = $1`,
          [p.paymentId],
        );
        const months = await premiumMonths(stack.db, p.uid);
        const label = `round ${round} payer ${i} (${p.how}, answered ${answered[i]?.status ?? "nothing"})`;
        t.check(`${label}: completed`, row?.status !== "completed" && `status ${row?.status}`);
        t.check(`${label}: one record`, Number(row?.n) !== 1 && `${row?.n} records`);
        t.check(`${label}: exactly one month`, months !== 1 && `${months} months`);
        t.check(
          `${label}: Pi completed`,
          !stack.sim.state.getPayment(p.paymentId).status.developer_completed && "not completed with Pi",
        );
      }
    }
    record(
      "Faults",
      `kill -9 of the API during payment completion (${SIZES.killRounds} rounds × 6 payments; Pi hanging, racing, or already completed), then retry / sign-in report / reconciliation command`,
      t,
      payments,
    );
  });

  it("loses no confirmed add or like and keeps positions gapless after kill -9 mid-adds", async () => {
    const rng = new Rng(seed, "kill-adds");
    const t = new Tally();
    let confirmed = 0;
    let lost = 0;
    const owner = await premiumUser(stack.sim, api.url, `crash-owner-${++users}`);
    for (let round = 0; round < SIZES.killRounds; round++) {
      const playlist: PlaylistDto = await createPlaylist(owner.client, `crash ${round}`);
      const songs = catalog.songs.slice(0, Math.min(catalog.songs.length, 40));
      // Adds (some of the same song twice) and likes, all at once, over several connections.
      const addRequests = [...songs, ...songs.slice(0, 5)].map((s) => ({
        kind: "add" as const,
        songId: s.id,
      }));
      const likeRequests = songs.slice(0, 30).map((s) => ({ kind: "like" as const, songId: s.id }));
      const all = [...addRequests, ...likeRequests].sort(() => rng.next() - 0.5);
      const clients = Array.from({ length: 12 }, () => {
        const c = new Client(api.url);
        c.cookie = owner.client.cookie;
        return c;
      });
      const inFlight = all.map(async (r, i) => {
        const c = clients[i % clients.length]!;
        const res = await (
          r.kind === "add"
            ? c.post(`/api/playlists/${playlist.id}/songs`, { songId: r.songId })
            : c.post("/api/liked-songs", { songId: r.songId })
        ).catch(() => undefined);
        return { ...r, status: res?.status };
      });
      await sleep(rng.int(50, 700));
      await api.kill9();
      const answered = await Promise.all(inFlight);
      await api.start();

      const inDb = new Set(
        (
          await stack.db.query<{ song_id: string }>(
            `SELECT song_id FROM playlist_songs WHERE playlist_id = $1`,
            [playlist.id],
          )
        ).map((r) => r.song_id),
      );
      const likedNow = new Set(
        (
          await stack.db.query<{ song_id: string }>(`SELECT song_id FROM liked_songs WHERE user_id = $1`, [
            owner.uid,
          ])
        ).map((r) => r.song_id),
      );
      for (const a of answered) {
        if (a.status === undefined || a.status >= 300) continue;
        confirmed++;
        const present = a.kind === "add" ? inDb.has(a.songId) : likedNow.has(a.songId);
        if (!present) lost++;
        t.check(`round ${round}: confirmed ${a.kind} of ${a.songId}`, !present && "lost after the crash");
      }
      for (const problem of await playlistInvariants(stack.db, playlist.id))
        t.check(`round ${round} after crash`, problem);

      // The client retries what it never heard back about: each lands once (201, or 409 if it had landed).
      for (const a of answered.filter((x) => x.status === undefined || x.status >= 500)) {
        const res =
          a.kind === "add"
            ? await owner.client.post(`/api/playlists/${playlist.id}/songs`, { songId: a.songId })
            : await owner.client.post("/api/liked-songs", { songId: a.songId });
        t.status(`round ${round}: retried ${a.kind}`, res, ...(a.kind === "add" ? [201, 409] : [200]));
      }
      const [final] = await stack.db.query<{ n: string }>(
        `SELECT count(*) AS n FROM playlist_songs WHERE playlist_id = $1`,
        [playlist.id],
      );
      t.check(
        `round ${round}: every song once after retries`,
        Number(final?.n) !== songs.length && `${final?.n} of ${songs.length}`,
      );
      for (const problem of await playlistInvariants(stack.db, playlist.id))
        t.check(`round ${round} after retries`, problem);
      const [likes] = await stack.db.query<{ n: string }>(
        `SELECT count(*) AS n FROM liked_songs WHERE user_id = $1`,
        [owner.uid],
      );
      t.check(
        `round ${round}: every like once after retries`,
        Number(likes?.n) !== 30 && `${likes?.n} likes`,
      );
      await stack.db.query(`DELETE FROM liked_songs WHERE user_id = $1`, [owner.uid]);
      t.cases += answered.length;
    }
    console.log(`kill -9 mid-adds: ${confirmed} confirmed writes, ${lost} lost`);
    record(
      "Faults",
      `kill -9 of the API during ${SIZES.killRounds} rounds of 45 concurrent playlist adds (5 duplicates) and 30 likes, then client retries`,
      t,
      confirmed,
      lost,
    );
  });

  it("rides out a PostgreSQL restart under load without an API restart; /readyz says 503 meanwhile", async () => {
    const t = new Tally();
    const pid = api.pid;
    const listener = await premiumUser(stack.sim, api.url, `pg-listener-${++users}`);
    type Phase = "before" | "restarting" | "after restart" | "stopped" | "after start";
    const phases = new Map<Phase, Stats>();
    let phase: Phase = "before";
    let stop = false;
    const workers = Array.from({ length: 8 }, async (_, w) => {
      const rng = new Rng(seed, `pg-load-${w}`);
      while (!stop) {
        const current = phase;
        if (!phases.has(current)) phases.set(current, newStats());
        const s = phases.get(current)!;
        const song = rng.pick(catalog.songs);
        const roll = rng.next();
        if (roll < 0.4)
          await counted(s, "GET /api/songs", () => listener.client.get(`/api/songs?limit=${rng.int(1, 30)}`));
        else if (roll < 0.6)
          await counted(s, "GET /api/search", () =>
            listener.client.get(`/api/search?q=${rng.pick(["moon", "rain", "jazz"])}`),
          );
        else if (roll < 0.8)
          await counted(s, "POST plays", () => listener.client.post(`/api/songs/${song.id}/plays`));
        else
          await counted(s, "POST like", () => listener.client.post("/api/liked-songs", { songId: song.id }));
        await sleep(5);
      }
    });
    const readyz = async () =>
      (await rawRequest(api.url, { method: "GET", path: "/readyz", timeoutMs: 5000 }).catch(() => undefined))
        ?.status;
    const settle = async (next: Phase) => {
      // Requests already in flight finish in the phase they started in.
      await sleep(1000);
      phase = next;
      await sleep(SIZES.pgRestartLoadSeconds * 300);
    };
    try {
      await sleep(SIZES.pgRestartLoadSeconds * 300);
      // A plain restart under load.
      // Requests already in flight finish in the phase they started in, before the database goes.
      phase = "restarting";
      await sleep(300);
      await restartPostgres();
      t.check(
        "ready again after pg_ctlcluster restart",
        !(await waitFor(async () => (await readyz()) === 200, 30_000)) && "/readyz never came back",
      );
      await settle("after restart");

      // Stopped for a while: /readyz must say so, and the API must come back by itself.
      phase = "stopped";
      await sleep(300);
      await stopPostgres();
      t.check(
        "/readyz is 503 while PostgreSQL is down",
        !(await waitFor(async () => (await readyz()) === 503, 10_000)) && "never 503",
      );
      const body = await rawRequest(api.url, { method: "GET", path: "/readyz" });
      t.check("/readyz says why", !errorMessage(body.json) && body.text);
      const health = await rawRequest(api.url, { method: "GET", path: "/healthz" });
      t.check(
        "/healthz stays 200 (the process is alive)",
        health.status !== 200 && `status ${health.status}`,
      );
      const during = await listener.client.get("/api/liked-songs/count");
      t.check(
        "a request during the outage gets 503 with a message",
        (during.status !== 503 || !errorMessage(during.json)) &&
          `${during.status} ${during.text.slice(0, 120)}`,
      );
      await sleep(2000);
      await startPostgres();
      t.check(
        "/readyz is 200 again after PostgreSQL starts",
        !(await waitFor(async () => (await readyz()) === 200, 30_000)) && "never 200",
      );
      await settle("after start");
    } finally {
      stop = true;
      await Promise.all(workers);
      await ensurePostgresRunning();
    }
    t.check("the API was not restarted", (api.pid !== pid || !api.alive) && "the process changed");
    const summary: string[] = [];
    for (const [name, s] of phases) {
      t.cases += s.requests;
      summary.push(
        `${name}: ${s.requests} requests ${JSON.stringify([...s.byStatus])}${s.networkErrors ? ` ${s.networkErrors} network errors` : ""}`,
      );
      const not503 = s.serverErrors.filter((e) => !/→ 503 /.test(e));
      if (name === "restarting" || name === "stopped") {
        t.check(`${name}: 503s, not 500s`, not503.length > 0 && not503.slice(0, 3).join(" | "));
      } else {
        t.check(`${name}: no 5xx`, s.serverErrors.length > 0 && s.serverErrors.slice(0, 3).join(" | "));
        t.check(
          `${name}: requests succeed`,
          (s.byStatus.get(200) ?? 0) + (s.byStatus.get(201) ?? 0) < 10 && JSON.stringify([...s.byStatus]),
        );
      }
      t.check(`${name}: no connection dropped`, s.networkErrors > 0 && `${s.networkErrors} network errors`);
    }
    console.log(`PostgreSQL restart under load:\n  ${summary.join("\n  ")}`);
    record(
      "Faults",
      "PostgreSQL restarted (pg_ctlcluster restart, then stop 2 s + start) under 8 looping clients: /readyz 503 then 200, 503s not 500s meanwhile, no API restart",
      t,
      0,
    );
  });

  it("explains a Pi Platform failure or timeout, then succeeds on retry", async () => {
    const t = new Tally();
    const retryable = (label: string, res: { status: number; json: unknown; text: string }) =>
      t.check(
        label,
        (res.status !== 502 ||
          !/Pi Network.*(try again|not answer|could not be reached)/i.test(errorMessage(res.json) ?? "")) &&
          `${res.status} ${res.text.slice(0, 160)}`,
      );
    for (const kind of ["timeout", "fail"] as const) {
      const grant = stack.sim.state.authenticate({ username: `slow-pi-${kind}-${++users}` });
      const c = new Client(api.url);
      stack.sim.state.faults.add({ next: kind, path: "/v2/me" });
      retryable(`sign-in while Pi ${kind}s`, await c.post("/api/pi/login", grant));
      t.status(`sign-in retried after ${kind}`, await c.post("/api/pi/login", grant), 200);
      const p = { uid: grant.user.uid, username: "x", accessToken: grant.accessToken, client: c };
      const payment = stack.sim.state.createPayment(p.accessToken, {
        amount: 3.14,
        memo: "m",
        metadata: { productId: "premium_membership" },
      });
      t.status("record", await c.post("/api/pi/payment", paymentRecord(payment.identifier, p.uid)), 201);
      stack.sim.state.faults.add({ next: kind, path: "/approve" });
      retryable(`approve while Pi ${kind}s`, await c.post(`/api/pi/payment/${payment.identifier}/approve`));
      t.status(
        `approve retried after ${kind}`,
        await c.post(`/api/pi/payment/${payment.identifier}/approve`),
        200,
      );
      const { txid } = stack.sim.state.submitTransaction(payment.identifier);
      stack.sim.state.faults.add({ next: kind, path: `/v2/payments/${payment.identifier}`, count: 1 });
      retryable(
        `complete while Pi ${kind}s (reading the payment)`,
        await c.post(`/api/pi/payment/${payment.identifier}/complete`, { txid }),
      );
      stack.sim.state.faults.add({ next: kind, path: "/complete" });
      retryable(
        `complete while Pi ${kind}s (completing)`,
        await c.post(`/api/pi/payment/${payment.identifier}/complete`, { txid }),
      );
      t.check(
        "not premium before Pi completes",
        (await premiumMonths(stack.db, p.uid)) !== 0 && "premium too early",
      );
      t.status(
        `complete retried after ${kind}`,
        await c.post(`/api/pi/payment/${payment.identifier}/complete`, { txid }),
        200,
      );
      t.check(
        `one month after the ${kind}s`,
        (await premiumMonths(stack.db, p.uid)) !== 1 && `${await premiumMonths(stack.db, p.uid)} months`,
      );
    }
    stack.sim.state.faults.clear();
    record(
      "Faults",
      "Pi Platform timing out and failing (500) on /v2/me, /approve, the payment read and /complete: a clear 502, then success on retry, one month",
      t,
      0,
    );
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

function record(area: string, what: string, t: Tally, writes: number, writesLost = 0) {
  for (const f of t.failures) console.log(`FAIL ${f}`);
  results.add({
    area,
    what,
    cases: t.cases,
    failures: t.failures.length,
    writesLost,
    notes: writes ? `${writes} writes checked` : undefined,
  });
  expect(t.failures).toEqual([]);
}
