// What a stream needs to know of a song (read on every play: one primary-key lookup joined with its
// album's members-only flag), and a song's lyrics.
import type { DataSource } from "typeorm";
import { selectRow } from "./sql.js";

export interface StreamRow {
  standard_key: string | null;
  standard_kbps: number | null;
  high_key: string | null;
  high_kbps: number | null;
  low_key: string | null;
  low_kbps: number | null;
  audio_url: string | null;
  hidden: boolean;
  unavailable: boolean;
  members_only: boolean;
}

export const streamSource = (db: DataSource, songId: string) =>
  selectRow<StreamRow>(
    db,
    `SELECT s.standard_key, s.standard_kbps, s.high_key, s.high_kbps, s.low_key, s.low_kbps,
       s.audio_url, s.hidden, s.unavailable,
       (s.members_only OR COALESCE(al.members_only, false)) AS members_only
     FROM songs s LEFT JOIN albums al ON al.id = s.album_id WHERE s.id = $1`,
    [songId],
  );

export interface LyricsRow {
  synced: boolean;
  lines: Array<{ timeMs: number | null; text: string }>;
}

/** A song's lyrics (who may read them is the media service's rule, the stream's). */
export const songLyrics = (db: DataSource, songId: string) =>
  selectRow<LyricsRow>(db, `SELECT synced, lines FROM lyrics WHERE song_id = $1`, [songId]);
