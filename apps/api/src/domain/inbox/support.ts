// 'Contact support': any listener (guests too) writes a request; admins read members' first and answer,
// and the answer reaches the listener's Notifications.
import type { DataSource } from "typeorm";
import { TRPCError } from "@trpc/server";
import type { AdminSupportRequestDto, SupportRequestDto, SupportService } from "@purplebeats/contracts";
import { decodeCursor, toPage } from "../../infra/lib/cursor.js";
import {
  adminSupportRequest,
  answerSupportRequest,
  insertSupportRequest,
  playlistExists,
  songExists,
  supportRequestsPage,
} from "../../data/support.js";
import type { Notifier } from "./notifier.js";
import { supportAnswer } from "./messages.js";
import { must } from "../../data/must.js";

type RequestRow = NonNullable<Awaited<ReturnType<typeof insertSupportRequest>>>;
type AdminRow = NonNullable<Awaited<ReturnType<typeof adminSupportRequest>>>;

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

const toDto = (row: RequestRow): SupportRequestDto => ({
  id: row.id,
  subject: row.subject,
  message: row.message,
  songId: row.song_id,
  playlistId: row.playlist_id,
  fromMember: row.from_member,
  answer: row.answer,
  answeredAt: iso(row.answered_at),
  createdAt: must(iso(row.created_at), "support_requests.created_at is NOT NULL"),
});

const toAdminDto = (row: AdminRow): AdminSupportRequestDto => ({
  ...toDto(row),
  userId: row.user_id,
  name: row.name,
  username: row.username,
});

const notFound = (what: string) => new TRPCError({ code: "NOT_FOUND", message: `${what} not found` });

export function createSupportService(db: DataSource, notifier: Notifier): SupportService {
  return {
    async create(userId, input) {
      if (input.songId && !(await songExists(db, input.songId))) throw notFound("Song");
      if (input.playlistId && !(await playlistExists(db, input.playlistId))) throw notFound("Playlist");
      const row = await insertSupportRequest(db, {
        userId,
        subject: input.subject,
        message: input.message,
        songId: input.songId ?? null,
        playlistId: input.playlistId ?? null,
      });
      return toDto(must(row, "an INSERT ... RETURNING answers its row"));
    },

    async adminList(page) {
      const after = decodeCursor(page.cursor, ["n", "n", "n", "u"] as const);
      const rows = await supportRequestsPage(db, page.limit + 1, after);
      return toPage(rows, page.limit, toAdminDto, (r) => [
        Number(r.member_key),
        Number(r.open_key),
        Number(r.at_micros),
        r.id,
      ]);
    },

    async answer(adminId, id, answer) {
      const answered = await answerSupportRequest(db, id, adminId, answer);
      if (!answered) throw notFound("Support request");
      const row = must(await adminSupportRequest(db, id), "the request was just answered");
      await notifier.notify([
        supportAnswer(
          answered.user_id,
          { id, subject: answered.subject },
          answer,
          must(iso(row.answered_at), "an answered request has answered_at"),
        ),
      ]);
      return toAdminDto(row);
    },
  };
}
