// The artist and album pages' statements: an artist's most played songs, its albums and the albums of others
// it appears on, an album and its tracks. Only listed songs count: an album with none is not shown.
import type { AlbumsTable, ArtistsTable } from "@purplebeats/db/schema-types";
import { sql, type Selectable } from "kysely";
import { LISTED_SONG, SONG_COLUMNS, SONG_JOINS, type SongRow } from "./song-rows.js";
import { builder, run, runOne, type Queryable } from "./sql.js";

const LISTED = sql.raw(LISTED_SONG);
const SONGS = sql.raw(SONG_COLUMNS);
const JOINS = sql.raw(SONG_JOINS);
const nothing = sql``;

/**
 * An album with the count and total length of its listed songs. `sort_day` orders albums newest first:
 * the release date, else 1 January of its year, else the oldest possible day; as a day number, so that
 * it travels in a cursor as a whole number.
 */
const ALBUM_SELECT = sql`
  SELECT al.id, al.title, al.image_url, al.artist_id, ar.name AS artist_name, ar.image_url AS artist_image_url,
    COALESCE(al.year, EXTRACT(YEAR FROM al.release_date)::int) AS year,
    to_char(al.release_date, 'YYYY-MM-DD') AS release_date, al.compilation, al.members_only,
    t.song_count, t.duration,
    (COALESCE(al.release_date, CASE WHEN al.year BETWEEN 1 AND 9999 THEN make_date(al.year, 1, 1) END,
              DATE '0001-01-01') - DATE '0001-01-01') AS sort_day
  FROM albums al
  LEFT JOIN artists ar ON ar.id = al.artist_id
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS song_count, COALESCE(sum(s.duration), 0)::int AS duration
    FROM songs s WHERE s.album_id = al.id AND ${LISTED}) t`;

/** An album with its artist, as search and these pages read it. */
export type AlbumNameRow = Pick<Selectable<AlbumsTable>, "id" | "title" | "image_url" | "artist_id"> & {
  artist_name: Selectable<ArtistsTable>["name"] | null;
  artist_image_url: Selectable<ArtistsTable>["image_url"];
};

export type AlbumRow = AlbumNameRow &
  Pick<Selectable<AlbumsTable>, "year" | "compilation" | "members_only"> & {
    /** YYYY-MM-DD. */
    release_date: string | null;
    song_count: number;
    duration: number;
    sort_day: number;
  };

export const artistExists = async (db: Queryable, id: string) =>
  (await runOne(db, builder.selectFrom("artists").select("id").where("id", "=", id).compile())) !== undefined;

/** An album is shown while a listener can see one of its songs. */
export const albumShown = async (db: Queryable, id: string) =>
  (await runOne(
    db,
    sql<{ one: number }>`SELECT 1 AS one FROM songs s WHERE s.album_id = ${id} AND ${LISTED}
    LIMIT 1`.compile(builder),
  )) !== undefined;

/**
 * The artist's own albums, or (`appearsOn`) compilations and others' albums holding a listed song of theirs;
 * newest first, after (sort_day, id).
 */
export function artistAlbumsPage(
  db: Queryable,
  artistId: string,
  appearsOn: boolean,
  limit: number,
  after: readonly [sortDay: number, id: string] | null,
) {
  const where = appearsOn
    ? sql`al.artist_id IS DISTINCT FROM ${artistId}
        AND EXISTS (SELECT 1 FROM songs s WHERE s.album_id = al.id AND s.artist_id = ${artistId} AND ${LISTED})`
    : sql`al.artist_id = ${artistId}`;
  const keyset = after ? sql`AND (x.sort_day, x.id) < (${after[0]}, ${after[1]}::uuid)` : nothing;
  return run(
    db,
    sql<AlbumRow>`SELECT * FROM (${ALBUM_SELECT} WHERE ${where}) x WHERE x.song_count > 0 ${keyset}
      ORDER BY x.sort_day DESC, x.id DESC LIMIT ${limit}`.compile(builder),
  );
}

export const albumById = (db: Queryable, id: string) =>
  runOne(db, sql<AlbumRow>`${ALBUM_SELECT} WHERE al.id = ${id}`.compile(builder));

/** An album's listed songs in disc and track order (numbers may be missing or repeat), offset-paged. */
export const albumSongs = (db: Queryable, albumId: string, limit: number, offset: number) =>
  run(
    db,
    sql<SongRow>`SELECT ${SONGS} FROM songs s ${JOINS} WHERE s.album_id = ${albumId} AND ${LISTED}
      ORDER BY COALESCE(s.disc_number, 1), s.track_number NULLS LAST, s.title, s.id
      LIMIT ${limit} OFFSET ${offset}`.compile(builder),
  );
