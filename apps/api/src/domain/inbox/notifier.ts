// The one way an event reaches listeners: the in-app notification is written first (once per listener and
// dedupe key), then the new ones are also sent through Pi's in-app notifications, best effort: Pi being
// down, slow or refusing (quota) is logged and never loses or delays what the inbox holds.
import type { DataSource } from "typeorm";
import { PI_NOTIFICATIONS_PER_CALL, type PiPlatformClient } from "@purplebeats/pi";
import {
  chosenLanguages,
  insertNotifications,
  piUserIds,
  type NewNotification,
} from "../../data/notifications.js";
import type { Notice } from "./messages.js";
import { inLanguage } from "./notice-words.js";

export interface NotifierLog {
  warn(obj: unknown, message: string): void;
}

export interface Notifier {
  /**
   * Writes the notifications not written yet, each in its recipient's language and with the catalog words it
   * was made of (the inbox puts those in the reader's language of the day), and answers how many were new;
   * their Pi copies go out after, not awaited. Called once the event itself is committed, so Pi never tells
   * of one rolled back.
   */
  notify(notices: readonly Notice[]): Promise<number>;
  /** Settles when the Pi copies sent so far are done (tests and a graceful stop). */
  settled(): Promise<void>;
}

/** Pi's copy opens the same place in the app as the inbox entry. */
const piCopy = (n: NewNotification) => ({
  title: n.title,
  body: n.body,
  user_uid: n.userId,
  subroute: n.link ?? "/notifications",
});

export function createNotifier(db: DataSource, pi: PiPlatformClient, log: NotifierLog): Notifier {
  const pending = new Set<Promise<void>>();

  async function sendThroughPi(items: readonly NewNotification[]) {
    const piUsers = new Set(await piUserIds(db, [...new Set(items.map((n) => n.userId))]));
    const copies = items.filter((n) => piUsers.has(n.userId)).map(piCopy);
    for (let i = 0; i < copies.length; i += PI_NOTIFICATIONS_PER_CALL)
      await pi.sendNotifications(copies.slice(i, i + PI_NOTIFICATIONS_PER_CALL));
  }

  return {
    async notify(notices) {
      const languages = await chosenLanguages(db, [...new Set(notices.map((n) => n.userId))]);
      const items = notices.map((n) => inLanguage(n, languages.get(n.userId)));
      const inserted = await insertNotifications(db, items);
      const fresh = items.filter((n) =>
        inserted.some((r) => r.user_id === n.userId && r.dedupe_key === n.dedupeKey),
      );
      if (fresh.length > 0) {
        const sending = sendThroughPi(fresh)
          .catch((error: unknown) => log.warn({ err: error }, "Pi in-app notification not sent"))
          .finally(() => pending.delete(sending));
        pending.add(sending);
      }
      return fresh.length;
    },
    async settled() {
      await Promise.all([...pending]);
    },
  };
}
