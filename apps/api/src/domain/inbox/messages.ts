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
