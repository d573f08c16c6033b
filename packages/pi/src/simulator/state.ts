// The simulator's in-memory Pi Platform: users with access tokens, and U2A payments moving
// through Pi's status flags. HTTP-free, so rules are readable in one place and tests or the API
// server can drive it directly.
import { z } from "zod";
import { SimulatedAdNetwork } from "./ads.js";
import {
  PI_NOTIFICATIONS_PER_CALL,
  piNotificationSchema,
  type PiNotifyResult,
  type PiPaymentDTO,
  type PiUserDTO,
} from "../schemas.js";
import { FaultQueue } from "./faults.js";
import { SIMULATOR_APP_WALLET_SEED } from "../stellar.js";
import { Keypair, Memo, TransactionBuilder, type Transaction } from "@stellar/stellar-base";
import { createHash } from "node:crypto";
import { newAccessToken, newPaymentId, newTxid, uidForUsername, walletAddressFor } from "./ids.js";

/** A failure the simulator answers with `status` and Pi's `{ error, error_message }` body. */
export class SimulatorError extends Error {
  override readonly name = "SimulatorError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Sent along when the problem is about an existing payment (the SDK hands it to the app). */
    readonly payment?: PiPaymentDTO,
  ) {
    super(message);
  }
}

export const simulatedUserRequestSchema = z.object({
  username: z.string().trim().min(1).max(64),
  uid: z.string().trim().min(1).max(128).optional(),
});

/** What `Pi.createPayment(paymentData, ...)` sends. */
export const paymentDataSchema = z.object({
  amount: z.coerce.number().positive().finite(),
  memo: z.string().max(1000).default(""),
  metadata: z.record(z.string(), z.unknown()).default({}),
});

/** What the wallet's submit may say: whether the blockchain has confirmed the transaction yet. */
export const transactionRequestSchema = z.object({ verified: z.boolean().optional() });

export type SimulatedUserRequest = z.input<typeof simulatedUserRequestSchema>;
export type PaymentData = z.input<typeof paymentDataSchema>;

export interface SimulatedUser {
  uid: string;
  username: string;
}

export interface SimulatedAuthResult {
  accessToken: string;
  user: SimulatedUser;
}

export interface PiSimulatorStateOptions {
  /** Clock for created_at and token expiry; injectable for deterministic tests. */
  now?: () => Date;
  network?: "Pi Network" | "Pi Testnet";
  /** The app wallet's public key ('G...'): the only account whose signed payments Horizon accepts. */
  appWalletPublicKey?: string;
}

/** A user's wallet on the simulated chain: a valid Stellar key, the same for the same uid. */
export const userWalletFor = (uid: string) =>
  Keypair.fromRawEd25519Seed(
    createHash("sha256").update(`pi-simulator-user-wallet:${uid}`).digest(),
  ).publicKey();

export const a2uRequestSchema = z.object({
  payment: z.object({
    amount: z.number().positive().finite(),
    memo: z.string().max(1000),
    metadata: z.record(z.string(), z.unknown()),
    uid: z.string().min(1),
  }),
});

/** A transfer the simulated chain carried: what tests count to prove a payout was paid once. */
export interface SimulatedTransfer {
  paymentId: string;
  to: string;
  amount: string;
  txid: string;
}

/** Pi's documented quota: a user receives at most 48 notifications from one app in 24 hours. */
export const NOTIFICATIONS_PER_USER_PER_DAY = 48;
const DAY_MS = 24 * 60 * 60 * 1000;

export const notifyBodySchema = z.object({
  notifications: z.array(piNotificationSchema.extend({ subroute: z.string().startsWith("/") })).min(1),
});

export type DeliveredNotification = PiNotifyResult["delivered_notifications"][number] & { sent_at: string };

const ACCESS_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
const APP_WALLET_ADDRESS = walletAddressFor("purplebeats-app");
// '.invalid' can never resolve: the txids are made up and must not look like real chain links.
const BLOCKCHAIN_LINK_BASE = "https://blockchain.pi-simulator.invalid/transactions/";

