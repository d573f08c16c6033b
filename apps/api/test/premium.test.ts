import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { MembershipDto, PaymentCompletionDto, PaymentDto } from "@purplebeats/contracts";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { PiWallet, paymentRecord } from "./helpers/pi-sim.js";
import { loadConfig } from "../src/config/env.js";
import type { PiPaymentDTO } from "@purplebeats/pi";

const backends = testBackends("payments completed at once race on row locks");
describe.each(backends)("premium payments on %s", (kind) => {
  let t: TestServer;
  let n = 0;
  beforeAll(async () => {
    // A short Pi timeout keeps the timeout case quick; the periodic job is driven by hand here.
    t = await startTestServer(kind, {
      reconcileIntervalMs: 0,
      pi: { ...loadConfig({ NODE_ENV: "test" }).pi, timeoutMs: 1500 },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  const sql = (text: string, params: unknown[] = []) => t.server.db.dataSource.query(text, params);

  /** A signed-in Pi user with a wallet. */
  async function pioneer() {
    const client = new Client(t.url);
    const me = await client.signInWithPi(`payer-${kind}-${++n}`);
    return { client, uid: me.uid, wallet: new PiWallet(t.url, me.accessToken, me.uid) };
  }
  const membership = (c: Client, uid: string) =>
    c.get<MembershipDto>(`/api/membership/${uid}`).then((r) => r.body);
  const monthsFrom = (from: Date, months: number) => {
    const d = new Date(from);
    d.setUTCMonth(d.getUTCMonth() + months);
    return d.getTime();
  };

  /** The whole U2A flow as the web app and wallet drive it. */
  async function buy(p: Awaited<ReturnType<typeof pioneer>>, { verified = true } = {}) {
    const payment = await p.wallet.createPayment();
    expect(
      (await p.client.post<PaymentDto>("/api/pi/payment", paymentRecord(payment.identifier, p.uid))).status,
    ).toBe(201);
    const approved = await p.client.post<PaymentDto>(`/api/pi/payment/${payment.identifier}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const txid = await p.wallet.submitTransaction(payment.identifier, { verified });
    return { paymentId: payment.identifier, txid };
  }

  it("runs the whole flow: created → approved → completed, one calendar month of premium", async () => {
    const p = await pioneer();
    expect(await membership(p.client, p.uid)).toEqual({ isPremium: false, expiresAt: null, amount: "3.14" });
    const { paymentId, txid } = await buy(p);
    expect((await sql(`SELECT status FROM pi_payments WHERE payment_id = $1`, [paymentId]))[0].status).toBe(
      "approved",
    );

    const before = new Date();
    const done = await p.client.post<PaymentCompletionDto>(`/api/pi/payment/${paymentId}/complete`, { txid });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      paymentId,
      status: "completed",
      txid,
      membership: { isPremium: true, amount: "3.14" },
    });
    const m = await membership(p.client, p.uid);
    expect(Math.abs(new Date(m.expiresAt!).getTime() - monthsFrom(before, 1))).toBeLessThan(60_000);
    const [row] = await sql(`SELECT payment_id, txid, amount FROM memberships WHERE user_id = $1`, [p.uid]);
    expect(row).toEqual({ payment_id: paymentId, txid, amount: "3.14" });

    // Replaying the completion changes nothing.
    expect((await p.client.post(`/api/pi/payment/${paymentId}/complete`, { txid })).status).toBe(200);
    expect((await membership(p.client, p.uid)).expiresAt).toBe(m.expiresAt);
    // A forged txid on a completed payment is refused.
    expect((await p.client.post(`/api/pi/payment/${paymentId}/complete`, { txid: "forged" })).status).toBe(
      400,
    );

    // A second purchase extends from the current expiry, not from now.
    const second = await buy(p);
    await p.client.post(`/api/pi/payment/${second.paymentId}/complete`, { txid: second.txid });
    const extended = await membership(p.client, p.uid);
    expect(
      Math.abs(new Date(extended.expiresAt!).getTime() - monthsFrom(new Date(m.expiresAt!), 1)),
    ).toBeLessThan(60_000);
  });

  it("activates exactly one month when ten completes arrive at once", async () => {
    const p = await pioneer();
    const { paymentId, txid } = await buy(p);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => p.client.post(`/api/pi/payment/${paymentId}/complete`, { txid })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const m = await membership(p.client, p.uid);
    expect(Math.abs(new Date(m.expiresAt!).getTime() - monthsFrom(new Date(), 1))).toBeLessThan(60_000);
    expect(
      await sql(`SELECT count(*)::int AS n FROM pi_payments WHERE payment_id = $1 AND status = 'completed'`, [
        paymentId,
      ]),
    ).toEqual([{ n: 1 }]);
  });

  it("refuses a wrong amount (never approved), another user's payment and a forged txid", async () => {
    const p = await pioneer();
    const cheap = await p.wallet.createPayment(0.01);
    const refused = await p.client.post<{ message: string }>(
      "/api/pi/payment",
      paymentRecord(cheap.identifier, p.uid, "0.01"),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("3.14");
    // Lying to us about the amount does not help: Pi's record is checked before approving.
    expect((await p.client.post("/api/pi/payment", paymentRecord(cheap.identifier, p.uid))).status).toBe(201);
    const approve = await p.client.post<{ message: string }>(`/api/pi/payment/${cheap.identifier}/approve`);
    expect(approve.status).toBe(400);
    const pi = (await fetch(`${t.url}/pi-sim/__control/payments/${cheap.identifier}`).then((r) =>
      r.json(),
    )) as PiPaymentDTO;
    expect(pi.status.developer_approved).toBe(false);
    expect(
      (await sql(`SELECT status FROM pi_payments WHERE payment_id = $1`, [cheap.identifier]))[0].status,
    ).toBe("failed");

    const q = await pioneer();
    const { paymentId, txid } = await buy(q);
    expect((await p.client.post(`/api/pi/payment/${paymentId}/approve`)).status).toBe(403);
    expect((await p.client.post(`/api/pi/payment/${paymentId}/complete`, { txid })).status).toBe(403);
    expect((await p.client.post("/api/pi/payment", paymentRecord(paymentId, p.uid))).status).toBe(403);
    expect(
      (await q.client.post(`/api/pi/payment/${paymentId}/complete`, { txid: "not-the-txid" })).status,
    ).toBe(400);
    expect((await membership(q.client, q.uid)).isPremium).toBe(false);
    expect((await membership(p.client, p.uid)).isPremium).toBe(false);
  });

  it("records a payment only for the user Pi's record names: a squatter cannot block its owner", async () => {
    const owner = await pioneer();
    const squatter = await pioneer();
    const payment = await owner.wallet.createPayment();
    // The squatter learns the id (it is no secret) and records it first, as theirs.
    const squat = await squatter.client.post<{ message: string }>(
      "/api/pi/payment",
      paymentRecord(payment.identifier, squatter.uid),
    );
    expect(squat.status).toBe(403);
    expect(await sql(`SELECT user_id FROM pi_payments WHERE payment_id = $1`, [payment.identifier])).toEqual(
      [],
    );
    // An id Pi does not know is not recorded either.
    const unknown = await squatter.client.post(
      "/api/pi/payment",
      paymentRecord("no-such-payment-id", squatter.uid),
    );
    expect(unknown.status).toBe(404);
    // The owner goes through the whole flow.
    expect(
      (await owner.client.post("/api/pi/payment", paymentRecord(payment.identifier, owner.uid))).status,
    ).toBe(201);
    expect((await owner.client.post(`/api/pi/payment/${payment.identifier}/approve`)).status).toBe(200);
    const txid = await owner.wallet.submitTransaction(payment.identifier);
    const done = await owner.client.post<PaymentCompletionDto>(
      `/api/pi/payment/${payment.identifier}/complete`,
      { txid },
    );
    expect(done.status).toBe(200);
    expect(done.body.membership.isPremium).toBe(true);
    expect((await membership(squatter.client, squatter.uid)).isPremium).toBe(false);
  });

  it("keeps a payment resumable when Pi fails or times out during completion", async () => {
    const p = await pioneer();
    const { paymentId, txid } = await buy(p);
    await p.wallet.fault("fail", "/complete");
    const failed = await p.client.post<{ message: string }>(`/api/pi/payment/${paymentId}/complete`, {
      txid,
    });
    expect(failed.status).toBe(502);
    expect(failed.body.message).toMatch(/Pi Network could not be reached/);
    expect((await membership(p.client, p.uid)).isPremium).toBe(false);

    await p.wallet.fault("timeout", "/complete");
    const slow = await p.client.post<{ message: string }>(`/api/pi/payment/${paymentId}/complete`, { txid });
    expect(slow.status).toBe(502);
    expect(slow.body.message).toMatch(/did not answer in time/);

    const retried = await p.client.post(`/api/pi/payment/${paymentId}/complete`, { txid });
    expect(retried.status).toBe(200);
    expect((await membership(p.client, p.uid)).isPremium).toBe(true);
  });

  it("handles cancellation, guests, and a complete before approval", async () => {
    const p = await pioneer();
    const payment = await p.wallet.createPayment();
    await p.client.post("/api/pi/payment", paymentRecord(payment.identifier, p.uid));
    expect(
      (await p.client.post(`/api/pi/payment/${payment.identifier}/complete`, { txid: "x" })).status,
    ).toBe(409);
    await p.wallet.cancel(payment.identifier);
    expect((await p.client.post(`/api/pi/payment/${payment.identifier}/approve`)).status).toBe(409);
    expect(
      (await sql(`SELECT status FROM pi_payments WHERE payment_id = $1`, [payment.identifier]))[0].status,
    ).toBe("cancelled");

    const guest = new Client(t.url);
    const guestId = await guest.asGuest();
    const res = await guest.post<{ message: string }>(
      "/api/pi/payment",
      paymentRecord("guest-pay-1", guestId),
    );
    expect(res.status).toBe(403);
    const bad = await p.client.post<{ message: string }>("/api/pi/payment", {
      paymentId: "bad id!",
      amount: "3.14",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("paymentId contains characters that are not allowed");
    expect(await sql(`SELECT count(*)::int AS n FROM pi_payments WHERE user_id = $1`, [guestId])).toEqual([
      { n: 0 },
    ]);
  });

  it("finishes an incomplete payment reported at the next sign-in, and cancels one never paid", async () => {
    const p = await pioneer();
    const { paymentId } = await buy(p);
    // The app died before completing: the SDK reports the payment at the next sign-in.
    const resolved = await p.client.post<PaymentDto>("/api/pi/payment/incomplete", { paymentId });
    expect(resolved.status).toBe(200);
    expect(resolved.body.status).toBe("completed");
    expect((await membership(p.client, p.uid)).isPremium).toBe(true);

    const q = await pioneer();
    const unpaid = await q.wallet.createPayment();
    const cancelled = await q.client.post<PaymentDto>("/api/pi/payment/incomplete", {
      paymentId: unpaid.identifier,
    });
    expect(cancelled.body.status).toBe("cancelled");
    expect((await membership(q.client, q.uid)).isPremium).toBe(false);
  });

  it("reconciles a payment approved and paid but never completed", async () => {
    const p = await pioneer();
    const { paymentId } = await buy(p);
    const approvedOnly = await pioneer();
    const never = await approvedOnly.wallet.createPayment();
    await approvedOnly.client.post("/api/pi/payment", paymentRecord(never.identifier, approvedOnly.uid));
    await approvedOnly.client.post(`/api/pi/payment/${never.identifier}/approve`);

    const result = await t.server.services.payments.reconcile({ olderThanSeconds: 0 });
    expect(result.completed).toBeGreaterThanOrEqual(1);
    expect((await sql(`SELECT status FROM pi_payments WHERE payment_id = $1`, [paymentId]))[0].status).toBe(
      "completed",
    );
    expect((await membership(p.client, p.uid)).isPremium).toBe(true);
    // Approved but never sent by the wallet: stays approved, no premium.
    expect(
      (await sql(`SELECT status FROM pi_payments WHERE payment_id = $1`, [never.identifier]))[0].status,
    ).toBe("approved");
    expect((await membership(approvedOnly.client, approvedOnly.uid)).isPremium).toBe(false);
  });

  it("grants premium only once Pi has verified the transaction: an unverified one waits, and says so", async () => {
    const status = async (paymentId: string) =>
      (await sql(`SELECT status FROM pi_payments WHERE payment_id = $1`, [paymentId]))[0].status as string;
    const p = await pioneer();
    const { paymentId, txid } = await buy(p, { verified: false });
    const done = await p.client.post<PaymentCompletionDto>(`/api/pi/payment/${paymentId}/complete`, { txid });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ paymentId, status: "pending", txid, membership: { isPremium: false } });
    expect((await membership(p.client, p.uid)).isPremium).toBe(false);
    // Not completed with Pi either: completing tells Pi the app has delivered.
    const pi = (await fetch(`${t.url}/pi-sim/__control/payments/${paymentId}`).then((r) =>
      r.json(),
    )) as PiPaymentDTO;
    expect(pi.status.developer_completed).toBe(false);
    // The incomplete-payment path (next sign-in) waits too.
    const resolved = await p.client.post<PaymentDto>("/api/pi/payment/incomplete", { paymentId });
    expect(resolved.body.status).toBe("pending");
    expect((await membership(p.client, p.uid)).isPremium).toBe(false);
    // Reconciliation leaves it while unverified, and completes it once the blockchain confirms.
    await t.server.services.payments.reconcile({ olderThanSeconds: 0 });
    expect(await status(paymentId)).toBe("pending");
    await p.wallet.verifyTransaction(paymentId);
    await t.server.services.payments.reconcile({ olderThanSeconds: 0 });
    expect(await status(paymentId)).toBe("completed");
    expect((await membership(p.client, p.uid)).isPremium).toBe(true);

    // A retried complete after confirmation completes it directly.
    const q = await pioneer();
    const second = await buy(q, { verified: false });
    const waiting = await q.client.post<PaymentDto>(`/api/pi/payment/${second.paymentId}/complete`, {
      txid: second.txid,
    });
    expect(waiting.body.status).toBe("pending");
    await q.wallet.verifyTransaction(second.paymentId);
    const retried = await q.client.post<PaymentCompletionDto>(
      `/api/pi/payment/${second.paymentId}/complete`,
      {
        txid: second.txid,
      },
    );
    expect(retried.body).toMatchObject({ status: "completed", membership: { isPremium: true } });
  });

  it("treats premium as active only while expiresAt is in the future, to the boundary", async () => {
    const p = await pioneer();
    await sql(
      `INSERT INTO memberships (user_id, is_premium, expires_at) VALUES ($1, true, now() + interval '2 seconds')`,
      [p.uid],
    );
    expect((await membership(p.client, p.uid)).isPremium).toBe(true);
    await sql(`UPDATE memberships SET expires_at = now() WHERE user_id = $1`, [p.uid]);
    const expired = await membership(p.client, p.uid);
    expect(expired.isPremium).toBe(false);
    expect(expired.expiresAt).not.toBeNull();
  });
});
