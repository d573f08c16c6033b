// Pi payments (user-to-app): one month of premium, or a tip to a verified artist. Each step is verified
// with the Pi Platform, and each paymentId activates at most one month or credits one tip, whatever is
// retried, replayed or sent at once (docs/adr/0005-pi-payment-verification.md). What a payment buys is
// read from Pi's own record of it (the metadata the listener's wallet signed), never from the caller.
import { In, type DataSource, type EntityManager } from "typeorm";
import { TRPCError } from "@trpc/server";
import {
  PREMIUM_AMOUNT_TEXT,
  PREMIUM_PRICE,
  PREMIUM_PRODUCT_ID,
  TIP_NOT_VERIFIED,
  TIP_PRODUCT_ID,
  paymentMetadataSchema,
  tipAmountProblem,
  tipMetadataSchema,
  type MembershipService,
  type PaymentService,
  type PaymentCompletionDto,
  type PaymentDto,
  type PaymentStatus,
} from "@purplebeats/contracts";
import { isPiPlatformError, type PiPaymentDTO, type PiPlatformClient } from "@purplebeats/pi";
import { PiPayment } from "@purplebeats/db";
import { grantPremiumMonth } from "../../data/payments.js";
import { creditTip, tipRecipients } from "../../data/artists.js";
import { artistById } from "../../data/catalog-reads.js";
import { lockRow } from "../../data/locks.js";
import type { Notifier } from "../inbox/notifier.js";
import { paymentReceipt, tipReceipt, tipReceived } from "../inbox/messages.js";
import { must } from "../../data/must.js";

const toDto = (row: PiPayment): PaymentDto => ({
  paymentId: row.paymentId,
  status: row.status,
  amount: row.amount,
  txid: row.txid,
});

const fail = (code: "BAD_REQUEST" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT", message: string) =>
  new TRPCError({ code, message });

/** Pi answered with an outage or a timeout: the caller may simply retry, nothing is lost. */
function upstream(error: unknown): TRPCError {
  if (isPiPlatformError(error) && error.kind === "not_found") {
    return fail("NOT_FOUND", "Pi Network does not know this payment");
  }
  const reason =
    isPiPlatformError(error) && error.kind === "timeout" ? "did not answer in time" : "could not be reached";
  return new TRPCError({
    code: "BAD_GATEWAY",
    message: `Pi Network ${reason}. Please try again; your payment is safe.`,
  });
}

/** The metadata the client sent, or undefined when it is not JSON (premium's checks then say so). */
function parseJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? "{}");
  } catch {
    return undefined;
  }
}

/** A payment not settled yet: created, approved, or paid and waiting for the blockchain to verify it. */
const SETTLING: PaymentStatus[] = ["created", "approved", "pending"];

const isAmountRight = (amount: number | string) => Math.abs(Number(amount) - PREMIUM_PRICE) < 1e-9;

/** What a payment buys: a month of premium, or a tip to one artist. */
type Product = { kind: "premium" } | { kind: "tip"; artistId: string };

const isTip = (metadata: unknown) =>
  typeof metadata === "object" &&
  metadata !== null &&
  "productId" in metadata &&
  metadata.productId === TIP_PRODUCT_ID;

/** What must hold of Pi's own record before we approve or complete; answers what the payment buys. */
function checkAgainstPi(pi: PiPaymentDTO, userId: string): Product {
  if (pi.user_uid !== userId) throw fail("FORBIDDEN", "This payment belongs to another user");
  if (pi.direction !== "user_to_app") throw fail("BAD_REQUEST", "This is not a payment to PurpleBeats");
  let product: Product;
  if (isTip(pi.metadata)) {
    const tip = tipMetadataSchema.safeParse(pi.metadata);
    if (!tip.success) throw fail("BAD_REQUEST", tip.error.issues[0]?.message ?? "The tip names no artist");
    const problem = tipAmountProblem(pi.amount);
    if (problem) throw fail("BAD_REQUEST", problem);
    product = { kind: "tip", artistId: tip.data.artistId };
  } else {
    if (!isAmountRight(pi.amount)) throw fail("BAD_REQUEST", `The amount must be ${PREMIUM_AMOUNT_TEXT} π`);
    if (pi.metadata?.productId !== PREMIUM_PRODUCT_ID)
      throw fail("BAD_REQUEST", `The product must be ${PREMIUM_PRODUCT_ID}`);
    product = { kind: "premium" };
  }
  if (pi.status.cancelled || pi.status.user_cancelled) throw fail("CONFLICT", "This payment was cancelled");
  return product;
}

