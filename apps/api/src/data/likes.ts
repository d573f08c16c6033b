// The keyset pages of a user's likes and library: hot reads that join the song or playlist row
// columns of the catalog reads, so they stay hand-written (DESIGN's decision record on raw SQL).
import type { DataSource } from "typeorm";
import { SHOWN_SONG, SONG_COLUMNS, SONG_JOINS, type SongRow } from "./song-rows.js";
import { PLAYLIST_COLUMNS, type PlaylistRow } from "./playlist-rows.js";
import { visiblePlaylistSql } from "./playlist-visibility.js";
import { atMicros, micros } from "./time-keyset.js";
import { selectRows } from "./sql.js";

/** The last row of the previous page: its time in microseconds and its id. */
export type TimeKeyset = readonly [atMicros: number, id: string];

export type LikedSongRow = SongRow & { liked_at: Date; at_micros: string; like_id: string };

export type SavedPlaylistRow = PlaylistRow & { saved_at: Date; at_micros: string; entry_id: string };

export interface PlaylistSetTable {
  table: "liked_playlists" | "library_playlists";
  /** When the user added the playlist to the set. */
  timeColumn: "liked_at" | "added_at";
}

/** How many songs the user likes that are shown (Liked Songs' figure agrees with its list). */
export async function likedSongCount(db: DataSource, userId: string) {
  const [row] = await selectRows<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM liked_songs ls JOIN songs s ON s.id = ls.song_id
     WHERE ls.user_id = $1 AND ${SHOWN_SONG}`,
    [userId],
  );
  return Number(row?.n ?? 0);
}

/** `limit` rows after the keyset, newest first; the caller asks one more to know if a page follows. */
export function likedSongsPage(db: DataSource, userId: string, limit: number, after: TimeKeyset | null) {
  const keyset = after ? `AND (ls.liked_at, ls.id) < (${atMicros("$3")}, $4::uuid)` : "";
  return selectRows<LikedSongRow>(
    db,
    `SELECT ${SONG_COLUMNS}, ls.liked_at, ${micros("ls.liked_at")} AS at_micros, ls.id AS like_id FROM liked_songs ls
     JOIN songs s ON s.id = ls.song_id ${SONG_JOINS}
     WHERE ls.user_id = $1 AND ${SHOWN_SONG} ${keyset}
     ORDER BY ls.liked_at DESC, ls.id DESC LIMIT $2`,
    after ? [userId, limit, after[0], after[1]] : [userId, limit],
  );
}

/** Another listener's playlist is left out while it is private; the row stays for when it is public again. */
export function savedPlaylistsPage(
  db: DataSource,
  { table, timeColumn }: PlaylistSetTable,
  userId: string,
  limit: number,
  after: TimeKeyset | null,
) {
  const keyset = after ? `AND (x.${timeColumn}, x.id) < (${atMicros("$3")}, $4::uuid)` : "";
  return selectRows<SavedPlaylistRow>(
    db,
    `SELECT ${PLAYLIST_COLUMNS}, x.${timeColumn} AS saved_at, ${micros(`x.${timeColumn}`)} AS at_micros, x.id AS entry_id
     FROM ${table} x
     JOIN playlists p ON p.id = x.playlist_id
     WHERE x.user_id = $1 AND ${visiblePlaylistSql("p", "$1")} ${keyset}
     ORDER BY x.${timeColumn} DESC, x.id DESC LIMIT $2`,
    after ? [userId, limit, after[0], after[1]] : [userId, limit],
  );
}
