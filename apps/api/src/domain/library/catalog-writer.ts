// Writes one fully processed song into the catalog in a single transaction: its artist and album (matched
// by matchKey, created when new), the song row with renditions and loudness, its lyrics, and the album's
// loudness. Nothing is written before the renditions exist, so lists and search never show a half-made song.
import { randomUUID } from "node:crypto";
import type { EntityManager } from "typeorm";
import { albumLoudness, type Loudness } from "@purplebeats/media";
import { matchKey } from "./match-key.js";
import type { Lyrics, TrackDescription } from "./track.js";
import {
  fillAlbumFacts,
  insertAlbum,
  insertArtist,
  insertLyrics,
  insertSong,
  measuredSongsOfAlbum,
  oldestAlbumByMatchKey,
  oldestArtistByMatchKey,
  setAlbumLoudness,
  songIdByContentHash,
  songToReplace,
  takeCatalogWriteTurn,
  updateSong,
  type SongFields,
} from "../../data/catalog-writes.js";
import { releaseIsApproved } from "../../data/releases.js";

/**
 * Where an artist's release puts a song: under its artist and album (never matched by tags), with the
 * release's genre and the manager's title and track number; hidden unless the release is approved.
 */
export interface ReleaseTarget {
  releaseId: string;
  artistId: string;
  albumId: string;
  title: string | null;
  trackNo: number;
  genre: string;
}

/** What ingestion hands over once the media are stored. */
export interface ProcessedTrack {
  track: Omit<TrackDescription, "picture" | "lyrics">;
  lyrics: Lyrics | null;
  pictureUrl: string | null;
  /** The song whose file was edited in place: updated (same id) rather than a second song inserted. */
  replacesSongId?: string | null;
  standard: { key: string; kbps: number };
  high: { key: string; kbps: number };
  low: { key: string; kbps: number };
  loudness: Loudness;
  release?: ReleaseTarget | null;
}

/** The endpoint that answers a song's audio (access rules and rendition chosen there). */
export const streamPath = (songId: string) => `/api/songs/${songId}/stream`;

async function findOrCreateArtist(tx: EntityManager, name: string): Promise<string> {
  const key = matchKey(name) || name.toLowerCase();
  const found = await oldestArtistByMatchKey(tx, key);
  return found ? found.id : insertArtist(tx, name, key);
}

async function findOrCreateAlbum(
  tx: EntityManager,
  title: string,
  artistId: string,
  track: ProcessedTrack["track"],
  pictureUrl: string | null,
): Promise<string> {
  const key = matchKey(title) || title.toLowerCase();
  const facts = { imageUrl: pictureUrl, year: track.year, genre: track.genre };
  const found = await oldestAlbumByMatchKey(tx, key, artistId);
  if (found) {
    await fillAlbumFacts(tx, found.id, facts);
    return found.id;
  }
  return insertAlbum(tx, { ...facts, title, artistId, compilation: track.compilation, matchKey: key });
}

/** Recomputes the album's loudness from its songs' and writes it on each of them. */
async function updateAlbumLoudness(tx: EntityManager, albumId: string) {
  const rows = await measuredSongsOfAlbum(tx, albumId);
  const album = albumLoudness(
    rows.map((row) => ({
      integratedLufs: Number(row.loudness_lufs),
      truePeakDb: Number(row.true_peak_db),
      durationMs: Math.max(1, Number(row.duration)) * 1000,
    })),
  );
  if (!album) return;
  await setAlbumLoudness(tx, albumId, album.integratedLufs, album.truePeakDb);
}

/** Inserts the song (once per content hash), or updates the one it replaces, and answers its id. */
export async function writeProcessedTrack(tx: EntityManager, processed: ProcessedTrack): Promise<string> {
  const { track } = processed;
  await takeCatalogWriteTurn(tx);
  const existing = await songIdByContentHash(tx, track.contentHash);
  if (existing) return existing.id;

  const { release } = processed;
  const artistName = track.artists[0] ?? "Unknown Artist";
  const artistId = release ? release.artistId : await findOrCreateArtist(tx, artistName);
  let albumId: string | null = release ? release.albumId : null;
  if (!release && track.album) {
    // A compilation stays one album under its album artist; each track keeps its own artist.
    const albumArtist = track.albumArtist ?? (track.compilation ? "Various Artists" : artistName);
    const albumArtistId =
      matchKey(albumArtist) === matchKey(artistName) ? artistId : await findOrCreateArtist(tx, albumArtist);
    albumId = await findOrCreateAlbum(tx, track.album, albumArtistId, track, processed.pictureUrl);
  }
  const fields: SongFields = {
    title: release?.title ?? track.title,
    artistId,
    albumId,
    duration: Math.max(1, Math.round(track.durationMs / 1000)),
    imageUrl: albumId ? null : processed.pictureUrl,
    genre: release ? release.genre : track.genre,
    trackNo: release ? release.trackNo : track.trackNo,
    discNo: release ? null : track.discNo,
    source: track.source,
    size: track.size,
    mtimeMs: Math.trunc(track.mtimeMs),
    contentHash: track.contentHash,
    standardKey: processed.standard.key,
    standardKbps: processed.standard.kbps,
    highKey: processed.high.key,
    highKbps: processed.high.kbps,
    lowKey: processed.low.key,
    lowKbps: processed.low.kbps,
    loudnessLufs: processed.loudness.integratedLufs,
    truePeakDb: processed.loudness.truePeakDb,
    ...(release && {
      releaseId: release.releaseId,
      // Under the catalog's write turn, as an approval is: a song written while it is approved is listed.
      hidden: !(await releaseIsApproved(tx, release.releaseId)),
    }),
  };
  const replaced = processed.replacesSongId ? await songToReplace(tx, processed.replacesSongId) : undefined;
  const songId = replaced?.id ?? randomUUID();
  if (replaced) {
    // Edited in place: same id, so likes and playlist entries keep pointing at it.
    await updateSong(tx, songId, fields);
    if (replaced.album_id && replaced.album_id !== albumId) await updateAlbumLoudness(tx, replaced.album_id);
  } else {
    // Players that know only audioUrl get the standard rendition through the stream endpoint.
    await insertSong(tx, songId, fields, streamPath(songId));
  }
  if (processed.lyrics && processed.lyrics.lines.length > 0)
    await insertLyrics(tx, songId, processed.lyrics.synced, processed.lyrics.lines);
  if (albumId) await updateAlbumLoudness(tx, albumId);
  return songId;
}
