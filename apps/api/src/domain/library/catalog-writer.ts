// Writes one fully processed song into the catalog in a single transaction: its artist and album (matched
// by matchKey, created when new), the song row with renditions and loudness, its lyrics, and the album's
// loudness. Nothing is written before the renditions exist, so lists and search never show a half-made song.
import { randomUUID } from "node:crypto";
import type { EntityManager } from "typeorm";
import { albumLoudness, type Loudness } from "@purplebeats/media";
import { matchKey } from "./match-key.js";
import type { Lyrics, TrackDescription } from "./track.js";

/** What ingestion hands over once the media are stored. */
export interface ProcessedTrack {
  track: Omit<TrackDescription, "picture" | "lyrics">;
  lyrics: Lyrics | null;
  pictureUrl: string | null;
  /** The song whose file was edited in place: updated (same id) rather than a second song inserted. */
  replacesSongId?: string | null;
  standard: { key: string; kbps: number };
  high: { key: string; kbps: number };
  loudness: Loudness;
}

/** The endpoint that answers a song's audio (access rules and rendition chosen there). */
export const streamPath = (songId: string) => `/api/songs/${songId}/stream`;

/** Catalog writes of concurrent encodes take turns: two new songs of one new artist make one artist. */
const CATALOG_WRITE_LOCK = 0x5042_4c49; // 'PBLI'

async function findOrCreateArtist(tx: EntityManager, name: string): Promise<string> {
  const key = matchKey(name) || name.toLowerCase();
  const [found] = (await tx.query(`SELECT id FROM artists WHERE match_key = $1 ORDER BY created_at LIMIT 1`, [
    key,
  ])) as Array<{ id: string }>;
  if (found) return found.id;
  const [created] = (await tx.query(`INSERT INTO artists (name, match_key) VALUES ($1, $2) RETURNING id`, [
    name,
    key,
  ])) as Array<{ id: string }>;
  return created!.id;
}

