// The catalog writer's statements: artists and albums matched by match key (created when new), the song
// row inserted or edited in place, its lyrics and its album's loudness. They run in the writer's one
// transaction (its EntityManager); the song row's lookups are also read by ingestion and the encoder.
import type { SongsTable } from "@purplebeats/db/schema-types";
import { sql, type Insertable } from "kysely";
import { builder, run, runOne, type Queryable } from "./sql.js";
import { must } from "./must.js";

/** Catalog writes of concurrent encodes take turns: two new songs of one new artist make one artist. */
const CATALOG_WRITE_LOCK = 0x5042_4c49; // 'PBLI'

export async function takeCatalogWriteTurn(tx: Queryable): Promise<void> {
  await run(tx, sql`SELECT pg_advisory_xact_lock(${CATALOG_WRITE_LOCK})`.compile(builder));
}

/** The song that holds this music already (one song per content hash). */
export const songIdByContentHash = (db: Queryable, contentHash: string) =>
  runOne(db, builder.selectFrom("songs").select("id").where("content_hash", "=", contentHash).compile());

/** The song being edited in place, with the album it leaves (whose loudness is then recomputed). */
export const songToReplace = (tx: Queryable, songId: string) =>
  runOne(tx, builder.selectFrom("songs").select(["id", "album_id"]).where("id", "=", songId).compile());

export const oldestArtistByMatchKey = (tx: Queryable, key: string) =>
  runOne(
    tx,
    builder
      .selectFrom("artists")
      .select("id")
      .where("match_key", "=", key)
      .orderBy("created_at")
      .limit(1)
      .compile(),
  );

export async function insertArtist(tx: Queryable, name: string, key: string): Promise<string> {
  const created = await runOne(
    tx,
    builder.insertInto("artists").values({ name, match_key: key }).returning("id").compile(),
  );
  return must(created, "an INSERT ... RETURNING answers its row").id;
}

export const oldestAlbumByMatchKey = (tx: Queryable, key: string, artistId: string) =>
  runOne(
    tx,
    builder
      .selectFrom("albums")
      .select("id")
      .where("match_key", "=", key)
      .where("artist_id", "=", artistId)
      .orderBy("created_at")
      .limit(1)
      .compile(),
  );

export interface AlbumFacts {
  imageUrl: string | null;
  year: number | null;
  genre: string | null;
}

/** Fills what the album does not know yet (its picture, year, genre) from a newly written track. */
export async function fillAlbumFacts(tx: Queryable, albumId: string, facts: AlbumFacts): Promise<void> {
  await run(
    tx,
    builder
      .updateTable("albums")
      .set((eb) => ({
        image_url: eb.fn.coalesce("image_url", eb.val(facts.imageUrl)),
        year: eb.fn.coalesce("year", eb.val(facts.year)),
        genre: eb.fn.coalesce("genre", eb.val(facts.genre)),
      }))
      .where("id", "=", albumId)
      .compile(),
  );
}

export interface NewAlbum extends AlbumFacts {
  title: string;
  artistId: string;
  compilation: boolean;
  matchKey: string;
}

export async function insertAlbum(tx: Queryable, album: NewAlbum): Promise<string> {
  const created = await runOne(
    tx,
    builder
      .insertInto("albums")
      .values({
        title: album.title,
        artist_id: album.artistId,
        image_url: album.imageUrl,
        genre: album.genre,
        year: album.year,
        compilation: album.compilation,
        match_key: album.matchKey,
        release_date: album.year ? `${album.year}-01-01` : null,
      })
      .returning("id")
      .compile(),
  );
  return must(created, "an INSERT ... RETURNING answers its row").id;
}

/** The measured songs of an album, for its album loudness (real columns: numbers; duration in seconds). */
export const measuredSongsOfAlbum = (tx: Queryable, albumId: string) =>
  run(
    tx,
    builder
      .selectFrom("songs")
      .select(["loudness_lufs", "true_peak_db", "duration"])
      .where("album_id", "=", albumId)
      .where("loudness_lufs", "is not", null)
      .where("true_peak_db", "is not", null)
      .$narrowType<{ loudness_lufs: number; true_peak_db: number }>()
      .compile(),
  );