export class PiSimulatorState {
  readonly faults = new FaultQueue();
  /** Pi's Ad Network: the SDK's ads and the rewarded ads' status. */
  readonly ads: SimulatedAdNetwork;
  private readonly now: () => Date;
  private readonly network: string;
  private readonly users = new Map<string, SimulatedUser>();
  private readonly tokens = new Map<string, { uid: string; expiresAt: Date }>();
  private readonly payments = new Map<string, PiPaymentDTO>();
  private readonly notifications: DeliveredNotification[] = [];
  private readonly appWallet: string;
  private appSequence = 1_000_000n;
  readonly transfers: SimulatedTransfer[] = [];

  constructor(options: PiSimulatorStateOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.network = options.network ?? "Pi Testnet";
    this.appWallet = options.appWalletPublicKey ?? Keypair.fromSecret(SIMULATOR_APP_WALLET_SEED).publicKey();
    this.ads = new SimulatedAdNetwork(this.now);
  }

  reset(): void {
    this.users.clear();
    this.tokens.clear();
    this.payments.clear();
    this.notifications.length = 0;
    this.transfers.length = 0;
    this.faults.clear();
    this.ads.reset();
  }

  // --- users -------------------------------------------------------------------------------

  /** Signs a user in (creating them on first use) and issues a fresh access token. */
  authenticate(request: SimulatedUserRequest): SimulatedAuthResult {
    const { username, uid = uidForUsername(username) } = simulatedUserRequestSchema.parse(request);
    const user = { uid, username };
    this.users.set(uid, user);
    const accessToken = newAccessToken();
    this.tokens.set(accessToken, {
      uid,
      expiresAt: new Date(this.now().getTime() + ACCESS_TOKEN_LIFETIME_MS),
    });
    return { accessToken, user: { ...user } };
  }

  /** `GET /v2/me`: 401 for a token Pi never issued (or one that expired). */
  me(accessToken: string): PiUserDTO {
    const { user, expiresAt } = this.userForToken(accessToken);
    return {
      uid: user.uid,
      username: user.username,
      credentials: {
        scopes: ["username", "payments", "in_app_notifications"],
        valid_until: { timestamp: Math.floor(expiresAt.getTime() / 1000), iso8601: expiresAt.toISOString() },
      },
    };
  }

  // --- payments as the SDK and wallet drive them -------------------------------------------

  /**
   * `Pi.createPayment`: like Pi, an open payment without a transaction is cancelled, and one with
   * a transaction the app has not completed blocks the new payment (409, carrying that payment).
   */
  createPayment(accessToken: string, data: PaymentData): PiPaymentDTO {
    const { user } = this.userForToken(accessToken);
    const { amount, memo, metadata } = paymentDataSchema.parse(data);

    const blocking = this.findIncomplete(user.uid);
    if (blocking) {
      throw new SimulatorError(
        409,
        "incomplete_payment_found",
        "The user has a payment with a transaction that the app has not completed",
        structuredClone(blocking),
      );
    }
    for (const open of this.payments.values()) {
      if (open.user_uid === user.uid && isOpen(open) && !open.transaction) open.status.cancelled = true;
    }

    const payment: PiPaymentDTO = {
      identifier: newPaymentId(),
      user_uid: user.uid,
      amount,
      memo,
      metadata,
      from_address: walletAddressFor(user.uid),
      to_address: APP_WALLET_ADDRESS,
      direction: "user_to_app",
      created_at: this.now().toISOString(),
      network: this.network,
      status: {
        developer_approved: false,
        transaction_verified: false,
        developer_completed: false,
        cancelled: false,
        user_cancelled: false,
      },
      transaction: null,
    };
    this.payments.set(payment.identifier, payment);
    return structuredClone(payment);
  }