async function findOrCreateAlbum(
  tx: EntityManager,
  title: string,
  artistId: string,
  track: ProcessedTrack["track"],
  pictureUrl: string | null,
): Promise<string> {
  const key = matchKey(title) || title.toLowerCase();
  const [found] = (await tx.query(
    `SELECT id FROM albums WHERE match_key = $1 AND artist_id = $2 ORDER BY created_at LIMIT 1`,
    [key, artistId],
  )) as Array<{ id: string }>;
  if (found) {
    await tx.query(
      `UPDATE albums SET image_url = COALESCE(image_url, $2), year = COALESCE(year, $3), genre = COALESCE(genre, $4)
       WHERE id = $1`,
      [found.id, pictureUrl, track.year, track.genre],
    );
    return found.id;
  }
  const [created] = (await tx.query(
    `INSERT INTO albums (title, artist_id, image_url, genre, year, compilation, match_key,
       release_date) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      title,
      artistId,
      pictureUrl,
      track.genre,
      track.year,
      track.compilation,
      key,
      track.year ? `${track.year}-01-01` : null,
    ],
  )) as Array<{ id: string }>;
  return created!.id;
}

/** Recomputes the album's loudness from its songs' and writes it on each of them. */
async function updateAlbumLoudness(tx: EntityManager, albumId: string) {
  const rows = (await tx.query(
    `SELECT loudness_lufs, true_peak_db, duration FROM songs
     WHERE album_id = $1 AND loudness_lufs IS NOT NULL AND true_peak_db IS NOT NULL`,
    [albumId],
  )) as Array<{ loudness_lufs: number; true_peak_db: number; duration: number }>;
  const album = albumLoudness(
    rows.map((row) => ({
      integratedLufs: Number(row.loudness_lufs),
      truePeakDb: Number(row.true_peak_db),
      durationMs: Math.max(1, Number(row.duration)) * 1000,
    })),
  );
  if (!album) return;
  await tx.query(`UPDATE songs SET album_loudness_lufs = $2, album_true_peak_db = $3 WHERE album_id = $1`, [
    albumId,
    album.integratedLufs,
    album.truePeakDb,
  ]);
}

/** Inserts the song (once per content hash), or updates the one it replaces, and answers its id. */
export async function writeProcessedTrack(tx: EntityManager, processed: ProcessedTrack): Promise<string> {
  const { track } = processed;
  await tx.query(`SELECT pg_advisory_xact_lock($1)`, [CATALOG_WRITE_LOCK]);
  const [existing] = (await tx.query(`SELECT id FROM songs WHERE content_hash = $1`, [
    track.contentHash,
  ])) as Array<{
    id: string;
  }>;
  if (existing) return existing.id;

  const artistName = track.artists[0] ?? "Unknown Artist";
  const artistId = await findOrCreateArtist(tx, artistName);
  let albumId: string | null = null;
  if (track.album) {
    // A compilation stays one album under its album artist; each track keeps its own artist.
    const albumArtist = track.albumArtist ?? (track.compilation ? "Various Artists" : artistName);
    const albumArtistId =
      matchKey(albumArtist) === matchKey(artistName) ? artistId : await findOrCreateArtist(tx, albumArtist);
    albumId = await findOrCreateAlbum(tx, track.album, albumArtistId, track, processed.pictureUrl);
  }
  const fields = [
    track.title,
    artistId,
    albumId,
    Math.max(1, Math.round(track.durationMs / 1000)),
    albumId ? null : processed.pictureUrl,
    track.genre,
    track.trackNo,
    track.discNo,
    track.source,
    track.size,
    Math.trunc(track.mtimeMs),
    track.contentHash,
    processed.standard.key,
    processed.standard.kbps,
    processed.high.key,
    processed.high.kbps,
    processed.loudness.integratedLufs,
    processed.loudness.truePeakDb,
  ];
  const [replaced] = processed.replacesSongId
    ? ((await tx.query(`SELECT id, album_id FROM songs WHERE id = $1`, [processed.replacesSongId])) as Array<{
        id: string;
        album_id: string | null;
      }>)
    : [];
  const songId = replaced?.id ?? randomUUID();
  if (replaced) {
    // Edited in place: the file's new tags and audio on the same song (admin flags such as hidden stay).
    await tx.query(
      `UPDATE songs SET title = $1, artist_id = $2, album_id = $3, duration = $4, image_url = $5, genre = $6,
         track_number = $7, disc_number = $8, source = $9, source_size = $10, source_mtime_ms = $11,
         content_hash = $12, standard_key = $13, standard_kbps = $14, high_key = $15, high_kbps = $16,
         loudness_lufs = $17, true_peak_db = $18, album_loudness_lufs = NULL, album_true_peak_db = NULL,
         unavailable = false
       WHERE id = $19`,
      [...fields, songId],
    );
    await tx.query(`DELETE FROM lyrics WHERE song_id = $1`, [songId]);
    if (replaced.album_id && replaced.album_id !== albumId) await updateAlbumLoudness(tx, replaced.album_id);
  } else {
    await tx.query(
      `INSERT INTO songs (title, artist_id, album_id, duration, image_url, genre, track_number, disc_number, source,
         source_size, source_mtime_ms, content_hash, standard_key, standard_kbps, high_key, high_kbps,
         loudness_lufs, true_peak_db, id, audio_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)`,
      // Players that know only audioUrl get the standard rendition through the stream endpoint.
      [...fields, songId, streamPath(songId)],
    );
  }
  if (processed.lyrics && processed.lyrics.lines.length > 0) {
    await tx.query(`INSERT INTO lyrics (song_id, synced, lines) VALUES ($1, $2, $3::jsonb)`, [
      songId,
      processed.lyrics.synced,
      JSON.stringify(processed.lyrics.lines),
    ]);
  }
  if (albumId) await updateAlbumLoudness(tx, albumId);
  return songId;
}
