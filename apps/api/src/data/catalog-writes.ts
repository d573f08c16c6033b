// The catalog writer's statements: artists and albums matched by match key (created when new), the song
// row inserted or edited in place, its lyrics and its album's loudness. They run in the writer's one
// transaction (its EntityManager); the song row's lookups are also read by ingestion and the encoder.
import type { Queryable } from "./sql.js";
import { sql } from "kysely";
import { builder, run, selectRow, selectRows } from "./sql.js";

/** Catalog writes of concurrent encodes take turns: two new songs of one new artist make one artist. */
const CATALOG_WRITE_LOCK = 0x5042_4c49; // 'PBLI'

export async function takeCatalogWriteTurn(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock($1)`, [CATALOG_WRITE_LOCK]);
}

/** The song that holds this music already (one song per content hash). */
export const songIdByContentHash = (db: Queryable, contentHash: string) =>
  selectRow<{ id: string }>(db, `SELECT id FROM songs WHERE content_hash = $1`, [contentHash]);

/** The song being edited in place, with the album it leaves (whose loudness is then recomputed). */
export const songToReplace = (tx: Queryable, songId: string) =>
  selectRow<{ id: string; album_id: string | null }>(tx, `SELECT id, album_id FROM songs WHERE id = $1`, [
    songId,
  ]);

export const oldestArtistByMatchKey = (tx: Queryable, key: string) =>
  selectRow<{ id: string }>(tx, `SELECT id FROM artists WHERE match_key = $1 ORDER BY created_at LIMIT 1`, [
    key,
  ]);

export async function insertArtist(tx: Queryable, name: string, key: string): Promise<string> {
  const [created] = await selectRows<{ id: string }>(
    tx,
    `INSERT INTO artists (name, match_key) VALUES ($1, $2) RETURNING id`,
    [name, key],
  );
  return created!.id;
}

export const oldestAlbumByMatchKey = (tx: Queryable, key: string, artistId: string) =>
  selectRow<{ id: string }>(
    tx,
    `SELECT id FROM albums WHERE match_key = $1 AND artist_id = $2 ORDER BY created_at LIMIT 1`,
    [key, artistId],
  );

export interface AlbumFacts {
  imageUrl: string | null;
  year: number | null;
  genre: string | null;
}

/** Fills what the album does not know yet (its picture, year, genre) from a newly written track. */
export async function fillAlbumFacts(tx: Queryable, albumId: string, facts: AlbumFacts): Promise<void> {
  await tx.query(
    `UPDATE albums SET image_url = COALESCE(image_url, $2), year = COALESCE(year, $3), genre = COALESCE(genre, $4)
     WHERE id = $1`,
    [albumId, facts.imageUrl, facts.year, facts.genre],
  );
}

export interface NewAlbum extends AlbumFacts {
  title: string;
  artistId: string;
  compilation: boolean;
  matchKey: string;
}

export async function insertAlbum(tx: Queryable, album: NewAlbum): Promise<string> {
  const [created] = await selectRows<{ id: string }>(
    tx,
    `INSERT INTO albums (title, artist_id, image_url, genre, year, compilation, match_key,
       release_date) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      album.title,
      album.artistId,
      album.imageUrl,
      album.genre,
      album.year,
      album.compilation,
      album.matchKey,
      album.year ? `${album.year}-01-01` : null,
    ],
  );
  return created!.id;
}

/** real columns: node-postgres answers them as numbers; duration in seconds. */
export interface SongLoudnessRow {
  loudness_lufs: number;
  true_peak_db: number;
  duration: number;
}

/** The measured songs of an album, for its album loudness. */
export const measuredSongsOfAlbum = (tx: Queryable, albumId: string) =>
  selectRows<SongLoudnessRow>(
    tx,
    `SELECT loudness_lufs, true_peak_db, duration FROM songs
     WHERE album_id = $1 AND loudness_lufs IS NOT NULL AND true_peak_db IS NOT NULL`,
    [albumId],
  );

