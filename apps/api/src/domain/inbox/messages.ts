// What each event says in a listener's inbox (and in Pi's copy), and its dedupe key: the key names the
// event, so the same event never notifies the same listener twice, whoever retries it.
import { PREMIUM_AMOUNT_TEXT } from "@purplebeats/contracts";
import type { NewNotification } from "../../data/notifications.js";

export function newFollower(
  userId: string,
  follower: { id: string; name: string; handle: string },
): NewNotification {
  return {
    userId,
    kind: "new_follower",
    title: "New follower",
    body: `${follower.name} (@${follower.handle}) started following you`,
    link: `/user/${follower.handle}`,
    // Once per follower: unfollowing and following again does not notify again.
    dedupeKey: `follower:${follower.id}`,
  };
}

export function paymentReceipt(userId: string, payment: { paymentId: string; amount: string; txid: string }) {
  return {
    userId,
    kind: "payment_receipt",
    title: "Payment received",
    body: `Thank you! ${payment.amount} π for one month of Premium. Transaction ${payment.txid}.`,
    link: "/premium",
    dedupeKey: `payment:${payment.paymentId}`,
  } satisfies NewNotification;
}

/** A π amount as the wallet shows it: up to Pi's 7 decimals, no trailing zeros ('2.826'). */
const piText = (units: number) => String(units / 1e7);
/** Pi's smallest unit is 10^-7 π; the ledger keeps amounts in it (numeric(20,7)). */
const toUnits = (amount: string) => Math.round(Number(amount) * 1e7);

/** The tipper's receipt: the same kind as a membership's, so it sits with their other payments. */
export function tipReceipt(
  userId: string,
  tip: { paymentId: string; amount: string; txid: string; artistName: string },
): NewNotification {
  return {
    userId,
    kind: "payment_receipt",
    title: "Payment received",
    body: `Thank you! ${piText(toUnits(tip.amount))} π tip to ${tip.artistName}. Transaction ${tip.txid}.`,
    link: null,
    dedupeKey: `payment:${tip.paymentId}`,
  };
}

/** Each manager of the tipped artist hears of it, with what reached the balance (the ledger's own rounding). */
export function tipReceived(
  userId: string,
  tip: { paymentId: string; amount: string; artistName: string; feePercent: number },
): NewNotification {
  const units = toUnits(tip.amount);
  const net = units - Math.round((units * tip.feePercent) / 100);
  return {
    userId,
    kind: "tip_received",
    title: `A tip for ${tip.artistName}`,
    body: `${piText(net)} π after the platform's fee (${piText(units)} π tipped).`,
    link: null,
    dedupeKey: `tip:${tip.paymentId}`,
  };
}

const dayText = (at: Date) =>
  at.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** Once per membership period: the period is named by its expiry, which a renewal moves. */
export function membershipExpiring(userId: string, expiresAt: Date): NewNotification {
  return {
    userId,
    kind: "membership_expiring",
    title: "Your Premium membership ends soon",
    body: `Premium ends on ${dayText(expiresAt)}. Renew for ${PREMIUM_AMOUNT_TEXT} π to keep it.`,
    link: "/premium",
    dedupeKey: `expiring:${expiresAt.toISOString()}`,
  };
}

export function supportAnswer(
  userId: string,
  request: { id: string; subject: string },
  answer: string,
  answeredAt: string,
): NewNotification {
  return {
    userId,
    kind: "support_answer",
    title: `Support answered: ${request.subject}`,
    // The answer is the notification itself: it opens nothing else (Pi's copy opens the inbox).
    body: answer,
    link: null,
    // Each answer notifies (an admin may answer again), each once.
    dedupeKey: `support:${request.id}:${answeredAt}`,
  };
}

/** One per follower and release: a release is an album, or a song without one. */
export function newRelease(
  userId: string,
  release: { key: string; artistName: string; title: string; link: string },
): NewNotification {
  return {
    userId,
    kind: "new_release",
    title: `New from ${release.artistName}`,
    body: release.title,
    link: release.link,
    dedupeKey: `release:${release.key}`,
  };
}
