// Payouts (A2U) over HTTP against the in-process Pi simulator: a manager asks for the artist's balance, the
// server creates Pi's payment, signs and submits the Stellar transaction and completes it, each step
// recorded before the next. Interrupted after create, after submit or after complete (Pi did the work, the
// answer was lost), the next run resumes it to exactly one transfer on chain and one debit in the ledger.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { MyArtistsDto, PayoutDto } from "@purplebeats/contracts";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { PiWallet } from "./helpers/pi-sim.js";
import { loadConfig } from "../src/config/env.js";

const ADMIN_UID = "payouts-admin-uid";
const backends = testBackends("payouts are paid one at a time under an advisory lock");

describe.each(backends)("artist payouts on %s", (kind) => {
  let t: TestServer;
  let admin: Client;
  let n = 0;
  beforeAll(async () => {
    t = await startTestServer(kind, {
      reconcileIntervalMs: 0,
      adminUids: new Set([ADMIN_UID]),
      artists: { ...loadConfig({ NODE_ENV: "test" }).artists, payouts: true, payoutMinimum: 1 },
    });
    admin = new Client(t.url);
    await admin.signInWithPi("payouts-admin", ADMIN_UID);
  });
  afterAll(async () => {
    await t?.close();
  });

  const control = async <T>(method: "GET" | "POST", path: string, body?: unknown) => {
    const res = await fetch(`${t.url}/pi-sim/__control${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const transfersOf = async (paymentId: string | null) =>
    (
      await control<{ transfers: { paymentId: string; amount: string }[] }>("GET", "/transfers")
    ).transfers.filter((transfer) => transfer.paymentId === paymentId);

  /** An approved artist whose manager was tipped `amount` π by a listener (its balance: 90 %). */
  async function tippedArtist(amount: number) {
    const manager = new Client(t.url);
    const me = await manager.signInWithPi(`payee-${kind}-${++n}`);
    const asked = await manager.post<{ id: string }>("/api/artist-requests", {
      kind: "new",
      name: `Payee ${kind} ${n}`,
      evidence: "https://payee.example",
    });
    await admin.post(`/api/admin/artist-requests/${asked.body.id}/decision`, { decision: "approve" });
    const artistId = (await manager.get<MyArtistsDto>("/api/artist-requests/mine")).body.managed[0]!.id;
    const fan = new Client(t.url);
    const fanMe = await fan.signInWithPi(`fan-${kind}-${n}`);
    const wallet = new PiWallet(t.url, fanMe.accessToken, fanMe.uid);
    const payment = await wallet.createTip(artistId, amount);
    await fan.post("/api/pi/payment", {
      paymentId: payment.identifier,
      userId: fanMe.uid,
      amount: String(amount),
      status: "created",
      metadata: JSON.stringify({ productId: "artist_tip", artistId, userId: fanMe.uid }),
    });
    await fan.post(`/api/pi/payment/${payment.identifier}/approve`);
    const txid = await wallet.submitTransaction(payment.identifier);
    await fan.post(`/api/pi/payment/${payment.identifier}/complete`, { txid });
    return { manager, uid: me.uid, artistId };
  }
  const balance = async (manager: Client) =>
    (await manager.get<MyArtistsDto>("/api/artist-requests/mine")).body.managed[0]!.balance;
  const payouts = async (manager: Client, artistId: string) =>
    (await manager.get<PayoutDto[]>(`/api/artist-studio/payouts?artistId=${artistId}`)).body;

  it("pays the balance to the manager's wallet once, and refuses others and a balance below the minimum", async () => {
    const { manager, artistId } = await tippedArtist(10);
    const stranger = new Client(t.url);
    await stranger.signInWithPi(`stranger-${kind}`);
    const refused = await stranger.post<{ message: string }>("/api/artist-studio/payouts", { artistId });
    expect([refused.status, refused.body.message]).toEqual([
      403,
      "Only the artist's managers can ask for its payout",
    ]);

    const asked = await manager.post<PayoutDto>("/api/artist-studio/payouts", { artistId });
    expect(asked.status).toBe(201);
    expect(asked.body.amount).toBe("9");
    expect(await balance(manager)).toBe("0.0000000");
    await t.server.runPayouts();
    const [done] = await payouts(manager, artistId);
    expect(done).toMatchObject({ status: "completed", amount: "9" });
    expect(await transfersOf(done!.paymentId)).toEqual([expect.objectContaining({ amount: "9.0000000" })]);
    const again = await manager.post<{ message: string }>("/api/artist-studio/payouts", { artistId });
    expect([again.status, again.body.message]).toEqual([
      400,
      "The balance must be at least 1 π to be paid out",
    ]);
  });

  for (const [step, fault] of [
    ["create", { path: "/v2/payments", method: "POST" }],
    ["submit", { path: "/horizon/transactions", method: "POST" }],
    ["complete", { path: "/complete", method: "POST" }],
  ] as const)
    it(`resumes a payout interrupted after ${step} without paying twice`, async () => {
      await control("POST", "/reset");
      const { manager, artistId } = await tippedArtist(5);
      // Armed for the payout's own call: Pi (or the chain) does the work, the answer is lost.
      await control("POST", "/faults", { next: "lost", ...fault });
      await manager.post<PayoutDto>("/api/artist-studio/payouts", { artistId });
      // The request's own run met the fault (it is used up: only this unmatchable one is left pending).
      await t.server.runPayouts();
      const pending = await control<{ pendingFaults: number }>("POST", "/faults", {
        next: "fail",
        path: "/nothing-calls-this",
      });
      expect(pending.pendingFaults).toBe(1);

      // Resumed (a run at start, the periodic one): still paid once.
      await t.server.runPayouts();
      const [resumed] = await payouts(manager, artistId);
      expect(resumed).toMatchObject({ status: "completed", amount: "4.5" });
      expect(await transfersOf(resumed!.paymentId)).toHaveLength(1);
      const debits = await t.query(
        `SELECT amount::text AS amount FROM artist_ledger WHERE artist_id = $1 AND kind LIKE 'payout%'`,
        [artistId],
      );
      expect(debits).toEqual([{ amount: "-4.5000000" }]);
    });
});
