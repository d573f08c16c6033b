// A payment the app reported as failed can still go through: the server's reconciliation finishes it with
// Pi later (cli/reconcile-payments, and at the next sign-in). The device remembers such a payment, so that
// the listener's next visit can say that their premium is now active rather than leave them wondering.
import { toastOf } from "./translated-toasts";

const KEY = "pb.unsettled-payment";
/** After this long a payment still not settled is forgotten: Pi has cancelled it by then. */
export const UNSETTLED_PAYMENT_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** What the next visit says once such a payment went through. */
export const premiumNowActiveToast = () =>
  toastOf({ title: "payment.nowActiveTitle", message: "payment.nowActive" });

interface UnsettledPayment {
  paymentId: string;
  userId: string;
  at: number;
}

function read(): UnsettledPayment | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (value && typeof value === "object" && "paymentId" in value && "userId" in value && "at" in value)
      return value as UnsettledPayment;
  } catch {
    // Unreadable or blocked storage: nothing to tell.
  }
  return null;
}

function forget() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Blocked storage: nothing was kept either.
  }
}

/** The attempt ended in a failure after Pi had the payment: it may still be completed later. */
export function rememberUnsettledPayment(paymentId: string, userId: string, now = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ paymentId, userId, at: now } satisfies UnsettledPayment));
  } catch {
    // Blocked storage: the listener will see their membership on the Premium page anyway.
  }
}

/** A payment succeeded in the app: nothing is left to announce. */
export const forgetUnsettledPayment = forget;

/**
 * Once the membership of `userId` is known: true (once) when a payment this device reported as failed
 * has since made that listener premium. A stale record is dropped.
 */
export function settledSinceLastVisit(userId: string, premium: boolean, now = Date.now()): boolean {
  const unsettled = read();
  if (!unsettled || unsettled.userId !== userId) return false;
  if (premium) {
    forget();
    return true;
  }
  if (now - unsettled.at > UNSETTLED_PAYMENT_KEPT_MS) forget();
  return false;
}
