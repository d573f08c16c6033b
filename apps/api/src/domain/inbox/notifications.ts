// A listener's inbox: the caller's own notifications only, newest first, and their read marks, each in the
// language the caller has chosen by now (a notice written while they read English reads Vietnamese once they
// switch).
import type { DataSource } from "typeorm";
import { TRPCError } from "@trpc/server";
import type { NotificationDto, NotificationService } from "@purplebeats/contracts";
import { decodeCursor, toPage } from "../../infra/lib/cursor.js";
import {
  chosenLanguages,
  markAllRead,
  markRead,
  notificationsPage,
  unreadCount,
  type NotificationRow,
} from "../../data/notifications.js";
import { readIn } from "./notice-words.js";

const toDto =
  (language: string | null | undefined) =>
  (row: NotificationRow): NotificationDto => ({
    id: row.id,
    kind: row.kind as NotificationDto["kind"],
    ...readIn(row, language),
    link: row.link,
    read: row.read_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
  });

export function createNotificationService(db: DataSource): NotificationService {
  const readerLanguage = async (userId: string) => (await chosenLanguages(db, [userId])).get(userId);
  return {
    async list(userId, page) {
      const after = decodeCursor(page.cursor, ["n", "u"] as const);
      const [rows, language] = await Promise.all([
        notificationsPage(db, userId, page.limit + 1, after),
        readerLanguage(userId),
      ]);
      return toPage(rows, page.limit, toDto(language), (r) => [Number(r.at_micros), r.id]);
    },
    async unreadCount(userId) {
      return { unread: await unreadCount(db, userId) };
    },
    async markRead(userId, id) {
      const [row, language] = await Promise.all([markRead(db, userId, id), readerLanguage(userId)]);
      // Another listener's notification is as unknown as one that never was.
      if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Notification not found" });
      return toDto(language)(row);
    },
    async markAllRead(userId) {
      await markAllRead(db, userId);
      return { unread: await unreadCount(db, userId) };
    },
  };
}
