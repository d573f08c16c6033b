// 2. Attacks on payments: replay, another user's payment, a tampered amount or product, completion
// before approval, forged txids, a guest paying, and a payment id recorded first by someone else.
import { describe, it } from "vitest";
import { Tally } from "../src/checks.js";
import { Client } from "../src/http.js";
import { paymentRecord, payUpToCompletion, signInWithPi, walletCreatePayment } from "../src/pi.js";
import { attackSuite, attackTest, type AttackWorld } from "./helpers/attacks.js";

const { record, seed } = attackSuite("attacks-payments");

describe("attacks: payments", () => {
  let { stack, main } = {} as AttackWorld;
  attackTest.beforeAll(({ world }) => {
    ({ stack, main } = world);
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
});
