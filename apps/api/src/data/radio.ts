// Radio's one statement (domain/catalog/radio.ts): it ranks candidates drawn from bounded index reads, so its
// cost does not grow with the catalog: the seeds' artists (idx_songs_artist_id), their genres
// (idx_songs_genre_popular), the songs other listeners of the seeds played (song_listeners' primary key, then
// idx_song_listeners_user_id) and liked (idx_liked_songs_song_id, then idx_liked_songs_user_liked_at), and
// the most played songs (idx_songs_popular) so that the radio never runs dry.
import { sql } from "kysely";
import { LISTED_SONG, SONG_COLUMNS, SONG_JOINS, type SongRow } from "./song-rows.js";
import { builder, run, type Queryable } from "./sql.js";

/** How many rows each source reads at most: the candidates stay a few thousand at any catalog size. */
export const RADIO_SOURCE_LIMITS = {
  perArtist: 100,
  perGenre: 200,
  /** Other listeners (or likers) of each seed, and songs read of each of them. */
  listenersPerSeed: 30,
  songsPerListener: 20,
  popular: 100,
} as const;

/** Years apart that still count as the same era. */
export const RADIO_ERA_YEARS = 5;

/**
 * The score of a candidate: an artist or genre in common weighs most, the era a little; songs often
 * played or liked by the seeds' listeners add up to a cap, so one busy listener cannot carry a song.
 */
const SCORE = `
  (CASE WHEN s.artist_id IN (SELECT artist_id FROM seed) THEN 3 ELSE 0 END)
  + (CASE WHEN search_fold(s.genre) IN (SELECT genre_key FROM seed) THEN 2 ELSE 0 END)
  + (CASE WHEN EXISTS (SELECT 1 FROM seed
        WHERE abs(seed.year - COALESCE(al.year, EXTRACT(YEAR FROM al.release_date)::int)) <= ${RADIO_ERA_YEARS})
      THEN 1 ELSE 0 END)
  + LEAST(c.played, 4) * 0.5
  + LEAST(c.liked, 4) * 0.5`;

const L = RADIO_SOURCE_LIMITS;

export interface RadioQuery {
  seeds: readonly string[];
  exclude: readonly string[];
  /** Whether members-only songs may come. */
  premium: boolean;
  limit: number;
  offset: number;
}

/** Every source is a bounded LATERAL read on an index; only the union of candidates is scored and sorted. */
export const radioSongs = (db: Queryable, q: RadioQuery) =>
  run(
    db,
    sql<SongRow>`
WITH seed AS (
  SELECT s.id, s.artist_id, search_fold(s.genre) AS genre_key,
         COALESCE(al.year, EXTRACT(YEAR FROM al.release_date)::int) AS year
  FROM songs s LEFT JOIN albums al ON al.id = s.album_id
  WHERE s.id = ANY(${q.seeds}::uuid[])
),
by_artist AS (
  SELECT c.id FROM (SELECT DISTINCT artist_id FROM seed) x
  CROSS JOIN LATERAL (SELECT s.id FROM songs s WHERE s.artist_id = x.artist_id LIMIT ${sql.lit(L.perArtist)}) c
),
by_genre AS (
  SELECT c.id FROM (SELECT DISTINCT genre_key FROM seed WHERE genre_key <> '') x
  CROSS JOIN LATERAL (
    SELECT s.id FROM songs s WHERE search_fold(s.genre) = x.genre_key
    ORDER BY search_fold(s.genre), s.play_count DESC, s.id DESC LIMIT ${sql.lit(L.perGenre)}) c
),
listeners AS (
  SELECT DISTINCT l.user_id FROM seed
  CROSS JOIN LATERAL (
    SELECT sl.user_id FROM song_listeners sl WHERE sl.song_id = seed.id LIMIT ${sql.lit(L.listenersPerSeed)}) l
),
played_together AS (
  SELECT o.song_id AS id FROM listeners u
  CROSS JOIN LATERAL (
    SELECT sl.song_id FROM song_listeners sl WHERE sl.user_id = u.user_id LIMIT ${sql.lit(L.songsPerListener)}) o
),
likers AS (
  SELECT DISTINCT l.user_id FROM seed
  CROSS JOIN LATERAL (
    SELECT ls.user_id FROM liked_songs ls WHERE ls.song_id = seed.id LIMIT ${sql.lit(L.listenersPerSeed)}) l
),
liked_together AS (
  SELECT o.song_id AS id FROM likers u
  CROSS JOIN LATERAL (
    SELECT ls.song_id FROM liked_songs ls WHERE ls.user_id = u.user_id
    ORDER BY ls.liked_at DESC LIMIT ${sql.lit(L.songsPerListener)}) o
),
popular AS (
  SELECT s.id FROM songs s WHERE ${sql.raw(LISTED_SONG)} ORDER BY s.play_count DESC, s.id DESC LIMIT ${sql.lit(L.popular)}
),
-- Every source's rows at once, tallied per song: how many of the seeds' listeners played it, and liked it.
candidates AS (
  SELECT id, sum(played) AS played, sum(liked) AS liked FROM (
    SELECT id, 0 AS played, 0 AS liked FROM by_artist
    UNION ALL SELECT id, 0, 0 FROM by_genre
    UNION ALL SELECT id, 1, 0 FROM played_together
    UNION ALL SELECT id, 0, 1 FROM liked_together
    UNION ALL SELECT id, 0, 0 FROM popular) x
  GROUP BY id
),
ranked AS (
  SELECT s.id, ${sql.raw(SCORE)} AS score, s.listener_count, s.play_count
  FROM candidates c
  JOIN songs s ON s.id = c.id
  LEFT JOIN albums al ON al.id = s.album_id
  WHERE ${sql.raw(LISTED_SONG)} AND s.audio_url IS NOT NULL
    AND s.id <> ALL(${q.seeds}::uuid[]) AND s.id <> ALL(${q.exclude}::uuid[])
    AND (${q.premium} OR NOT (s.members_only OR COALESCE(al.members_only, false)))
  ORDER BY score DESC, s.listener_count DESC, s.play_count DESC, s.id DESC
  LIMIT ${q.limit} OFFSET ${q.offset}
)
SELECT ${sql.raw(SONG_COLUMNS)} FROM ranked r JOIN songs s ON s.id = r.id ${sql.raw(SONG_JOINS)}
ORDER BY r.score DESC, r.listener_count DESC, r.play_count DESC, r.id DESC`.compile(builder),
  );
