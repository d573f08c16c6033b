// The activity feed, derived from the records themselves (playlists, likes, follows, albums) rather than
// copied into an events table: a like taken back, a playlist made private or a song hidden leaves the
// feed at once, with nothing to keep in step. One keyset page over their union, then the page's rows.
import type { AlbumsTable, ArtistsTable, ProfilesTable } from "@purplebeats/db/schema-types";
import type { Selectable } from "kysely";
import type { DataSource } from "typeorm";
import { PLAYLIST_COLUMNS, type PlaylistRow } from "./playlist-rows.js";
import { LISTED_SONG, SHOWN_SONG, SONG_COLUMNS, SONG_JOINS, type SongRow } from "./song-rows.js";
import { atMicros, micros } from "./time-keyset.js";
import { selectRows } from "./sql.js";

/** A followed artist's album is a new release for this long after it reached the catalog. */
export const RELEASE_DAYS = 90;

/** Whose activity: a viewer's followed listeners and artists (Home), or one listener's own (Profile). */
export type ActivityScope = { following: string } | { listener: string };

/** Text sort keys ('p:', 'l:', 'a:', 'r:' and the record's id) break ties between equal times. */
export type ActivityKeyset = readonly [atMicros: number, key: string];

export interface ActivityEventRow {
  kind: "playlist" | "like" | "artistFollow" | "release";
  key: string;
  at_micros: string;
  actor_id: string | null;
  /** A playlist whose songs were added after it was made. */
  updated: boolean;
  playlist_id: string | null;
  song_id: string | null;
  artist_id: string | null;
  album_id: string | null;
}

/**
 * The listeners whose activity is read, as `actors(user_id)`. Home's are the followed listeners whose
 * profile is public: a private profile's activity is its owner's alone (domain's mayViewActivity).
 */
const actorsOf = (scope: ActivityScope) =>
  "following" in scope
    ? `SELECT f.listener_id AS user_id FROM follows f JOIN profiles pr ON pr.user_id = f.listener_id
       WHERE f.follower_id = $1 AND NOT pr.is_private`
    : `SELECT $1::text AS user_id`;

/** Followed artists' recent albums with a song listeners may see: Home only. */
const RELEASES = `
  UNION ALL
  SELECT 'release', 'r:' || al.id, NULL, al.created_at, false, NULL, NULL, al.artist_id::text, al.id::text
  FROM follows f JOIN albums al ON al.artist_id = f.artist_id
  WHERE f.follower_id = $1 AND al.created_at > now() - interval '${RELEASE_DAYS} days'
    AND EXISTS (SELECT 1 FROM songs s WHERE s.album_id = al.id AND ${LISTED_SONG})`;

/** `limit` events of the scope after the keyset, newest first. Private playlists and hidden songs never. */
export function activityPage(db: DataSource, scope: ActivityScope, limit: number, after: ActivityKeyset | null) {
  const owner = "following" in scope ? scope.following : scope.listener;
  const keyset = after ? `WHERE (e.at, e.key) < (${atMicros("$3")}, $4::text)` : "";
  return selectRows<ActivityEventRow>(
    db,
    `WITH actors AS (${actorsOf(scope)}),
     events (kind, key, actor_id, at, updated, playlist_id, song_id, artist_id, album_id) AS (
       SELECT 'playlist', 'p:' || p.id, p.created_by, coalesce(last.added_at, p.created_at),
              coalesce(last.added_at > p.created_at, false), p.id, NULL, NULL, NULL
       FROM playlists p
       LEFT JOIN LATERAL (SELECT max(ps.added_at) AS added_at FROM playlist_songs ps
                          WHERE ps.playlist_id = p.id) last ON true
       WHERE p.is_public AND p.created_by IN (SELECT user_id FROM actors)
       UNION ALL
       SELECT 'like', 'l:' || ls.id, ls.user_id, ls.liked_at, false, NULL, ls.song_id::text, NULL, NULL
       FROM liked_songs ls
       JOIN profiles pr ON pr.user_id = ls.user_id AND pr.share_likes
       JOIN songs s ON s.id = ls.song_id AND ${LISTED_SONG}
       WHERE ls.user_id IN (SELECT user_id FROM actors)
       UNION ALL
       SELECT 'artistFollow', 'a:' || f.id, f.follower_id, f.created_at, false, NULL, NULL, f.artist_id::text, NULL
       FROM follows f
       WHERE f.artist_id IS NOT NULL AND f.follower_id IN (SELECT user_id FROM actors)
       ${"following" in scope ? RELEASES : ""}
     )
     SELECT e.kind, e.key, e.actor_id, ${micros("e.at")} AS at_micros, e.updated,
            e.playlist_id, e.song_id, e.artist_id, e.album_id
     FROM events e ${keyset}
     ORDER BY e.at DESC, e.key DESC LIMIT $2`,
    after ? [owner, limit, after[0], after[1]] : [owner, limit],
  );
}

export type ActorRow = Pick<Selectable<ProfilesTable>, "user_id" | "handle" | "name" | "image_url">;
export type ArtistRefRow = Pick<Selectable<ArtistsTable>, "id" | "name" | "image_url">;
export type AlbumRefRow = Pick<Selectable<AlbumsTable>, "id" | "title" | "image_url">;

/** The rows an activity page names, each read once for the whole page. */
export const activityActors = (db: DataSource, userIds: readonly string[]) =>
  selectRows<ActorRow>(
    db,
    `SELECT user_id, handle, name, image_url FROM profiles WHERE user_id = ANY($1::text[])`,
    [userIds],
  );

export const activityPlaylists = (db: DataSource, ids: readonly string[]) =>
  selectRows<PlaylistRow>(db, `SELECT ${PLAYLIST_COLUMNS} FROM playlists p WHERE p.id = ANY($1::text[])`, [
    ids,
  ]);

export const activitySongs = (db: DataSource, ids: readonly string[]) =>
  selectRows<SongRow>(db, `SELECT ${SONG_COLUMNS} FROM songs s ${SONG_JOINS} WHERE s.id = ANY($1::uuid[]) AND ${SHOWN_SONG}`, [
    ids,
  ]);

export const activityArtists = (db: DataSource, ids: readonly string[]) =>
  selectRows<ArtistRefRow>(db, `SELECT id, name, image_url FROM artists WHERE id = ANY($1::uuid[])`, [ids]);

export const activityAlbums = (db: DataSource, ids: readonly string[]) =>
  selectRows<AlbumRefRow>(db, `SELECT id, title, image_url FROM albums WHERE id = ANY($1::uuid[])`, [ids]);
