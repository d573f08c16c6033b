// Follows and listeners' public profiles: keyset pages joining profiles and artists, hand-written like
// the other lists (likes.ts).
import type { DataSource } from "typeorm";
import { PLAYLIST_COLUMNS, type PlaylistRow } from "./playlist-rows.js";
import { atMicros, micros } from "./time-keyset.js";
import { selectRow, selectRows, type Queryable } from "./sql.js";
import type { TimeKeyset } from "./likes.js";

export interface FollowCountsRow {
  followers: number;
  following: number;
}

/** Listeners following the user, and listeners and artists the user follows. */
export const followCounts = (db: DataSource, userId: string) =>
  selectRow<FollowCountsRow>(
    db,
    `SELECT (SELECT count(*) FROM follows WHERE listener_id = $1)::int AS followers,
            (SELECT count(*) FROM follows WHERE follower_id = $1)::int AS following`,
    [userId],
  );

/** The keyset condition on follows `f` after the last row of the previous page, and the parameters. */
function afterFollow(userId: string, limit: number, after: TimeKeyset | null) {
  return after
    ? {
        keyset: `AND (f.created_at, f.id) < (${atMicros("$3")}, $4::uuid)`,
        params: [userId, limit, ...after],
      }
    : { keyset: "", params: [userId, limit] };
}

export interface FollowingRow {
  follow_id: string;
  at_micros: string;
  /** Set for a followed listener. */
  handle: string | null;
  /** Set for a followed artist. */
  artist_id: string | null;
  name: string;
  image_url: string | null;
}

/** `limit` follows of the user after the keyset, newest first. */
export function followingPage(db: DataSource, userId: string, limit: number, after: TimeKeyset | null) {
  const { keyset, params } = afterFollow(userId, limit, after);
  return selectRows<FollowingRow>(
    db,
    `SELECT f.id AS follow_id, ${micros("f.created_at")} AS at_micros, pr.handle, a.id AS artist_id,
            coalesce(pr.name, a.name) AS name, coalesce(pr.image_url, a.image_url) AS image_url
     FROM follows f
     LEFT JOIN profiles pr ON pr.user_id = f.listener_id
     LEFT JOIN artists a ON a.id = f.artist_id
     WHERE f.follower_id = $1 AND (pr.id IS NOT NULL OR a.id IS NOT NULL) ${keyset}
     ORDER BY f.created_at DESC, f.id DESC LIMIT $2`,
    params,
  );
}

export interface FollowerRow {
  follow_id: string;
  at_micros: string;
  handle: string;
  name: string;
  image_url: string | null;
}

/** `limit` listeners following the user after the keyset, newest first. */
export function followersPage(db: DataSource, userId: string, limit: number, after: TimeKeyset | null) {
  const { keyset, params } = afterFollow(userId, limit, after);
  return selectRows<FollowerRow>(
    db,
    `SELECT f.id AS follow_id, ${micros("f.created_at")} AS at_micros, pr.handle, pr.name, pr.image_url
     FROM follows f JOIN profiles pr ON pr.user_id = f.follower_id
     WHERE f.listener_id = $1 ${keyset}
     ORDER BY f.created_at DESC, f.id DESC LIMIT $2`,
    params,
  );
}

/** A listener's public playlists, newest first. */
export const publicPlaylistsOf = (db: DataSource, userId: string, limit: number) =>
  selectRows<PlaylistRow>(
    db,
    `SELECT ${PLAYLIST_COLUMNS} FROM playlists p
     WHERE p.created_by = $1 AND p.is_public
     ORDER BY p.created_at DESC, p.id DESC LIMIT $2`,
    [userId, limit],
  );

/**
 * A guest who signs in keeps its follows and followers; a follow the account already has wins, and one
 * that would become following oneself is dropped.
 */
export async function moveFollows(tx: Queryable, guestId: string, userId: string) {
  await tx.query(
    `DELETE FROM follows g WHERE (g.follower_id = $1 AND (g.listener_id = $2 OR EXISTS (
       SELECT 1 FROM follows u WHERE u.follower_id = $2
         AND (u.listener_id = g.listener_id OR u.artist_id = g.artist_id))))
       OR (g.listener_id = $1 AND (g.follower_id = $2 OR EXISTS (
       SELECT 1 FROM follows u WHERE u.listener_id = $2 AND u.follower_id = g.follower_id)))`,
    [guestId, userId],
  );
  await tx.query(`UPDATE follows SET follower_id = $2 WHERE follower_id = $1`, [guestId, userId]);
  await tx.query(`UPDATE follows SET listener_id = $2 WHERE listener_id = $1`, [guestId, userId]);
}