export function createPaymentService(
  db: DataSource,
  pi: PiPlatformClient,
  memberships: MembershipService,
  notifier: Notifier,
  options: { tipFeePercent: number },
): PaymentService {
  const payments = db.getRepository(PiPayment);

  /** A tip goes only to an artist an admin verified (someone runs it, and may be paid out). */
  async function checkTipTarget(product: Product) {
    if (product.kind !== "tip") return;
    const artist = await artistById(db, product.artistId);
    if (!artist) throw fail("NOT_FOUND", "Artist not found");
    if (artist.verified_at === null) throw fail("BAD_REQUEST", TIP_NOT_VERIFIED);
  }

  /** Records a payment as created unless it is recorded already (ON CONFLICT DO NOTHING). */
  const recordOnce = (values: Pick<PiPayment, "paymentId" | "userId" | "amount" | "metadata">) =>
    payments
      .createQueryBuilder()
      .insert()
      .values({ ...values, status: "created" })
      .orIgnore()
      .execute();

  const PAYMENT_RECORDED = "the payment was recorded just before";

  async function ownRecord(userId: string, paymentId: string): Promise<PiPayment | undefined> {
    const row = (await payments.findOneBy({ paymentId })) ?? undefined;
    if (row && row.userId !== userId) throw fail("FORBIDDEN", "This payment belongs to another user");
    return row;
  }

  async function fetchPi(paymentId: string) {
    try {
      return await pi.getPayment(paymentId);
    } catch (error) {
      throw upstream(error);
    }
  }

  /** Our record of a payment Pi knows (the SDK may report one we never saw, after a crash). */
  async function recordFromPi(userId: string, payment: PiPaymentDTO): Promise<PiPayment> {
    await recordOnce({
      paymentId: payment.identifier,
      userId,
      amount: String(payment.amount),
      metadata: JSON.stringify(payment.metadata),
    });
    return must(await ownRecord(userId, payment.identifier), PAYMENT_RECORDED);
  }

  async function setStatus(paymentId: string, status: PaymentStatus, from: PaymentStatus[]) {
    await payments.update({ paymentId, status: In(from) }, { status });
  }

  async function approveWithPi(row: PiPayment, userId: string): Promise<PiPayment> {
    const payment = await fetchPi(row.paymentId);
    try {
      await checkTipTarget(checkAgainstPi(payment, userId));
    } catch (error) {
      // A payment that can never be right is closed, so it is never approved later by a retry.
      if (error instanceof TRPCError && error.code !== "FORBIDDEN") {
        await setStatus(row.paymentId, error.code === "CONFLICT" ? "cancelled" : "failed", ["created"]);
      }
      throw error;
    }
    if (!payment.status.developer_approved) {
      try {
        await pi.approvePayment(row.paymentId);
      } catch (error) {
        throw upstream(error);
      }
    }
    await setStatus(row.paymentId, "approved", ["created"]);
    return { ...row, status: row.status === "created" ? "approved" : row.status };
  }

  /**
   * The one place a month is granted: under a row lock on the payment, only the first caller to find it
   * not yet completed extends the membership, from the later of now and the current expiry.
   */
  async function activate(
    paymentId: string,
    txid: string,
    walletAddress: string | null,
    product: Product,
  ): Promise<boolean> {
    const granted = await db.transaction(async (tx: EntityManager) => {
      const row = await lockRow(tx, PiPayment, "locked.payment_id = :paymentId", { paymentId });
      if (!row || row.status === "completed") return null;
      await tx.update(PiPayment, { paymentId }, { status: "completed", txid });
      if (product.kind === "tip")
        await creditTip(tx, {
          paymentId,
          artistId: product.artistId,
          amount: row.amount,
          feePercent: options.tipFeePercent,
        });
      else
        await grantPremiumMonth(tx, {
          userId: row.userId,
          paymentId,
          txid,
          walletAddress,
          amount: row.amount,
        });
      return row;
    });
    // The receipt once the month or the credit is committed (dedupe keys keep each to one per payment).
    if (granted && product.kind === "premium")
      await notifier.notify([paymentReceipt(granted.userId, { paymentId, amount: granted.amount, txid })]);
    if (granted && product.kind === "tip") {
      const { artistName, managerIds } = await tipRecipients(db, product.artistId);
      const tip = { paymentId, amount: granted.amount, artistName };
      await notifier.notify([
        tipReceipt(granted.userId, { ...tip, txid }),
        ...managerIds.map((id) => tipReceived(id, { ...tip, feePercent: options.tipFeePercent })),
      ]);
    }
    return granted !== null;
  }

  /**
   * Completes with Pi (idempotent there) and activates here (idempotent by the lock above), once Pi says
   * the blockchain has verified the transaction. Until then the payment is 'pending' with its txid: a
   * retried complete, the next sign-in or reconciliation finishes it. True when the payment is completed.
   */
  async function completeVerified(
    row: PiPayment,
    payment: PiPaymentDTO,
    txid: string,
    product: Product,
  ): Promise<boolean> {
    if (!payment.transaction || payment.transaction.txid !== txid) {
      throw fail("BAD_REQUEST", "The txid does not match this payment's transaction");
    }
    if (!payment.transaction.verified) {
      await payments.update(
        { paymentId: row.paymentId, status: In(["created", "approved"]) },
        { status: "pending", txid },
      );
      return false;
    }
    if (!payment.status.developer_completed) {
      try {
        await pi.completePayment(row.paymentId, txid);
      } catch (error) {
        throw upstream(error);
      }
    }
    await activate(row.paymentId, txid, payment.from_address || null, product);
    return true;
  }

  /**
   * A tip's record: its metadata names a verified artist, its amount is within the bounds and is the amount
   * Pi holds for the payment, which must be the caller's (a payment id is no secret).
   */
  async function createTip(userId: string, input: { paymentId: string; amount: string; metadata?: string }) {
    const metadata = tipMetadataSchema.safeParse(parseJson(input.metadata));
    if (!metadata.success)
      throw fail("BAD_REQUEST", metadata.error.issues[0]?.message ?? "metadata is not valid");
    if (metadata.data.userId && metadata.data.userId !== userId)
      throw fail("FORBIDDEN", "This payment names another user");
    const problem = tipAmountProblem(Number(input.amount));
    if (problem) throw fail("BAD_REQUEST", problem);
    const existing = await ownRecord(userId, input.paymentId);
    if (existing) return toDto(existing);
    await checkTipTarget({ kind: "tip", artistId: metadata.data.artistId });
    const payment = await fetchPi(input.paymentId);
    if (payment.user_uid !== userId) throw fail("FORBIDDEN", "This payment belongs to another user");
    const product = checkAgainstPi(payment, userId);
    if (
      product.kind !== "tip" ||
      product.artistId !== metadata.data.artistId ||
      Math.abs(payment.amount - Number(input.amount)) > 1e-9
    )
      throw fail("BAD_REQUEST", "The payment does not match this tip");
    await recordOnce({
      paymentId: input.paymentId,
      userId,
      amount: String(payment.amount),
      metadata: input.metadata ?? null,
    });
    return toDto(must(await ownRecord(userId, input.paymentId), PAYMENT_RECORDED));
  }

  async function completion(userId: string, paymentId: string): Promise<PaymentCompletionDto> {
    const row = must(await ownRecord(userId, paymentId), PAYMENT_RECORDED);
    return { ...toDto(row), membership: await memberships.get(userId) };
  }

  return {
    async create(userId, input) {
      if (isTip(parseJson(input.metadata))) return createTip(userId, input);
      if (!isAmountRight(input.amount))
        throw fail("BAD_REQUEST", `The amount must be ${PREMIUM_AMOUNT_TEXT} π`);
      let metadata: unknown;
      try {
        metadata = JSON.parse(input.metadata ?? "{}");
      } catch {
        throw fail("BAD_REQUEST", "metadata must be a JSON string");
      }
      const parsed = paymentMetadataSchema.safeParse(metadata);
      if (!parsed.success)
        throw fail("BAD_REQUEST", parsed.error.issues[0]?.message ?? "metadata is not valid");
      if (parsed.data.userId && parsed.data.userId !== userId)
        throw fail("FORBIDDEN", "This payment names another user");

      // A retried create answers the same record; someone else's id is refused.
      const existing = await ownRecord(userId, input.paymentId);
      if (existing) return toDto(existing);
      // Recorded only once Pi's own record names the caller: a payment id is no secret, and whoever
      // recorded it first would otherwise own it and block its real payer.
      const payment = await fetchPi(input.paymentId);
      if (payment.user_uid !== userId) throw fail("FORBIDDEN", "This payment belongs to another user");
      await recordOnce({
        paymentId: input.paymentId,
        userId,
        amount: PREMIUM_AMOUNT_TEXT,
        metadata: input.metadata ?? null,
      });
      // Ours, or (created at the same moment) a retried create's; someone else's id is refused.
      return toDto(must(await ownRecord(userId, input.paymentId), PAYMENT_RECORDED));
    },

    async approve(userId, paymentId) {
      let row = await ownRecord(userId, paymentId);
      if (!row)
        row = await recordFromPi(
          userId,
          await fetchPi(paymentId).then((p) => (checkAgainstPi(p, userId), p)),
        );
      if (row.status === "approved" || row.status === "pending" || row.status === "completed")
        return toDto(row);
      if (row.status === "cancelled" || row.status === "failed")
        throw fail("CONFLICT", `This payment is ${row.status}`);
      return toDto(await approveWithPi(row, userId));
    },

    async complete(userId, paymentId, txid) {
      const row = await ownRecord(userId, paymentId);
      if (!row) throw fail("NOT_FOUND", "Payment not found");
      if (row.status === "completed") {
        if (row.txid !== txid)
          throw fail("BAD_REQUEST", "The txid does not match this payment's transaction");
        return completion(userId, paymentId);
      }
      if (!SETTLING.includes(row.status)) throw fail("CONFLICT", `This payment is ${row.status}`);
      const payment = await fetchPi(paymentId);
      const product = checkAgainstPi(payment, userId);
      // Pi is the judge of approval: our own 'approved' may be missing after a crash mid-approve.
      if (!payment.status.developer_approved)
        throw fail("CONFLICT", "This payment has not been approved yet");
      await setStatus(paymentId, "approved", ["created"]);
      await completeVerified(row, payment, txid, product);
      return completion(userId, paymentId);
    },

    async resolveIncomplete(userId, paymentId) {
      const payment = await fetchPi(paymentId);
      if (payment.user_uid !== userId) throw fail("FORBIDDEN", "This payment belongs to another user");
      const row = (await ownRecord(userId, paymentId)) ?? (await recordFromPi(userId, payment));
      if (row.status === "completed") return toDto(row);
      if (payment.status.cancelled || payment.status.user_cancelled) {
        await setStatus(paymentId, "cancelled", SETTLING);
        return toDto(must(await ownRecord(userId, paymentId), PAYMENT_RECORDED));
      }
      if (!payment.transaction) {
        // Never paid: cancel it so the wallet can start a new one.
        try {
          await pi.cancelPayment(paymentId);
        } catch (error) {
          throw upstream(error);
        }
        await setStatus(paymentId, "cancelled", ["created", "approved"]);
        return toDto(must(await ownRecord(userId, paymentId), PAYMENT_RECORDED));
      }
      const product = checkAgainstPi(payment, userId);
      if (row.status === "created") await setStatus(paymentId, "approved", ["created"]);
      await completeVerified(row, payment, payment.transaction.txid, product);
      return toDto(must(await ownRecord(userId, paymentId), PAYMENT_RECORDED));
    },

    async reconcile({ olderThanSeconds = 60, limit = 100 } = {}) {
      const rows = await payments
        .createQueryBuilder("p")
        .where("p.status IN ('approved', 'pending')")
        .andWhere("p.updated_at < now() - make_interval(secs => :olderThanSeconds)", { olderThanSeconds })
        .orderBy("p.updatedAt")
        .limit(limit)
        .getMany();
      let completed = 0;
      let cancelled = 0;
      for (const row of rows) {
        try {
          const payment = await pi.getPayment(row.paymentId);
          if (payment.status.cancelled || payment.status.user_cancelled) {
            await setStatus(row.paymentId, "cancelled", ["approved", "pending"]);
            cancelled++;
          } else if (payment.transaction?.verified) {
            const product = checkAgainstPi(payment, row.userId);
            if (await completeVerified(row, payment, payment.transaction.txid, product)) completed++;
          }
        } catch {
          // Left 'approved' or 'pending': the next run tries again.
        }
      }
      return { checked: rows.length, completed, cancelled };
    },
  };
}
