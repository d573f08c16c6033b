// The play counters' statements, run in one transaction for each reported play (domain/catalog/play-recorder.ts).
// Each reads or writes one row by its key; they run on every play and the benchmarks count them.
import { sql } from "kysely";
import { builder, run, runOne, type Queryable } from "./sql.js";

/** Records the listener as the song's; true when they were not yet (their first play of it). */
export const addListener = async (tx: Queryable, songId: string, userId: string) =>
  (
    await run(
      tx,
      builder
        .insertInto("song_listeners")
        .values({ song_id: songId, user_id: userId })
        .onConflict((oc) => oc.doNothing())
        .returning("song_id")
        .compile(),
    )
  ).length > 0;

/** Counts the listener's play again when their last counted one is at least `seconds` old; true if so. */
export const countListenerAgain = async (tx: Queryable, songId: string, userId: string, seconds: number) =>
  (
    await run(
      tx,
      builder
        .updateTable("song_listeners")
        .set({ last_counted_at: sql`now()` })
        .where("song_id", "=", songId)
        .where("user_id", "=", userId)
        .where("last_counted_at", "<=", sql<Date>`now() - make_interval(secs => ${seconds})`)
        .returning("song_id")
        .compile(),
    )
  ).length > 0;

/** Moves the listener's latest play of the song to now (a repeat that is not counted). */
export const touchLatestPlay = (tx: Queryable, userId: string, songId: string) =>
  run(
    tx,
    builder
      .updateTable("play_history")
      .set({ played_at: sql`now()` })
      .where("id", "=", (eb) =>
        eb
          .selectFrom("play_history")
          .select("id")
          .where("user_id", "=", userId)
          .where("song_id", "=", songId)
          .orderBy("played_at", "desc")
          .limit(1),
      )
      .compile(),
  );

/** A counted play: the song's play count, its listener count when `newListener`, its last play. */
export const countSongPlay = (tx: Queryable, songId: string, newListener: boolean) =>
  run(
    tx,
    builder
      .updateTable("songs")
      .set((eb) => ({
        play_count: eb("play_count", "+", 1),
        listener_count: eb("listener_count", "+", newListener ? 1 : 0),
        last_played: sql`now()`,
      }))
      .where("id", "=", songId)
      .compile(),
  );

/** When the listener's private session ends (null: none was started), or undefined without a profile. */
export const privateSessionUntil = async (tx: Queryable, userId: string) =>
  (
    await runOne(
      tx,
      builder.selectFrom("profiles").select("private_session_until").where("user_id", "=", userId).compile(),
    )
  )?.private_session_until ?? null;

/** Adds the play to the listener's history (`isPrivate`: made in a private session) and keeps only their latest `keep`. */
export async function addToHistory(
  tx: Queryable,
  userId: string,
  songId: string,
  keep: number,
  isPrivate = false,
) {
  await run(
    tx,
    builder
      .insertInto("play_history")
      .values({ user_id: userId, song_id: songId, is_private: isPrivate })
      .compile(),
  );
  await run(
    tx,
    builder
      .deleteFrom("play_history")
      .where("id", "in", (eb) =>
        eb
          .selectFrom("play_history")
          .select("id")
          .where("user_id", "=", userId)
          .orderBy("played_at", "desc")
          .orderBy("id", "desc")
          .offset(keep),
      )
      .compile(),
  );
}

/** The record of a counted play, kept whole (unlike the history), for the monthly premium share. */
export const recordCountedPlay = (tx: Queryable, userId: string, songId: string) =>
  run(tx, builder.insertInto("counted_plays").values({ user_id: userId, song_id: songId }).compile());