  /**
   * The wallet signs and submits the blockchain transaction; only after server approval. With
   * `verified: false` the blockchain has not confirmed it yet (see verifyTransaction), as on a slow chain.
   */
  submitTransaction(paymentId: string, { verified = true }: { verified?: boolean } = {}): { txid: string } {
    const payment = this.find(paymentId);
    if (payment.transaction) return { txid: payment.transaction.txid };
    refuseIfCancelled(payment);
    if (!payment.status.developer_approved) {
      throw new SimulatorError(400, "payment_not_approved", "The app has not approved this payment yet");
    }
    const txid = newTxid();
    payment.transaction = { txid, verified, _link: `${BLOCKCHAIN_LINK_BASE}${txid}` };
    payment.status.transaction_verified = verified;
    return { txid };
  }

  /** The blockchain confirms a transaction submitted unverified. */
  verifyTransaction(paymentId: string): PiPaymentDTO {
    const payment = this.find(paymentId);
    if (!payment.transaction) {
      throw new SimulatorError(400, "transaction_not_found", "The payment has no blockchain transaction yet");
    }
    payment.transaction.verified = true;
    payment.status.transaction_verified = true;
    return structuredClone(payment);
  }

  /** The user rejects the payment in the wallet. */
  userCancelPayment(paymentId: string): PiPaymentDTO {
    const payment = this.find(paymentId);
    if (!payment.status.user_cancelled) {
      refuseIfPaid(payment);
      payment.status.user_cancelled = true;
    }
    return structuredClone(payment);
  }

  /** What the SDK reports to `onIncompletePaymentFound`: paid on chain, not completed by the app. */
  incompletePaymentOf(uid: string): PiPaymentDTO | null {
    const payment = this.findIncomplete(uid);
    return payment ? structuredClone(payment) : null;
  }

  // --- payments as the app's server drives them (Server API Key) ---------------------------

  getPayment(paymentId: string): PiPaymentDTO {
    return structuredClone(this.find(paymentId));
  }

  /** Approving twice is harmless, as on Pi. */
  approvePayment(paymentId: string): PiPaymentDTO {
    const payment = this.find(paymentId);
    if (!payment.status.developer_approved) {
      refuseIfCancelled(payment);
      payment.status.developer_approved = true;
    }
    return structuredClone(payment);
  }

  /** Completing proves the app saw the txid; repeating it with the same txid returns the payment. */
  completePayment(paymentId: string, txid: string): PiPaymentDTO {
    const payment = this.find(paymentId);
    if (!payment.transaction) {
      throw new SimulatorError(400, "transaction_not_found", "The payment has no blockchain transaction yet");
    }
    if (payment.transaction.txid !== txid) {
      throw new SimulatorError(400, "txid_mismatch", "The txid is not this payment's transaction");
    }
    if (!payment.status.developer_completed) {
      refuseIfCancelled(payment);
      payment.status.developer_completed = true;
    }
    return structuredClone(payment);
  }

  cancelPayment(paymentId: string): PiPaymentDTO {
    const payment = this.find(paymentId);
    if (!payment.status.cancelled) {
      refuseIfPaid(payment);
      payment.status.cancelled = true;
    }
    return structuredClone(payment);
  }

  // --- A2U: the app pays a user from its wallet ---------------------------------------------

  /**
   * `POST /v2/payments`: Pi approves an app-to-user payment as it creates it; like Pi, a user with an A2U
   * payment still open cannot be paid again until the app completes or cancels it.
   */
  createServerPayment(body: unknown): PiPaymentDTO {
    const parsed = a2uRequestSchema.safeParse(body);
    if (!parsed.success)
      throw new SimulatorError(
        400,
        "invalid_request",
        "The body must be { payment: { amount, memo, metadata, uid } }",
      );
    const { amount, memo, metadata, uid } = parsed.data.payment;
    if (!this.users.has(uid))
      throw new SimulatorError(404, "user_not_found", "No user of this app has this uid");
    const ongoing = [...this.payments.values()].find(
      (p) => p.direction === "app_to_user" && p.user_uid === uid && isOpen(p),
    );
    if (ongoing)
      throw new SimulatorError(
        400,
        "ongoing_payment_found",
        "The user has an A2U payment the app has not finished",
        structuredClone(ongoing),
      );
    const payment: PiPaymentDTO = {
      identifier: newPaymentId(),
      user_uid: uid,
      amount,
      memo,
      metadata,
      from_address: this.appWallet,
      to_address: userWalletFor(uid),
      direction: "app_to_user",
      created_at: this.now().toISOString(),
      network: this.network,
      status: {
        developer_approved: true,
        transaction_verified: false,
        developer_completed: false,
        cancelled: false,
        user_cancelled: false,
      },
      transaction: null,
    };
    this.payments.set(payment.identifier, payment);
    return structuredClone(payment);
  }

