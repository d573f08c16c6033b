// Support requests: written by listeners, listed for the admin dashboard members first, answered there.
import { sql } from "kysely";
import { activeMembershipSql } from "@purplebeats/contracts";
import { atMicrosOf } from "./time-keyset.js";
import { builder, run, runOne, type Queryable } from "./sql.js";

export interface NewSupportRequest {
  userId: string;
  subject: string;
  message: string;
  songId: string | null;
  playlistId: string | null;
}

/** The dashboard's order, as a keyset: member first, unanswered first, newest first, then the id. */
export type SupportKeyset = readonly [member: number, open: number, atMicros: number, id: string];

/** Records a request, marking it a member's when the listener's membership is active now. */
export const insertSupportRequest = (db: Queryable, request: NewSupportRequest) =>
  runOne(
    db,
    builder
      .insertInto("support_requests")
      .values({
        user_id: request.userId,
        subject: request.subject,
        message: request.message,
        song_id: request.songId,
        playlist_id: request.playlistId,
        from_member: sql<boolean>`coalesce((SELECT ${sql.raw(activeMembershipSql("m"))} FROM memberships m
          WHERE m.user_id = ${request.userId}), false)`,
      })
      .returningAll()
      .compile(),
  );

export const songExists = async (db: Queryable, songId: string) =>
  (await runOne(db, builder.selectFrom("songs").select("id").where("id", "=", songId).compile())) !==
  undefined;

export const playlistExists = async (db: Queryable, playlistId: string) =>
  (await runOne(
    db,
    builder
      .selectFrom("playlists")
      .select("id")
      .where(sql<boolean>`id::text = ${playlistId}`)
      .compile(),
  )) !== undefined;

const OPEN = sql<boolean>`(r.answered_at IS NULL)`;

/** The columns of a request as the dashboard shows it, with its sender and its keyset. */
const adminRequests = () =>
  builder
    .selectFrom("support_requests as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .leftJoin("profiles as p", "p.user_id", "r.user_id")
    .selectAll("r")
    .select([
      "u.username",
      sql<string>`coalesce(p.name, u.username)`.as("name"),
      sql<number>`(CASE WHEN r.from_member THEN 1 ELSE 0 END)`.as("member_key"),
      sql<number>`(CASE WHEN r.answered_at IS NULL THEN 1 ELSE 0 END)`.as("open_key"),
      sql<string>`(extract(epoch FROM r.created_at) * 1000000)::bigint`.as("at_micros"),
    ]);

/** `limit` requests after the keyset: members' first, then unanswered, newest first. */
export function supportRequestsPage(db: Queryable, limit: number, after: SupportKeyset | null) {
  let query = adminRequests()
    .orderBy("r.from_member", "desc")
    .orderBy(OPEN, "desc")
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(limit);
  if (after)
    query = query.where(
      sql<boolean>`(r.from_member, r.answered_at IS NULL, r.created_at, r.id) <
        (${after[0] === 1}, ${after[1] === 1}, ${atMicrosOf(after[2])}, ${after[3]}::uuid)`,
    );
  return run(db, query.compile());
}

export const adminSupportRequest = (db: Queryable, id: string) =>
  runOne(db, adminRequests().where("r.id", "=", id).compile());

/** Writes (or rewrites) the answer; undefined when there is no such request. */
export const answerSupportRequest = (db: Queryable, id: string, adminId: string, answer: string) =>
  runOne(
    db,
    builder
      .updateTable("support_requests")
      .set({ answer, answered_by: adminId, answered_at: sql`now()` })
      .where("id", "=", id)
      .returning(["id", "user_id", "subject"])
      .compile(),
  );

/** The user's requests and their answers, for their data export. */
export const exportSupportRequests = (db: Queryable, userId: string) =>
  run(
    db,
    builder
      .selectFrom("support_requests")
      .select(["subject", "message", "song_id", "playlist_id", "answer", "answered_at", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .compile(),
  );

/**
 * Removes the user's requests (account deletion): what they wrote is theirs. An admin's answers to others
 * stay, no longer naming who wrote them.
 */
export async function eraseSupportRequests(db: Queryable, userId: string) {
  await run(db, builder.deleteFrom("support_requests").where("user_id", "=", userId).compile());
  await run(
    db,
    builder
      .updateTable("support_requests")
      .set({ answered_by: null })
      .where("answered_by", "=", userId)
      .compile(),
  );
}

/** A guest who signs in keeps its support requests (and so gets their answers). */
export const moveSupportRequests = (tx: Queryable, guestId: string, userId: string) =>
  run(
    tx,
    builder.updateTable("support_requests").set({ user_id: userId }).where("user_id", "=", guestId).compile(),
  );
