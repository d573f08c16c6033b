// SPEC.md section 4's payment flow, as a pure state machine plus the runner that wires the Pi SDK's
// callbacks to the API (DESIGN.md "Premium and Pi payments": the server records, verifies, approves,
// completes and activates; the browser only relays). Tested in payment-flow.test.ts.
//
//   disconnected -connect-> connecting -connected-> connected -pay-> creating
//   creating -readyForApproval-> approving -approved-> awaitingWallet
//   awaitingWallet -readyForCompletion-> completing -completed-> succeeded
//   completing -awaitingBlockchain-> confirming: paid, premium starts once Pi verifies the transaction
//   cancel, errors and failed approval or activation return to connected: the person may retry.
import type { ToastOptions } from "../../lib/toast";
import type { PiPaymentCallbacks, PiPaymentData, PiSdk } from "../../lib/pi-sdk";
import { PREMIUM_AMOUNT_TEXT, PREMIUM_MEMO, PREMIUM_PRICE } from "@purplebeats/contracts/constants";
import { paymentMetadata } from "./premium-rules";
import { translatedToasts } from "./translated-toasts";
import { forgetUnsettledPayment, rememberUnsettledPayment } from "./unsettled-payment";

export type PaymentPhase =
  | "disconnected"
  | "connecting"
  | "connected"
  | "creating"
  | "approving"
  | "awaitingWallet"
  | "completing"
  | "confirming"
  | "succeeded";

export interface PaymentState {
  phase: PaymentPhase;
  paymentId: string | null;
  txid: string | null;
  /** How the last attempt ended, when it did not succeed. */
  outcome: "cancelled" | "failed" | null;
}

export type PaymentEvent =
  | { type: "connect" }
  | { type: "connected" }
  | { type: "connectFailed" }
  | { type: "disconnected" }
  | { type: "pay" }
  | { type: "readyForApproval"; paymentId: string }
  | { type: "approved" }
  | { type: "approvalFailed" }
  | { type: "readyForCompletion"; paymentId: string; txid: string }
  | { type: "completed" }
  | { type: "awaitingBlockchain" }
  | { type: "completionFailed" }
  | { type: "cancelled" }
  | { type: "failed" };

/** A payment is under way: the SDK or the server has it. */
export const IN_FLIGHT: ReadonlySet<PaymentPhase> = new Set([
  "creating",
  "approving",
  "awaitingWallet",
  "completing",
]);

export const initialPaymentState = (walletConnected: boolean): PaymentState => ({
  phase: walletConnected ? "connected" : "disconnected",
  paymentId: null,
  txid: null,
  outcome: null,
});

const backToConnected = (state: PaymentState, outcome: PaymentState["outcome"]): PaymentState => ({
  ...state,
  phase: "connected",
  outcome,
});

export function paymentReducer(state: PaymentState, event: PaymentEvent): PaymentState {
  const { phase } = state;
  switch (event.type) {
    case "connect":
      return phase === "disconnected" ? { ...state, phase: "connecting", outcome: null } : state;
    case "connected":
      return phase === "disconnected" || phase === "connecting" ? { ...state, phase: "connected" } : state;
    case "connectFailed":
      return phase === "connecting" ? { ...state, phase: "disconnected" } : state;
    case "disconnected":
      return IN_FLIGHT.has(phase) ? state : initialPaymentState(false);
    case "pay":
      return phase === "connected" || phase === "succeeded"
        ? { phase: "creating", paymentId: null, txid: null, outcome: null }
        : state;
    case "readyForApproval":
      return phase === "creating" ? { ...state, phase: "approving", paymentId: event.paymentId } : state;
    case "approved":
      return phase === "approving" ? { ...state, phase: "awaitingWallet" } : state;
    case "approvalFailed":
      return phase === "approving" ? backToConnected(state, "failed") : state;
    case "readyForCompletion":
      // The wallet only sends after approval; accept it straight from approving too (the response may race).
      return phase === "awaitingWallet" || phase === "approving"
        ? { ...state, phase: "completing", paymentId: event.paymentId, txid: event.txid }
        : state;
    case "completed":
      return phase === "completing" ? { ...state, phase: "succeeded", outcome: null } : state;
    case "awaitingBlockchain":
      return phase === "completing" ? { ...state, phase: "confirming", outcome: null } : state;
    case "completionFailed":
      return phase === "completing" ? backToConnected(state, "failed") : state;
    case "cancelled":
      return IN_FLIGHT.has(phase) ? backToConnected(state, "cancelled") : state;
    case "failed":
      return IN_FLIGHT.has(phase) ? backToConnected(state, "failed") : state;
  }
}

export const PAYMENT_TOASTS = translatedToasts({
  approved: { title: "payment.approvedTitle", message: "payment.approved" },
  approvalFailed: {
    title: "payment.approvalFailedTitle",
    message: "payment.approvalFailed",
    variant: "destructive",
  },
  succeeded: { title: "payment.succeededTitle", message: "payment.succeeded" },
  awaitingBlockchain: { title: "payment.receivedTitle", message: "payment.received" },
  activationFailed: {
    title: "payment.errorTitle",
    message: "payment.activationFailed",
    variant: "destructive",
  },
  cancelled: { title: "payment.cancelledTitle", message: "payment.cancelled" },
  error: { title: "payment.errorTitle", message: "payment.error", variant: "destructive" },
  createFailed: { title: "payment.failedTitle", message: "payment.failed", variant: "destructive" },
});