  /** Horizon's `GET /accounts/{id}`: the app wallet's sequence number (other accounts are unknown here). */
  horizonAccount(accountId: string): { id: string; sequence: string } {
    if (accountId !== this.appWallet) throw new SimulatorError(404, "not_found", "Resource Missing");
    return { id: accountId, sequence: this.appSequence.toString() };
  }

  /**
   * Horizon's `POST /transactions`: accepted only when signed by the app wallet, with the next sequence
   * number, its memo an open A2U payment's id, and one native payment of that payment's amount to its user.
   * The chain confirms it at once (the payment's transaction is verified).
   */
  submitStellarTransaction(xdr: unknown): { hash: string } {
    if (typeof xdr !== "string" || xdr === "")
      throw new SimulatorError(400, "transaction_malformed", "tx is required");
    let tx: Transaction;
    try {
      const parsed = TransactionBuilder.fromXDR(xdr, this.network);
      if (!("source" in parsed)) throw new Error("fee bump");
      tx = parsed;
    } catch {
      throw new SimulatorError(
        400,
        "transaction_malformed",
        "The transaction is not valid XDR for this network",
      );
    }
    const source = Keypair.fromPublicKey(this.appWallet);
    const signed = tx.signatures.some((s) => source.verify(tx.hash(), s.signature()));
    if (tx.source !== this.appWallet || !signed)
      throw new SimulatorError(400, "tx_bad_auth", "The transaction is not signed by the app wallet");
    if (BigInt(tx.sequence) !== this.appSequence + 1n)
      throw new SimulatorError(400, "tx_bad_seq", "The sequence number is not the account's next one");
    const memo = tx.memo.type === "text" ? Memo.fromXDRObject(tx.memo.toXDRObject()).value : null;
    const payment =
      typeof memo === "string" || Buffer.isBuffer(memo) ? this.payments.get(String(memo)) : undefined;
    if (!payment || payment.direction !== "app_to_user")
      throw new SimulatorError(400, "tx_bad_memo", "The memo is not an A2U payment's identifier");
    if (payment.transaction || !isOpen(payment))
      throw new SimulatorError(400, "tx_already_paid", "This payment already has a transaction");
    const [op] = tx.operations;
    if (tx.operations.length !== 1 || !op || op.type !== "payment" || !op.asset.isNative())
      throw new SimulatorError(400, "tx_bad_operation", "One native payment is expected");
    if (op.destination !== payment.to_address || Number(op.amount) !== payment.amount)
      throw new SimulatorError(400, "tx_bad_operation", "The destination or amount is not the payment's");
    this.appSequence += 1n;
    const txid = tx.hash().toString("hex");
    payment.transaction = { txid, verified: true, _link: `${BLOCKCHAIN_LINK_BASE}${txid}` };
    payment.status.transaction_verified = true;
    this.transfers.push({ paymentId: payment.identifier, to: op.destination, amount: op.amount, txid });
    return { hash: txid };
  }

  /** Pi lists only A2U payments here: those the app has not completed or cancelled. */
  incompleteServerPayments(): PiPaymentDTO[] {
    return [...this.payments.values()]
      .filter((payment) => payment.direction === "app_to_user" && isOpen(payment))
      .map((payment) => structuredClone(payment));
  }

  /** Whether an access token is one Pi issued and still valid (the SDK's "authenticated user"). */
  isSignedIn(accessToken: string | undefined): boolean {
    if (!accessToken) return false;
    try {
      this.userForToken(accessToken);
      return true;
    } catch {
      return false;
    }
  }

