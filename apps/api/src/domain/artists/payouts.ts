// Payouts of artists' balances in Pi (app-to-user). A manager's request debits the whole balance at once
// (the ledger's row, written with the payout); then the payout goes through Pi's A2U steps, each recorded
// before the next: create the payment with the Platform API and store its id, sign and submit the Stellar
// transaction and store its txid, complete the payment. Payouts are paid one at a time (the app wallet's
// sequence number: a PostgreSQL advisory lock across instances), and whatever a crash interrupted resumes
// from what is recorded and what Pi says, so a payout is never paid twice. Pi cancelling gives the debit back.
import type { DataSource, EntityManager } from "typeorm";
import { TRPCError } from "@trpc/server";
import {
  PAYOUT_MANAGERS_ONLY,
  PAYOUTS_OFF,
  payoutBelowMinimum,
  type PayoutDto,
  type PayoutService,
} from "@purplebeats/contracts";
import type { PiPaymentDTO, PiPlatformClient, StellarPayer } from "@purplebeats/pi";
import {
  artistBalance,
  insertPayoutWithDebit,
  isManagerOf,
  lockArtist,
  payoutById,
  payoutsOfArtist,
  recordPayoutStep,
  reversePayout,
  unfinishedPayouts,
} from "../../data/artist-payouts.js";
import { advisoryUnlock, tryAdvisoryLock } from "../../data/upload-sweep.js";

/** The advisory lock key of "pay artists" (an arbitrary constant: 'pb_p'). */
const PAYOUT_LOCK_KEY = 0x70625f70;

interface PayoutRow {
  id: string;
  artist_id: string;
  user_id: string | null;
  amount: string;
  status: string;
  payment_id: string | null;
  txid: string | null;
  created_at: Date;
}

const toPayout = (row: PayoutRow): PayoutDto => ({
  id: row.id,
  artistId: row.artist_id,
  amount: String(Number(row.amount)),
  status: row.status as PayoutDto["status"],
  paymentId: row.payment_id,
  txid: row.txid,
  createdAt: new Date(row.created_at).toISOString(),
});

export interface PayoutProcessor extends PayoutService {
  /** Pays what is unfinished, oldest first; one instance at a time. Safe to call at any moment. */
  run(): Promise<void>;
}

export interface PayoutOptions {
  enabled: boolean;
  minimum: number;
  pi: PiPlatformClient;
  /** The app wallet; null while it cannot pay (payouts off, or the simulator not listening yet). */
  payer: () => StellarPayer | null;
  log: { warn(obj: object, message: string): void };
}

export function createPayouts(db: DataSource, options: PayoutOptions): PayoutProcessor {
  const { pi } = options;

  /** Pi's payment for this payout when a crash lost its id: the one still open whose metadata names it. */
  async function lostPayment(payoutId: string): Promise<PiPaymentDTO | undefined> {
    const open = await pi.incompleteServerPayments();
    return open.find((p) => p.metadata.payoutId === payoutId);
  }

  async function cancelled(session: EntityManager, payout: PayoutRow, from: string) {
    await recordPayoutStep(session, payout.id, from, { status: "cancelled" });
    await reversePayout(session, payout);
  }

  /** One payout from its recorded step to the end, each step recorded before the next. */
  async function pay(session: EntityManager, payout: PayoutRow, payer: StellarPayer) {
    let { status, payment_id: paymentId, txid } = payout;
    if (status === "requested") {
      const found = await lostPayment(payout.id);
      if (found) paymentId = found.identifier;
      else {
        if (payout.user_id === null) {
          // The manager's account is gone before anything was paid: nobody to pay, the balance stays.
          await recordPayoutStep(session, payout.id, "requested", { status: "failed" });
          await reversePayout(session, payout);
          return;
        }
        const created = await pi.createAppToUserPayment({
          amount: Number(payout.amount),
          memo: "PurpleBeats artist payout",
          metadata: { payoutId: payout.id, artistId: payout.artist_id },
          uid: payout.user_id,
        });
        paymentId = created.identifier;
      }
      await recordPayoutStep(session, payout.id, "requested", { status: "created", paymentId });
      status = "created";
    }
    if (paymentId === null) return;
    if (status === "created") {
      // Submitted before a crash lost its txid: Pi's record of the payment carries it.
      const payment = await pi.getPayment(paymentId);
      if (payment.status.cancelled || payment.status.user_cancelled)
        return cancelled(session, payout, "created");
      txid =
        payment.transaction?.txid ??
        (await payer.pay({ paymentId, to: payment.to_address, amount: String(payment.amount) }));
      await recordPayoutStep(session, payout.id, "created", { status: "submitted", txid });
      status = "submitted";
    }
    if (status === "submitted" && txid !== null) {
      const payment = await pi.getPayment(paymentId);
      if (!payment.status.developer_completed) await pi.completePayment(paymentId, txid);
      await recordPayoutStep(session, payout.id, "submitted", { status: "completed" });
    }
  }

  let running: Promise<void> | null = null;
  async function runOnce() {
    const payer = options.payer();
    if (!options.enabled || !payer) return;
    const runner = db.createQueryRunner();
    await runner.connect();
    try {
      if (!(await tryAdvisoryLock(runner.manager, PAYOUT_LOCK_KEY))) return;
      try {
        for (const payout of await unfinishedPayouts(runner.manager)) {
          try {
            await pay(runner.manager, payout, payer);
          } catch (error) {
            // Left at its recorded step: the next run resumes it. Later payouts wait (one at a time).
            options.log.warn({ err: error, payoutId: payout.id }, "an artist payout stopped; resuming later");
            return;
          }
        }
      } finally {
        await advisoryUnlock(runner.manager, PAYOUT_LOCK_KEY);
      }
    } finally {
      await runner.release();
    }
  }

  const assertManager = async (userId: string, artistId: string) => {
    if (!(await isManagerOf(db, artistId, userId)))
      throw new TRPCError({ code: "FORBIDDEN", message: PAYOUT_MANAGERS_ONLY });
  };

  return {
    run() {
      // One run at a time in this instance; a call meanwhile waits for it and runs again.
      const next = (running ?? Promise.resolve()).then(runOnce, runOnce);
      running = next.finally(() => {
        if (running === next) running = null;
      });
      return next;
    },

    async request(userId, artistId) {
      if (!options.enabled) throw new TRPCError({ code: "FORBIDDEN", message: PAYOUTS_OFF });
      await assertManager(userId, artistId);
      const row = await db.transaction(async (tx: EntityManager) => {
        await lockArtist(tx, artistId);
        const balance = await artistBalance(tx, artistId);
        if (Number(balance) < options.minimum)
          throw new TRPCError({ code: "BAD_REQUEST", message: payoutBelowMinimum(options.minimum) });
        return insertPayoutWithDebit(tx, { artistId, userId, amount: balance });
      });
      // Paid in the background: the answer says 'requested', the list shows each later step.
      void this.run().catch((error: unknown) => options.log.warn({ err: error }, "artist payouts failed"));
      return toPayout((await payoutById(db, row.id)) ?? row);
    },

    async list(userId, artistId) {
      await assertManager(userId, artistId);
      return (await payoutsOfArtist(db, artistId)).map(toPayout);
    },
  };
}