export async function setAlbumLoudness(
  tx: Queryable,
  albumId: string,
  integratedLufs: number,
  truePeakDb: number,
): Promise<void> {
  await run(
    tx,
    builder
      .updateTable("songs")
      .set({ album_loudness_lufs: integratedLufs, album_true_peak_db: truePeakDb })
      .where("album_id", "=", albumId)
      .compile(),
  );
}

/** A song row's fields as the writer sets them. */
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
  lowKey: string;
  lowKbps: number;
  loudnessLufs: number;
  truePeakDb: number;
  /** An artist's release: its songs are hidden until it is approved. */
  releaseId?: string;
  hidden?: boolean;
}

/** The song row's columns the writer sets, checked against the schema. */
const songColumns = (f: SongFields) =>
  ({
    title: f.title,
    artist_id: f.artistId,
    album_id: f.albumId,
    duration: f.duration,
    image_url: f.imageUrl,
    genre: f.genre,
    track_number: f.trackNo,
    disc_number: f.discNo,
    source: f.source,
    source_size: f.size,
    source_mtime_ms: f.mtimeMs,
    content_hash: f.contentHash,
    standard_key: f.standardKey,
    standard_kbps: f.standardKbps,
    high_key: f.highKey,
    high_kbps: f.highKbps,
    low_key: f.lowKey,
    low_kbps: f.lowKbps,
    loudness_lufs: f.loudnessLufs,
    true_peak_db: f.truePeakDb,
    ...(f.releaseId !== undefined && { release_id: f.releaseId }),
    ...(f.hidden !== undefined && { hidden: f.hidden }),
  }) satisfies Insertable<SongsTable>;

/** Edited in place: the file's new tags and audio on the same song (admin flags such as hidden stay). */
export async function updateSong(tx: Queryable, songId: string, fields: SongFields): Promise<void> {
  await run(
    tx,
    builder
      .updateTable("songs")
      .set({
        ...songColumns(fields),
        album_loudness_lufs: null,
        album_true_peak_db: null,
        unavailable: false,
      })
      .where("id", "=", songId)
      .compile(),
  );
  await run(tx, builder.deleteFrom("lyrics").where("song_id", "=", songId).compile());
}

export async function insertSong(
  tx: Queryable,
  songId: string,
  fields: SongFields,
  audioUrl: string,
): Promise<void> {
  await run(
    tx,
    builder
      .insertInto("songs")
      .values({ ...songColumns(fields), id: songId, audio_url: audioUrl })
      .compile(),
  );
}

export async function insertLyrics(
  tx: Queryable,
  songId: string,
  synced: boolean,
  lines: readonly unknown[],
): Promise<void> {
  await run(
    tx,
    builder
      .insertInto("lyrics")
      .values({ song_id: songId, synced, lines: sql`${JSON.stringify(lines)}::jsonb` })
      .compile(),
  );
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
    low_key: string;
    loudness_lufs: number;
    true_peak_db: number;
  }>,
  kbps: { standard: number; high: number; low: number },
) =>
  run(
    db,
    sql`UPDATE songs s SET content_hash = r.content_hash, standard_key = r.standard_key,
      standard_kbps = ${kbps.standard}, high_key = r.high_key, high_kbps = ${kbps.high},
      low_key = r.low_key, low_kbps = ${kbps.low},
      loudness_lufs = r.loudness_lufs, true_peak_db = r.true_peak_db
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(id uuid, audio_url text, content_hash text,
        standard_key text, high_key text, low_key text, loudness_lufs real, true_peak_db real)
      WHERE s.id = r.id AND s.audio_url = r.audio_url
        AND (s.standard_key IS DISTINCT FROM r.standard_key OR s.low_key IS DISTINCT FROM r.low_key)`.compile(
      builder,
    ),
  );

/** Encoded songs still without the data saver's rendition (ingested before it existed): a batch, oldest first. */
export const songsWithoutLowRendition = (db: Queryable, limit: number) =>
  run(
    db,
    builder
      .selectFrom("songs")
      .select(["id", "content_hash", "standard_key", "high_key"])
      .where("low_key", "is", null)
      .where("standard_key", "is not", null)
      .where("content_hash", "is not", null)
      .orderBy("id")
      .limit(limit)
      .compile(),
  );

export const setLowRendition = (db: Queryable, songId: string, key: string, kbps: number) =>
  run(
    db,
    builder.updateTable("songs").set({ low_key: key, low_kbps: kbps }).where("id", "=", songId).compile(),
  );