  // --- in-app notifications ----------------------------------------------------------------

  /**
   * `POST /v2/in_app_notifications/notify`: 400 past 256 a call, 422 for a malformed one, 403 when a user
   * would pass the daily quota (nothing is delivered then). Users the simulator never signed in (guests:
   * Pi does not know them) are left out of `delivered_notifications`, as Pi leaves out users without consent.
   */
  notify(body: unknown): PiNotifyResult {
    const list = (body as { notifications?: unknown } | null)?.notifications;
    if (Array.isArray(list) && list.length > PI_NOTIFICATIONS_PER_CALL)
      throw new SimulatorError(
        400,
        "bad_request",
        `Maximum ${PI_NOTIFICATIONS_PER_CALL} notifications allowed per request`,
      );
    const parsed = notifyBodySchema.safeParse(body);
    if (!parsed.success)
      throw new SimulatorError(422, "unprocessable_entity", "Missing or invalid notification parameters");
    const now = this.now();
    const deliverable = parsed.data.notifications.filter((n) => this.users.has(n.user_uid));
    const over = [...new Set(deliverable.map((n) => n.user_uid))].filter(
      (uid) =>
        this.notificationsOf(uid, now).length + deliverable.filter((n) => n.user_uid === uid).length >
        NOTIFICATIONS_PER_USER_PER_DAY,
    );
    if (over.length > 0)
      throw new SimulatorError(403, "forbidden", `Notification quota exceeded for users: ${over.join(", ")}`);
    const delivered = deliverable.map((n) => ({
      ...n,
      id: newPaymentId(),
      seen_at: null,
      dismissed_at: null,
      sent_at: now.toISOString(),
    }));
    this.notifications.push(...delivered);
    return { success: true, delivered_notifications: delivered.map(({ sent_at: _sentAt, ...n }) => n) };
  }

  /** What a user received in the last 24 hours, oldest first (the Pi app's Notification Center). */
  notificationsOf(uid: string, now = this.now()): DeliveredNotification[] {
    return this.notifications.filter(
      (n) => n.user_uid === uid && now.getTime() - Date.parse(n.sent_at) < DAY_MS,
    );
  }

  // --- helpers -----------------------------------------------------------------------------

  private userForToken(accessToken: string): { user: SimulatedUser; expiresAt: Date } {
    const token = this.tokens.get(accessToken);
    const user = token && this.users.get(token.uid);
    if (!token || !user || token.expiresAt <= this.now()) {
      throw new SimulatorError(401, "unauthorized", "The access token is invalid or has expired");
    }
    return { user, expiresAt: token.expiresAt };
  }

  private find(paymentId: string): PiPaymentDTO {
    const payment = this.payments.get(paymentId);
    if (!payment) throw new SimulatorError(404, "payment_not_found", "No payment with this identifier");
    return payment;
  }

  private findIncomplete(uid: string): PiPaymentDTO | undefined {
    for (const payment of this.payments.values()) {
      if (payment.user_uid === uid && isOpen(payment) && payment.transaction) return payment;
    }
    return undefined;
  }
}

function isOpen(payment: PiPaymentDTO): boolean {
  const { status } = payment;
  return !status.developer_completed && !status.cancelled && !status.user_cancelled;
}

function refuseIfCancelled(payment: PiPaymentDTO): void {
  if (payment.status.cancelled || payment.status.user_cancelled) {
    throw new SimulatorError(400, "payment_cancelled", "The payment was cancelled");
  }
}

/** Once the user's Pi moved on chain, the payment can only be completed, not cancelled. */
function refuseIfPaid(payment: PiPaymentDTO): void {
  if (payment.status.developer_completed) {
    throw new SimulatorError(400, "payment_already_completed", "The payment is already completed");
  }
  if (payment.transaction) {
    throw new SimulatorError(
      400,
      "transaction_already_submitted",
      "The payment's transaction is already submitted",
    );
  }
}
