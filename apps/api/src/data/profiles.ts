// A user's listening figures: aggregates over play_history and the song row columns of the catalog
// reads, kept hand-written like those reads.
import type { DataSource } from "typeorm";
import { SHOWN_SONG, SONG_COLUMNS, SONG_JOINS, type SongRow } from "./song-rows.js";
import { selectRow, selectRows } from "./sql.js";

export interface ProfileCountsRow {
  playlists: number;
  liked_songs: number;
  plays: number;
  /** bigint: node-postgres answers it as text. */
  listening_seconds: string;
  listening_seconds_this_month: string;
}

/** `monthStart`: the first instant of the current month, as the caller reckons months. */
export const profileCounts = (db: DataSource, userId: string, monthStart: Date) =>
  selectRow<ProfileCountsRow>(
    db,
    `SELECT
       (SELECT count(*) FROM playlists WHERE created_by = $1)::int AS playlists,
       (SELECT count(*) FROM liked_songs WHERE user_id = $1)::int AS liked_songs,
       (SELECT count(*) FROM play_history WHERE user_id = $1)::int AS plays,
       coalesce(sum(s.duration), 0)::bigint AS listening_seconds,
       coalesce(sum(s.duration) FILTER (WHERE h.played_at >= $2), 0)::bigint AS listening_seconds_this_month
     FROM play_history h JOIN songs s ON s.id = h.song_id
     WHERE h.user_id = $1`,
    [userId, monthStart],
  );

/** The songs the user played most since `since` (null: ever), the latest played first among equals. */
export const topTracks = (db: DataSource, userId: string, since: Date | null, limit: number) =>
  selectRows<SongRow>(
    db,
    `SELECT ${SONG_COLUMNS} FROM (
       SELECT h.song_id, count(*) AS plays, max(h.played_at) AS last
       FROM play_history h JOIN songs s ON s.id = h.song_id
       WHERE h.user_id = $1 AND ($2::timestamptz IS NULL OR h.played_at >= $2) AND ${SHOWN_SONG}
       GROUP BY h.song_id ORDER BY plays DESC, last DESC LIMIT $3
     ) top JOIN songs s ON s.id = top.song_id ${SONG_JOINS}
     ORDER BY top.plays DESC, top.last DESC`,
    [userId, since, limit],
  );

export interface TopArtistRow {
  id: string;
  name: string;
  image_url: string | null;
  plays: number;
}

/** The artists whose songs the user played most since `since` (null: ever). */
export const topArtists = (db: DataSource, userId: string, since: Date | null, limit: number) =>
  selectRows<TopArtistRow>(
    db,
    `SELECT a.id, a.name, a.image_url, count(*)::int AS plays
     FROM play_history h JOIN songs s ON s.id = h.song_id JOIN artists a ON a.id = s.artist_id
     WHERE h.user_id = $1 AND ($2::timestamptz IS NULL OR h.played_at >= $2)
     GROUP BY a.id, a.name, a.image_url
     ORDER BY plays DESC, max(h.played_at) DESC LIMIT $3`,
    [userId, since, limit],
  );
