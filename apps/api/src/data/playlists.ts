// The hand-written statements of the caller's playlists: the keyset pages of "your playlists"
// (read on every library visit) and the set-based moves of many songs at once (reorder, copy).
import type { EntityManager, DataSource } from "typeorm";
import { PLAYLIST_COLUMNS, type PlaylistRow } from "./playlist-rows.js";
import { SHOWN_SONG } from "./song-rows.js";
import { visiblePlaylistSql } from "./playlist-visibility.js";
import { atMicros, micros } from "./time-keyset.js";
import { changedRows, selectRow, selectRows, type Queryable } from "./sql.js";

/** The last row of the previous page: its time in microseconds and its playlist id. */
export type PlaylistKeyset = readonly [atMicros: number, id: string];

export type TimedPlaylistRow = PlaylistRow & { at_micros: string };

/**
 * Each playlist once, at the latest moment it became the listener's: made, liked or added. Another
 * listener's playlist only while it is public (its owner may have made it private since).
 */
export function collectedPlaylistsPage(
  db: DataSource,
  userId: string,
  limit: number,
  after: PlaylistKeyset | null,
) {
  const keyset = after ? `WHERE (c.at, c.id) < (${atMicros("$3")}, $4)` : "";
  return selectRows<TimedPlaylistRow>(
    db,
    `WITH c AS (
       SELECT p.id, max(x.at) AS at FROM (
         SELECT id AS playlist_id, created_at AS at FROM playlists WHERE created_by = $1
         UNION ALL SELECT playlist_id, liked_at FROM liked_playlists WHERE user_id = $1
         UNION ALL SELECT playlist_id, added_at FROM library_playlists WHERE user_id = $1
       ) x JOIN playlists p ON p.id = x.playlist_id
       WHERE ${visiblePlaylistSql("p", "$1")}
       GROUP BY p.id
     )
     SELECT ${PLAYLIST_COLUMNS}, ${micros("c.at")} AS at_micros FROM c JOIN playlists p ON p.id = c.id
     ${keyset}
     ORDER BY c.at DESC, c.id DESC LIMIT $2`,
    after ? [userId, limit, after[0], after[1]] : [userId, limit],
  );
}

export function ownedPlaylistsPage(
  db: DataSource,
  userId: string,
  limit: number,
  after: PlaylistKeyset | null,
) {
  const keyset = after ? `AND (p.created_at, p.id) < (${atMicros("$3")}, $4)` : "";
  return selectRows<TimedPlaylistRow>(
    db,
    `SELECT ${PLAYLIST_COLUMNS}, ${micros("p.created_at")} AS at_micros FROM playlists p
     WHERE p.created_by = $1 ${keyset}
     ORDER BY p.created_at DESC, p.id DESC LIMIT $2`,
    after ? [userId, limit, after[0], after[1]] : [userId, limit],
  );
}

/** Gives every song its index in `songIds` (1-based) as its position. */
export async function setPositions(tx: EntityManager, playlistId: string, songIds: readonly string[]) {
  await changedRows<never>(
    tx,
    `UPDATE playlist_songs ps SET position = o.position
     FROM unnest($2::uuid[]) WITH ORDINALITY AS o(song_id, position)
     WHERE ps.playlist_id = $1 AND ps.song_id = o.song_id`,
    [playlistId, songIds],
  );
}

/** The source's songs in its order (those it shows), once each, leaving out what the target already has. */
export async function songsMissingFrom(tx: Queryable, targetId: string, sourceId: string) {
  const rows = await selectRows<{ song_id: string }>(
    tx,
    `SELECT song_id FROM playlist_songs src JOIN songs s ON s.id = src.song_id
     WHERE src.playlist_id = $2 AND ${SHOWN_SONG}
       AND NOT EXISTS (SELECT 1 FROM playlist_songs t WHERE t.playlist_id = $1 AND t.song_id = src.song_id)
     GROUP BY song_id ORDER BY min(position)`,
    [targetId, sourceId],
  );
  return rows.map((row) => row.song_id);
}

/** The playlist's songs that are not shown (taken down), in its order: its owner neither sees nor orders them. */
export async function unshownSongsOf(tx: Queryable, playlistId: string) {
  const rows = await selectRows<{ song_id: string }>(
    tx,
    `SELECT ps.song_id FROM playlist_songs ps JOIN songs s ON s.id = ps.song_id
     WHERE ps.playlist_id = $1 AND NOT (${SHOWN_SONG}) ORDER BY ps.position`,
    [playlistId],
  );
  return rows.map((row) => row.song_id);
}

export async function distinctSongCount(tx: Queryable, playlistId: string) {
  const row = await selectRow<{ n: number }>(
    tx,
    `SELECT count(DISTINCT song_id)::int AS n FROM playlist_songs WHERE playlist_id = $1`,
    [playlistId],
  );
  return Number(row?.n ?? 0);
}

/** Appends the songs in order after position `count`. */
export async function appendSongs(
  tx: Queryable,
  playlistId: string,
  songIds: readonly string[],
  count: number,
) {
  await tx.query(
    `INSERT INTO playlist_songs (playlist_id, song_id, position)
     SELECT $1, o.song_id, $3 + o.n FROM unnest($2::uuid[]) WITH ORDINALITY AS o(song_id, n)`,
    [playlistId, songIds, count],
  );
}
