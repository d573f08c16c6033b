// The account menu's lists: the caller's receipts (their Pi payments) and their full play history, each a
// keyset page newest first over (time in microseconds, id).
import { sql } from "kysely";
import type { Selectable } from "kysely";
import type { PiPaymentsTable, PlayHistoryTable } from "@purplebeats/db/schema-types";
import { SHOWN_SONG, SONG_COLUMNS, SONG_JOINS, type SongRow } from "./song-rows.js";
import { atMicrosOf, micros } from "./time-keyset.js";
import { builder, run, type Queryable } from "./sql.js";
import type { TimeKeyset } from "./likes.js";

const nothing = sql``;

export type ReceiptRow = Pick<
  Selectable<PiPaymentsTable>,
  "id" | "payment_id" | "amount" | "txid" | "status" | "created_at"
> & { at_micros: string };

/** `limit` of the user's payments after the keyset, newest first. */
export function receiptsPage(db: Queryable, userId: string, limit: number, after: TimeKeyset | null) {
  const keyset = after ? sql`AND (created_at, id) < (${atMicrosOf(after[0])}, ${after[1]}::uuid)` : nothing;
  return run(
    db,
    sql<ReceiptRow>`SELECT id, payment_id, amount, txid, status, created_at,
        ${sql.raw(micros("created_at"))} AS at_micros
      FROM pi_payments WHERE user_id = ${userId} ${keyset}
      ORDER BY created_at DESC, id DESC LIMIT ${limit}`.compile(builder),
  );
}

export type PlayEntryRow = SongRow & {
  play_id: Selectable<PlayHistoryTable>["id"];
  played_at: Selectable<PlayHistoryTable>["played_at"];
  at_micros: string;
};

/** `limit` of the user's plays after the keyset, newest first (idx_play_history_user_played_at). */
export function playHistoryPage(db: Queryable, userId: string, limit: number, after: TimeKeyset | null) {
  const keyset = after
    ? sql`AND (ph.played_at, ph.id) < (${atMicrosOf(after[0])}, ${after[1]}::uuid)`
    : nothing;
  return run(
    db,
    sql<PlayEntryRow>`SELECT ${sql.raw(SONG_COLUMNS)}, ph.id AS play_id, ph.played_at,
        ${sql.raw(micros("ph.played_at"))} AS at_micros
      FROM play_history ph JOIN songs s ON s.id = ph.song_id ${sql.raw(SONG_JOINS)}
      WHERE ph.user_id = ${userId} AND ${sql.raw(SHOWN_SONG)} ${keyset}
      ORDER BY ph.played_at DESC, ph.id DESC LIMIT ${limit}`.compile(builder),
  );
}

/**
 * Locks the user's payments approved but not yet completed or cancelled (FOR UPDATE: a completion running
 * now finishes first, and one settled meanwhile no longer counts); answers how many there are.
 */
export async function lockUnsettledPayments(db: Queryable, userId: string) {
  const rows = await run(
    db,
    sql<{ id: string }>`SELECT id FROM pi_payments WHERE user_id = ${userId} AND status = 'approved'
      FOR UPDATE`.compile(builder),
  );
  return rows.length;
}
