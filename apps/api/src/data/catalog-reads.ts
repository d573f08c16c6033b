// The catalog's keyset pages (new songs, a genre's, trending, recently played, the editorial playlists) and
// its small lookups. The pages run on every home screen: each reads one index in order (ARCHITECTURE.md,
// section 7), so they keep the shape the benchmarks measured.
import { SYSTEM_USER_ID } from "@purplebeats/db";
import type { PlayHistoryTable } from "@purplebeats/db/schema-types";
import { sql, type Selectable } from "kysely";
import { PLAYLIST_COLUMNS, type PlaylistRow } from "./playlist-rows.js";
import { visiblePlaylistSql } from "./playlist-visibility.js";
import { LISTED_SONG, SHOWN_SONG, SONG_COLUMNS, SONG_JOINS, type SongRow } from "./song-rows.js";
import { atMicrosOf, micros } from "./time-keyset.js";
import { builder, run, runOne, type Queryable } from "./sql.js";

const SONGS = sql.raw(SONG_COLUMNS);
const JOINS = sql.raw(SONG_JOINS);
const LISTED = sql.raw(LISTED_SONG);
const nothing = sql``;

/** Listed songs newest first (of one genre, any case, when given), after (created_at ISO, id). */
export function songsNewestFirst(
  db: Queryable,
  genre: string | null,
  limit: number,
  after: readonly [createdAt: string, id: string] | null,
) {
  const where = genre === null ? sql`TRUE` : sql`lower(s.genre) = lower(${genre})`;
  const keyset = after
    ? sql`AND (s.created_at, s.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
    : nothing;
  return run(
    db,
    sql<SongRow>`SELECT ${SONGS} FROM songs s ${JOINS}
      WHERE ${where} AND ${LISTED} ${keyset}
      ORDER BY s.created_at DESC, s.id DESC LIMIT ${limit}`.compile(builder),
  );
}

/**
 * Listed songs (of one artist, when given) by distinct listeners, then counted plays, after (listeners,
 * plays, id): one caller's repeats cannot lift a song. Trending, and an artist's top songs.
 */
export function songsByListeners(
  db: Queryable,
  limit: number,
  after: readonly [listeners: number, plays: number, id: string] | null,
  artistId: string | null = null,
) {
  const ofArtist = artistId === null ? nothing : sql`AND s.artist_id = ${artistId}`;
  const keyset = after
    ? sql`AND (s.listener_count, s.play_count, s.id) < (${after[0]}, ${after[1]}, ${after[2]}::uuid)`
    : nothing;
  return run(
    db,
    sql<SongRow & { listener_count: number }>`SELECT ${SONGS}, s.listener_count FROM songs s ${JOINS}
      WHERE ${LISTED} ${ofArtist} ${keyset}
      ORDER BY s.listener_count DESC, s.play_count DESC, s.id DESC LIMIT ${limit}`.compile(builder),
  );
}

/**
 * A listener's history, each song once at its latest play; without a listener, the catalog's most recently
 * played songs. After (played_at ISO, song id).
 */
export function recentlyPlayedSongs(
  db: Queryable,
  userId: string | null,
  limit: number,
  after: readonly [playedAt: string, id: string] | null,
) {
  const source = userId
    ? sql`SELECT song_id, max(played_at) AS played_at FROM play_history WHERE user_id = ${userId} GROUP BY song_id`
    : sql`SELECT id AS song_id, last_played AS played_at FROM songs WHERE last_played IS NOT NULL`;
  const keyset = after
    ? sql`AND (r.played_at, r.song_id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
    : nothing;
  // The listener's own history keeps a song whose file has gone (flagged); the catalog's lists only listed ones.
  const shown = userId ? sql.raw(SHOWN_SONG) : LISTED;
  return run(
    db,
    sql<SongRow & Pick<Selectable<PlayHistoryTable>, "played_at">>`SELECT ${SONGS}, r.played_at
      FROM (${source}) r JOIN songs s ON s.id = r.song_id ${JOINS} WHERE ${shown} ${keyset}
      ORDER BY r.played_at DESC, r.song_id DESC LIMIT ${limit}`.compile(builder),
  );
}

/** The editorial playlists oldest first, after (created_at in microseconds, id). */
export function editorialPlaylistsPage(
  db: Queryable,
  limit: number,
  after: readonly [atMicros: number, id: string] | null,
) {
  const keyset = after ? sql`AND (p.created_at, p.id) > (${atMicrosOf(after[0])}, ${after[1]})` : nothing;
  return run(
    db,
    sql<PlaylistRow & { at_micros: string }>`SELECT ${sql.raw(PLAYLIST_COLUMNS)},
      ${sql.raw(micros("p.created_at"))} AS at_micros FROM playlists p
      WHERE ${sql.raw(visiblePlaylistSql("p", null))} AND p.created_by = ${SYSTEM_USER_ID} ${keyset}
      ORDER BY p.created_at, p.id LIMIT ${limit}`.compile(builder),
  );
}

/** Every genre a song has, in order (the genre list, and search's genre names). */
export const allGenres = (db: Queryable) =>
  run(
    db,
    builder
      .selectFrom("songs")
      .select("genre")
      .distinct()
      .where("genre", "is not", null)
      .orderBy("genre")
      .$narrowType<{ genre: string }>()
      .compile(),
  );

/** An artist by id, or undefined. */
export const artistById = (db: Queryable, id: string) =>
  runOne(
    db,
    builder
      .selectFrom("artists")
      .select(["id", "name", "image_url", "verified_at"])
      .where("id", "=", id)
      .compile(),
  );