/** payments.create's input: SPEC.md section 7's payload. */
export interface PaymentRecordInput {
  paymentId: string;
  userId: string;
  amount: string;
  status: "created";
  metadata: string;
}

/** What is bought when it is not premium (a tip): the wallet's payment, its amount and its own toasts. */
export interface Purchase {
  data: PiPaymentData;
  amount: string;
  succeeded: ToastOptions;
  awaitingBlockchain: ToastOptions;
}

export interface PaymentDeps {
  pi: Pick<PiSdk, "createPayment">;
  userId: string;
  /** Premium when absent. */
  purchase?: Purchase;
  createRecord(input: PaymentRecordInput): Promise<unknown>;
  approve(paymentId: string): Promise<unknown>;
  /** 'pending' when Pi has not verified the transaction yet: the server grants premium once it has. */
  complete(paymentId: string, txid: string): Promise<{ status: string }>;
  /** Reads the membership again once the server has activated it. */
  refetchMembership(): Promise<unknown>;
  toast(options: ToastOptions): void;
  dispatch(event: PaymentEvent): void;
}

/** What the wallet is asked to pay: 3.14 π, the memo, and SPEC.md section 7's metadata. */
export function paymentData(userId: string): PiPaymentData {
  return { amount: PREMIUM_PRICE, memo: PREMIUM_MEMO, metadata: paymentMetadata(userId) };
}

/** Starts a payment with the SDK; every later step arrives through the callbacks. */
export function startPayment(deps: PaymentDeps): void {
  const { pi, userId, toast, dispatch, purchase } = deps;
  const data = purchase?.data ?? paymentData(userId);
  // Once this attempt has ended (failed, cancelled, errored), what the SDK or a slow response says later is
  // stale: the SDK's own approval timeout fires onError a minute after a failed approval, and an approval
  // answered after a cancel would say 'Payment Approved' about a payment that is over.
  let ended = false;
  let paymentId: string | null = null;
  const end = (event: PaymentEvent, message: ToastOptions) => {
    if (ended) return;
    ended = true;
    dispatch(event);
    toast(message);
    // Pi has this payment: the server's reconciliation may still complete it (unsettled-payment.ts).
    if (paymentId && event.type !== "cancelled") rememberUnsettledPayment(paymentId, userId);
  };
  const callbacks: PiPaymentCallbacks = {
    async onReadyForServerApproval(id) {
      if (ended) return;
      paymentId = id;
      dispatch({ type: "readyForApproval", paymentId: id });
      try {
        await deps.createRecord({
          paymentId: id,
          userId,
          amount: purchase?.amount ?? PREMIUM_AMOUNT_TEXT,
          status: "created",
          metadata: JSON.stringify(data.metadata),
        });
        await deps.approve(id);
      } catch (error) {
        console.error("Payment approval failed", error);
        end({ type: "approvalFailed" }, PAYMENT_TOASTS.approvalFailed);
        return;
      }
      if (ended) return;
      dispatch({ type: "approved" });
      toast(PAYMENT_TOASTS.approved);
    },
    async onReadyForServerCompletion(id, txid) {
      paymentId = id;
      dispatch({ type: "readyForCompletion", paymentId: id, txid });
      let status: string;
      try {
        ({ status } = await deps.complete(id, txid));
      } catch (error) {
        console.error("Payment completion failed", error);
        end({ type: "completionFailed" }, PAYMENT_TOASTS.activationFailed);
        return;
      }
      if (status === "pending") {
        // Paid, not verified yet: remembered, so the next visit announces premium once reconciliation grants it.
        ended = true;
        rememberUnsettledPayment(id, userId);
        dispatch({ type: "awaitingBlockchain" });
        toast(purchase?.awaitingBlockchain ?? PAYMENT_TOASTS.awaitingBlockchain);
        return;
      }
      await deps
        .refetchMembership()
        .catch((error: unknown) => console.error("Membership refetch failed", error));
      // Success is news whatever was said before: the listener paid and is premium now.
      ended = true;
      forgetUnsettledPayment();
      dispatch({ type: "completed" });
      toast(purchase?.succeeded ?? PAYMENT_TOASTS.succeeded);
    },
    onCancel() {
      end({ type: "cancelled" }, PAYMENT_TOASTS.cancelled);
    },
    onError(error) {
      console.error("Payment error", error);
      end({ type: "failed" }, PAYMENT_TOASTS.error);
    },
  };

  const createFailed = (error: unknown) => {
    console.error("Payment could not start", error);
    end({ type: "failed" }, PAYMENT_TOASTS.createFailed);
  };
  dispatch({ type: "pay" });
  try {
    const started: unknown = pi.createPayment(data, callbacks);
    if (started && typeof (started as Promise<unknown>).then === "function") {
      (started as Promise<unknown>).then(undefined, createFailed);
    }
  } catch (error) {
    createFailed(error);
  }
}
