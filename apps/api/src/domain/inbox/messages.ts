// What each event says in a listener's inbox (and in Pi's copy), and its dedupe key: the key names the
// event, so the same event never notifies the same listener twice, whoever retries it. The words are keys of
// the server's catalogs with their values: the notifier writes them in the recipient's language and keeps
// them with the row, and the inbox puts them in the reader's language of the moment it is read.
import { PREMIUM_AMOUNT_TEXT } from "@purplebeats/contracts";
import type { NewNotification } from "../../data/notifications.js";
import type { MessageValues, ServerMessageKey } from "../../infra/i18n/translator.js";

/** A message of the server's catalogs, put in the reader's language when written and when read. */
export interface Words {
  key: ServerMessageKey;
  values?: MessageValues;
  /** A day the message names, written as the reader's language writes dates (`{day}`). */
  day?: Date;
}

/** A notification before it is put in its recipient's language. */
export interface Notice extends Omit<NewNotification, "title" | "body" | "words"> {
  title: Words;
  /** Catalog words, or a person's own text (a support answer), kept as written. */
  body: Words | string;
}

export function newFollower(userId: string, follower: { id: string; name: string; handle: string }): Notice {
  return {
    userId,
    kind: "new_follower",
    title: { key: "notice.newFollower.title" },
    body: { key: "notice.newFollower.body", values: { name: follower.name, handle: follower.handle } },
    link: `/user/${follower.handle}`,
    // Once per follower: unfollowing and following again does not notify again.
    dedupeKey: `follower:${follower.id}`,
  };
}

export function paymentReceipt(
  userId: string,
  payment: { paymentId: string; amount: string; txid: string },
): Notice {
  return {
    userId,
    kind: "payment_receipt",
    title: { key: "notice.paymentReceipt.title" },
    body: { key: "notice.membershipPaid.body", values: { amount: payment.amount, txid: payment.txid } },
    link: "/premium",
    dedupeKey: `payment:${payment.paymentId}`,
  };
}

/** A π amount as the wallet shows it: up to Pi's 7 decimals, no trailing zeros ('2.826'). */
const piText = (units: number) => String(units / 1e7);
/** Pi's smallest unit is 10^-7 π; the ledger keeps amounts in it (numeric(20,7)). */
const toUnits = (amount: string) => Math.round(Number(amount) * 1e7);

/** The tipper's receipt: the same kind as a membership's, so it sits with their other payments. */
export function tipReceipt(
  userId: string,
  tip: { paymentId: string; amount: string; txid: string; artistName: string },
): Notice {
  return {
    userId,
    kind: "payment_receipt",
    title: { key: "notice.paymentReceipt.title" },
    body: {
      key: "notice.tipReceipt.body",
      values: { amount: piText(toUnits(tip.amount)), artist: tip.artistName, txid: tip.txid },
    },
    link: null,
    dedupeKey: `payment:${tip.paymentId}`,
  };
}

/** Each manager of the tipped artist hears of it, with what reached the balance (the ledger's own rounding). */
export function tipReceived(
  userId: string,
  tip: { paymentId: string; amount: string; artistName: string; feePercent: number },
): Notice {
  const units = toUnits(tip.amount);
  const net = units - Math.round((units * tip.feePercent) / 100);
  return {
    userId,
    kind: "tip_received",
    title: { key: "notice.tipReceived.title", values: { artist: tip.artistName } },
    body: { key: "notice.tipReceived.body", values: { net: piText(net), amount: piText(units) } },
    link: null,
    dedupeKey: `tip:${tip.paymentId}`,
  };
}

/** Once per membership period: the period is named by its expiry, which a renewal moves. */
export function membershipExpiring(userId: string, expiresAt: Date): Notice {
  return {
    userId,
    kind: "membership_expiring",
    title: { key: "notice.membershipExpiring.title" },
    body: { key: "notice.membershipExpiring.body", values: { amount: PREMIUM_AMOUNT_TEXT }, day: expiresAt },
    link: "/premium",
    dedupeKey: `expiring:${expiresAt.toISOString()}`,
  };
}

export function supportAnswer(
  userId: string,
  request: { id: string; subject: string },
  answer: string,
  answeredAt: string,
): Notice {
  return {
    userId,
    kind: "support_answer",
    title: { key: "notice.supportAnswer.title", values: { subject: request.subject } },
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
): Notice {
  return {
    userId,
    kind: "new_release",
    title: { key: "notice.newRelease.title", values: { artist: release.artistName } },
    body: release.title,
    link: release.link,
    dedupeKey: `release:${release.key}`,
  };
}
