// A listener's inbox: the caller's own notifications only, newest first, and their read marks.
import type { DataSource } from "typeorm";
import { TRPCError } from "@trpc/server";
import type { NotificationDto, NotificationService } from "@purplebeats/contracts";
import { decodeCursor, toPage } from "../../infra/lib/cursor.js";
import {
  markAllRead,
  markRead,
  notificationsPage,
  unreadCount,
  type NotificationRow,
} from "../../data/notifications.js";

const toDto = (row: NotificationRow): NotificationDto => ({
  id: row.id,
  kind: row.kind as NotificationDto["kind"],
  title: row.title,
  body: row.body,
  link: row.link,
  read: row.read_at !== null,
  createdAt: new Date(row.created_at).toISOString(),
});

export function createNotificationService(db: DataSource): NotificationService {
  return {
    async list(userId, page) {
      const after = decodeCursor(page.cursor, ["n", "u"] as const);
      const rows = await notificationsPage(db, userId, page.limit + 1, after);
      return toPage(rows, page.limit, toDto, (r) => [Number(r.at_micros), r.id]);
    },
    async unreadCount(userId) {
      return { unread: await unreadCount(db, userId) };
    },
    async markRead(userId, id) {
      const row = await markRead(db, userId, id);
      // Another listener's notification is as unknown as one that never was.
      if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Notification not found" });
      return toDto(row);
    },
    async markAllRead(userId) {
      await markAllRead(db, userId);
      return { unread: await unreadCount(db, userId) };
    },
  };
}