export async function setAlbumLoudness(
  tx: Queryable,
  albumId: string,
  integratedLufs: number,
  truePeakDb: number,
): Promise<void> {
  await tx.query(`UPDATE songs SET album_loudness_lufs = $2, album_true_peak_db = $3 WHERE album_id = $1`, [
    albumId,
    integratedLufs,
    truePeakDb,
  ]);
}

/** A song row's fields as the writer sets them, in the order of the statements below. */
export interface SongFields {
  title: string;
  artistId: string;
  albumId: string | null;
  /** Whole seconds, at least 1. */
  duration: number;
  imageUrl: string | null;
  genre: string | null;
  trackNo: number | null;
  discNo: number | null;
  source: string;
  size: number;
  mtimeMs: number;
  contentHash: string;
  standardKey: string;
  standardKbps: number;
  highKey: string;
  highKbps: number;
  loudnessLufs: number;
  truePeakDb: number;
}

const songParams = (f: SongFields) => [
  f.title,
  f.artistId,
  f.albumId,
  f.duration,
  f.imageUrl,
  f.genre,
  f.trackNo,
  f.discNo,
  f.source,
  f.size,
  f.mtimeMs,
  f.contentHash,
  f.standardKey,
  f.standardKbps,
  f.highKey,
  f.highKbps,
  f.loudnessLufs,
  f.truePeakDb,
];

/** Edited in place: the file's new tags and audio on the same song (admin flags such as hidden stay). */
export async function updateSong(tx: Queryable, songId: string, fields: SongFields): Promise<void> {
  await tx.query(
    `UPDATE songs SET title = $1, artist_id = $2, album_id = $3, duration = $4, image_url = $5, genre = $6,
       track_number = $7, disc_number = $8, source = $9, source_size = $10, source_mtime_ms = $11,
       content_hash = $12, standard_key = $13, standard_kbps = $14, high_key = $15, high_kbps = $16,
       loudness_lufs = $17, true_peak_db = $18, album_loudness_lufs = NULL, album_true_peak_db = NULL,
       unavailable = false
     WHERE id = $19`,
    [...songParams(fields), songId],
  );
  await tx.query(`DELETE FROM lyrics WHERE song_id = $1`, [songId]);
}

export async function insertSong(
  tx: Queryable,
  songId: string,
  fields: SongFields,
  audioUrl: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO songs (title, artist_id, album_id, duration, image_url, genre, track_number, disc_number, source,
       source_size, source_mtime_ms, content_hash, standard_key, standard_kbps, high_key, high_kbps,
       loudness_lufs, true_peak_db, id, audio_url)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)`,
    [...songParams(fields), songId, audioUrl],
  );
}

export async function insertLyrics(
  tx: Queryable,
  songId: string,
  synced: boolean,
  lines: readonly unknown[],
): Promise<void> {
  await tx.query(`INSERT INTO lyrics (song_id, synced, lines) VALUES ($1, $2, $3::jsonb)`, [
    songId,
    synced,
    JSON.stringify(lines),
  ]);
}

/**
 * The seed songs' renditions and loudness, in one statement: each row names its song by id and audio path
 * (a song whose file an admin replaced keeps its own); a song that has these renditions already is left be.
 */
export const applyRenditions = (
  db: Queryable,
  rows: ReadonlyArray<{
    id: string | undefined;
    audio_url: string;
    content_hash: string;
    standard_key: string;
    high_key: string;
    loudness_lufs: number;
    true_peak_db: number;
  }>,
  standardKbps: number,
  highKbps: number,
) =>
  run(
    db,
    sql`UPDATE songs s SET content_hash = r.content_hash, standard_key = r.standard_key,
      standard_kbps = ${standardKbps}, high_key = r.high_key, high_kbps = ${highKbps},
      loudness_lufs = r.loudness_lufs, true_peak_db = r.true_peak_db
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(id uuid, audio_url text, content_hash text,
        standard_key text, high_key text, loudness_lufs real, true_peak_db real)
      WHERE s.id = r.id AND s.audio_url = r.audio_url AND s.standard_key IS DISTINCT FROM r.standard_key`.compile(
      builder,
    ),
  );
