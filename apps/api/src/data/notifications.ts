// A listener's in-app inbox: keyset pages newest first, marks, and the inserts every event makes (once per
// listener and dedupe key). Built with Kysely against the migrated schema's types (sql.ts).
import { sql, type Selectable } from "kysely";
import type { NotificationsTable } from "@purplebeats/db/schema-types";
import type { NotificationKind } from "@purplebeats/db";
import { activeMembershipSql } from "@purplebeats/contracts";
import { atMicrosOf } from "./time-keyset.js";
import { builder, run, runOne, type Queryable } from "./sql.js";
import type { TimeKeyset } from "./likes.js";

export type NotificationRow = Selectable<NotificationsTable> & { at_micros: string };

/** One catalog message as a notification keeps it: its key, values and the day it names (ISO). */
export interface StoredWords {
  key: string;
  values?: Record<string, string | number>;
  day?: string;
}

/** The catalog words a notification's title and body were written from; no body: a person's own text. */
export interface NoticeWordsJson {
  title: StoredWords;
  body?: StoredWords;
}

/** What one event tells one listener; the same (userId, dedupeKey) is notified once. */
export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  /** The text as written in the recipient's language of the moment (Pi's copy, and rows without words). */
  title: string;
  body: string;
  words: NoticeWordsJson | null;
  link: string | null;
  dedupeKey: string;
}

const withMicros = sql<string>`(extract(epoch FROM created_at) * 1000000)::bigint`.as("at_micros");

/** Inserts the notifications not sent yet and answers those it inserted (a repeat answers nothing). */
export function insertNotifications(db: Queryable, items: readonly NewNotification[]) {
  if (items.length === 0) return Promise.resolve([]);
  return run(
    db,
    builder
      .insertInto("notifications")
      .values(
        items.map((n) => ({
          user_id: n.userId,
          kind: n.kind,
          title: n.title,
          body: n.body,
          words: n.words ? sql<unknown>`${JSON.stringify(n.words)}::jsonb` : null,
          link: n.link,
          dedupe_key: n.dedupeKey,
        })),
      )
      .onConflict((oc) => oc.columns(["user_id", "dedupe_key"]).doNothing())
      .returningAll()
      .compile(),
  );
}

/** `limit` of the user's notifications after the keyset, newest first. */
export function notificationsPage(db: Queryable, userId: string, limit: number, after: TimeKeyset | null) {
  let query = builder
    .selectFrom("notifications")
    .selectAll()
    .select(withMicros)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit);
  if (after)
    query = query.where(sql<boolean>`(created_at, id) < (${atMicrosOf(after[0])}, ${after[1]}::uuid)`);
  return run(db, query.compile());
}

export async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const row = await runOne(
    db,
    builder
      .selectFrom("notifications")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("user_id", "=", userId)
      .where("read_at", "is", null)
      .compile(),
  );
  return Number(row?.n ?? 0);
}

/** Marks one of the user's notifications read (keeping the first time); undefined when it is not theirs. */
export const markRead = (db: Queryable, userId: string, id: string) =>
  runOne(
    db,
    builder
      .updateTable("notifications")
      .set({ read_at: sql`coalesce(read_at, now())` })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .returningAll()
      .returning(withMicros)
      .compile(),
  );

export const markAllRead = (db: Queryable, userId: string) =>
  run(
    db,
    builder
      .updateTable("notifications")
      .set({ read_at: sql`now()` })
      .where("user_id", "=", userId)
      .where("read_at", "is", null)
      .compile(),
  );

/** Listeners following an artist: who hears of the artist's new releases. */
export const artistFollowerIds = async (db: Queryable, artistId: string) =>
  (
    await run(
      db,
      builder.selectFrom("follows").select("follower_id").where("artist_id", "=", artistId).compile(),
    )
  ).map((r) => r.follower_id);

/** A listener's public name and handle, for the words of a notification about them. */
export const listenerName = (db: Queryable, userId: string) =>
  runOne(
    db,
    builder.selectFrom("profiles").select(["name", "handle"]).where("user_id", "=", userId).compile(),
  );

/**
 * Active memberships ending within `days` days: one row per membership period (its expiry), for the
 * 'membership expiring' notice.
 */
export const membershipsExpiringWithin = (db: Queryable, days: number) =>
  run(
    db,
    builder
      .selectFrom("memberships as m")
      .select(["m.user_id", "m.expires_at"])
      .where(sql<boolean>`${sql.raw(activeMembershipSql("m"))}`)
      .where("m.expires_at", "<=", sql<Date>`now() + make_interval(days => ${days})`)
      .compile(),
  );

/** Everything the user's inbox holds, for their data export. */
export const exportNotifications = (db: Queryable, userId: string) =>
  run(
    db,
    builder
      .selectFrom("notifications")
      .select(["kind", "title", "body", "link", "read_at", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .compile(),
  );

/** Removes the user's inbox (account deletion). */
export const eraseNotifications = (db: Queryable, userId: string) =>
  run(db, builder.deleteFrom("notifications").where("user_id", "=", userId).compile());

/** Of these users, those Pi knows (signed in with Pi): guests have no Pi account to notify. */
export const piUserIds = async (db: Queryable, userIds: readonly string[]) =>
  userIds.length === 0
    ? []
    : (
        await run(
          db,
          builder
            .selectFrom("users")
            .select("id")
            .where("id", "in", [...userIds])
            .where("kind", "=", "pi")
            .compile(),
        )
      ).map((r) => r.id);

/** The language each listener chose (their profile's), by user id; a listener who chose none is absent. */
export const chosenLanguages = async (db: Queryable, userIds: readonly string[]) =>
  new Map(
    userIds.length === 0
      ? []
      : (
          await run(
            db,
            builder
              .selectFrom("profiles")
              .select(["user_id", "language"])
              .where("user_id", "in", [...userIds])
              .where("language", "is not", null)
              .compile(),
          )
        ).map((r) => [r.user_id, r.language] as const),
  );

/** A guest who signs in keeps its inbox; a notification the account already has (same key) wins. */
export async function moveNotifications(tx: Queryable, guestId: string, userId: string) {
  await tx.query(
    `UPDATE notifications g SET user_id = $2 WHERE g.user_id = $1
     AND NOT EXISTS (SELECT 1 FROM notifications u WHERE u.user_id = $2 AND u.dedupe_key = g.dedupe_key)`,
    [guestId, userId],
  );
}
