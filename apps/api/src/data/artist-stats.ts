// An artist's statistics for its studio, from the counted plays' own records (counted_plays: every play the
// catalog counted, kept whole, which a private session's plays never reach), the follows and the artists'
// books. Not from play_history: it keeps only each listener's newest plays and moves a repeat's time, so a
// heavy listener's year would be cut short. Every count is of plays or of distinct listeners: no statement
// here returns who listened.
import { sql } from "kysely";
import { builder, run, runOne, type Queryable } from "./sql.js";

/** The artist's counted plays since `since`: the rows every statistic below counts. */
const artistPlaysSince = (artistId: string, since: Date) => sql`
  FROM counted_plays h JOIN songs s ON s.id = h.song_id
  WHERE s.artist_id = ${artistId} AND h.counted_at >= ${since}`;

/** Plays and distinct listeners per UTC day (days without a play are absent). */
export const dailyPlays = (db: Queryable, artistId: string, since: Date) =>
  run(
    db,
    sql<{ day: string; plays: number; listeners: number }>`
      SELECT to_char(h.counted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
        count(*)::int AS plays, count(DISTINCT h.user_id)::int AS listeners
      ${artistPlaysSince(artistId, since)}
      GROUP BY 1`.compile(builder),
  );

/** The period's plays and its distinct listeners (a listener of several days counted once). */
export const playTotals = async (db: Queryable, artistId: string, since: Date) =>
  (await runOne(
    db,
    sql<{ plays: number; listeners: number }>`
      SELECT count(*)::int AS plays, count(DISTINCT h.user_id)::int AS listeners
      ${artistPlaysSince(artistId, since)}`.compile(builder),
  )) ?? { plays: 0, listeners: 0 };

/** The artist's most played songs of the period, most played first. */
export const topSongs = (db: Queryable, artistId: string, since: Date, limit: number) =>
  run(
    db,
    sql<{ id: string; title: string; plays: number; listeners: number }>`
      SELECT s.id, s.title, count(*)::int AS plays, count(DISTINCT h.user_id)::int AS listeners
      ${artistPlaysSince(artistId, since)}
      GROUP BY s.id, s.title
      ORDER BY plays DESC, listeners DESC, s.title, s.id
      LIMIT ${limit}`.compile(builder),
  );

/** Distinct listeners of the period by their profile's language (null: none chosen, or no profile). */
export const listenersByLanguage = (db: Queryable, artistId: string, since: Date) =>
  run(
    db,
    sql<{ language: string | null; listeners: number }>`
      SELECT p.language, count(*)::int AS listeners
      FROM (SELECT DISTINCT h.user_id ${artistPlaysSince(artistId, since)}) l
      LEFT JOIN profiles p ON p.user_id = l.user_id
      GROUP BY p.language`.compile(builder),
  );

/** Followers now. */
export const followerCount = async (db: Queryable, artistId: string) =>
  (
    await runOne(
      db,
      sql<{ n: number }>`SELECT count(*)::int AS n FROM follows WHERE artist_id = ${artistId}`.compile(builder),
    )
  )?.n ?? 0;

/** Followers gained per UTC day since `since` (those who still follow). */
export const dailyNewFollowers = (db: Queryable, artistId: string, since: Date) =>
  run(
    db,
    sql<{ day: string; followers: number }>`
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS followers
      FROM follows WHERE artist_id = ${artistId} AND created_at >= ${since}
      GROUP BY 1`.compile(builder),
  );

/** The period's money: tips credited to the artist (its share, the fee taken) and payouts completed. */
export const periodEarnings = async (db: Queryable, artistId: string, since: Date) =>
  (await runOne(
    db,
    sql<{ tips: string; premium_share: string; paid_out: string }>`
      SELECT
        (SELECT coalesce(sum(amount), 0)::text FROM artist_ledger
          WHERE account = 'artist' AND artist_id = ${artistId} AND kind = 'tip' AND created_at >= ${since}) AS tips,
        (SELECT coalesce(sum(amount), 0)::text FROM artist_ledger
          WHERE account = 'artist' AND artist_id = ${artistId} AND kind = 'premium_share'
            AND created_at >= ${since}) AS premium_share,
        (SELECT coalesce(sum(amount), 0)::text FROM artist_payouts
          WHERE artist_id = ${artistId} AND status = 'completed' AND updated_at >= ${since}) AS paid_out`.compile(
      builder,
    ),
  )) ?? { tips: "0", premium_share: "0", paid_out: "0" };
