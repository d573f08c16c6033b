// Listeners' reports of songs: written one open report per listener per song (the partial unique index
// uq_song_reports_open), read by the admins' queue grouped by song, and closed by an admin's decision.
import { sql } from "kysely";
import { builder, run, runOne, type Queryable } from "./sql.js";

export interface NewSongReport {
  songId: string;
  userId: string;
  reason: string;
  details: string;
}

/** Records the report; undefined when the listener's earlier report of the song is still open. */
export const insertSongReport = (db: Queryable, report: NewSongReport) =>
  runOne(
    db,
    builder
      .insertInto("song_reports")
      .values({
        song_id: report.songId,
        user_id: report.userId,
        reason: report.reason,
        details: report.details,
      })
      .onConflict((conflict) =>
        conflict.columns(["song_id", "user_id"]).where("status", "=", "open").doNothing(),
      )
      .returning(["id", "song_id", "reason", "details", "created_at"])
      .compile(),
  );

/** Whether listeners may report the song: it exists and is listed (a hidden song is already gone). */
export const reportableSong = async (db: Queryable, songId: string) =>
  (await runOne(
    db,
    builder.selectFrom("songs").select("id").where("id", "=", songId).where("hidden", "=", false).compile(),
  )) !== undefined;

/** The open reports of the `limit` songs reported most (then first), each with its song and reporter. */
export function openReportsBySong(db: Queryable, limit: number) {
  const queued = builder
    .selectFrom("song_reports")
    .select(["song_id", sql<string>`count(*)`.as("open_reports"), sql<Date>`min(created_at)`.as("first_at")])
    .where("status", "=", "open")
    .groupBy("song_id")
    .orderBy(sql`count(*)`, "desc")
    .orderBy(sql`min(created_at)`, "asc")
    .limit(limit);
  return run(
    db,
    builder
      .with("queued", () => queued)
      .selectFrom("queued as q")
      .innerJoin("song_reports as r", (join) =>
        join.onRef("r.song_id", "=", "q.song_id").on("r.status", "=", "open"),
      )
      .innerJoin("songs as s", "s.id", "r.song_id")
      .innerJoin("artists as ar", "ar.id", "s.artist_id")
      .innerJoin("users as u", "u.id", "r.user_id")
      .select([
        "r.id",
        "r.song_id",
        "r.reason",
        "r.details",
        "r.created_at",
        "u.username as reporter",
        "s.title",
        "s.hidden",
        "ar.name as artist",
        "q.open_reports",
        "q.first_at",
      ])
      .orderBy("q.open_reports", "desc")
      .orderBy("q.first_at", "asc")
      .orderBy("r.song_id")
      .orderBy("r.created_at", "asc")
      .compile(),
  );
}

export type OpenReportRow = Awaited<ReturnType<typeof openReportsBySong>>[number];

/** Closes the song's open reports as `status`, naming the admin; answers how many it closed. */
export async function resolveSongReports(
  db: Queryable,
  songId: string,
  adminId: string,
  status: "dismissed" | "taken_down",
) {
  const rows = await run(
    db,
    builder
      .updateTable("song_reports")
      .set({ status, resolved_by: adminId, resolved_at: sql<Date>`now()` })
      .where("song_id", "=", songId)
      .where("status", "=", "open")
      .returning("id")
      .compile(),
  );
  return rows.length;
}

/** The listener's reports, for their data export (the admins who closed them are not theirs to see). */
export const exportSongReports = (db: Queryable, userId: string) =>
  run(
    db,
    builder
      .selectFrom("song_reports")
      .select(["song_id", "reason", "details", "status", "created_at", "resolved_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .compile(),
  );

/** Removes the listener's reports (account deletion); an admin's decisions on others' stay, unnamed. */
export async function eraseSongReports(db: Queryable, userId: string) {
  await run(db, builder.deleteFrom("song_reports").where("user_id", "=", userId).compile());
  await run(
    db,
    builder
      .updateTable("song_reports")
      .set({ resolved_by: null })
      .where("resolved_by", "=", userId)
      .compile(),
  );
}

/**
 * A guest who signs in keeps its reports; one of a song the account has an open report of already is the
 * same report twice, and goes with the guest.
 */
export const moveSongReports = (tx: Queryable, guestId: string, userId: string) =>
  run(
    tx,
    builder
      .updateTable("song_reports as g")
      .set({ user_id: userId })
      .where("g.user_id", "=", guestId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("song_reports as a")
              .select("a.id")
              .where("a.user_id", "=", userId)
              .where("a.status", "=", "open")
              .whereRef("a.song_id", "=", "g.song_id")
              .where(sql<boolean>`g.status = 'open'`),
          ),
        ),
      )
      .compile(),
  );
