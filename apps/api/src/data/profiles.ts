// A user's listening figures: aggregates over play_history and the song row columns of the catalog
// reads, kept hand-written like those reads.
import type { DataSource } from "typeorm";
import { SONG_COLUMNS, SONG_JOINS, type SongRow } from "./song-rows.js";
import { selectRow, selectRows } from "./sql.js";

export interface ProfileCountsRow {
  playlists: number;
  liked_songs: number;
  plays: number;
  /** bigint: node-postgres answers it as text. */
  listening_seconds: string;
}

export const profileCounts = (db: DataSource, userId: string) =>
  selectRow<ProfileCountsRow>(
    db,
    `SELECT
       (SELECT count(*) FROM playlists WHERE created_by = $1)::int AS playlists,
       (SELECT count(*) FROM liked_songs WHERE user_id = $1)::int AS liked_songs,
       (SELECT count(*) FROM play_history WHERE user_id = $1)::int AS plays,
       (SELECT coalesce(sum(s.duration), 0) FROM play_history h JOIN songs s ON s.id = h.song_id
         WHERE h.user_id = $1)::bigint AS listening_seconds`,
    [userId],
  );

/** The five songs the user played most, the latest played first among equals. */
export const topTracks = (db: DataSource, userId: string) =>
  selectRows<SongRow>(
    db,
    `SELECT ${SONG_COLUMNS} FROM (
       SELECT song_id, count(*) AS plays, max(played_at) AS last FROM play_history
       WHERE user_id = $1 GROUP BY song_id ORDER BY plays DESC, last DESC LIMIT 5
     ) top JOIN songs s ON s.id = top.song_id ${SONG_JOINS}
     ORDER BY top.plays DESC, top.last DESC`,
    [userId],
  );
