// What the library scanner and admin uploads read from one audio file, before anything is written: the one
// shape that both ways in hand to the ingestion pipeline.

// "aac" is raw ADTS AAC (a `.aac` file), served as audio/aac; AAC inside MP4 is "m4a".
export const AUDIO_FORMATS = ["mp3", "flac", "ogg", "opus", "m4a", "aac", "wav"] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

export interface LyricLine {
  /** Where the line starts; null for unsynced lyrics. */
  timeMs: number | null;
  text: string;
}

export interface Lyrics {
  synced: boolean;
  lines: LyricLine[];
}

export interface Picture {
  data: Uint8Array;
  mime: "image/jpeg" | "image/png" | "image/webp";
}

export interface TrackDescription {
  /** The file read (absolute), or the upload's object key for uploads. */
  source: string;
  size: number;
  mtimeMs: number;
  /** sha256 of the file's bytes, hex: the same music under another name is the same song. */
  contentHash: string;
  format: AudioFormat;
  title: string;
  /** The track's own artists, first the main one (never empty). */
  artists: string[];
  album: string | null;
  /** The album's artist ('Various Artists' for a compilation). */
  albumArtist: string | null;
  compilation: boolean;
  trackNo: number | null;
  discNo: number | null;
  year: number | null;
  genre: string | null;
  /** From the audio stream, not from a tag. */
  durationMs: number;
  bitrateKbps: number | null;
  lossless: boolean;
  /** The embedded picture, else the album folder's cover.jpg / folder.jpg / front.png. */
  picture: Picture | null;
  /** A sidecar .lrc (synced) wins over embedded lyrics. */
  lyrics: Lyrics | null;
}

/** A file that could not be read, and why, in an operator's words (shown in the scan report). */
export interface SkippedFile {
  source: string;
  reason: string;
}

export type ReadResult = { ok: true; track: TrackDescription } | { ok: false; skipped: SkippedFile };
