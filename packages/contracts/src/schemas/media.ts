import { z } from "zod";
import { songIdSchema } from "./common.js";

/** standard: 128 kbps for everyone; high: 320 kbps (or the lossy source at or under it), premium only. */
export const STREAM_QUALITIES = ["standard", "high"] as const;
export type StreamQuality = (typeof STREAM_QUALITIES)[number];

export const streamInput = z.object({
  songId: songIdSchema,
  quality: z.enum(STREAM_QUALITIES, { error: "quality must be standard or high" }).default("standard"),
});
export const lyricsInput = z.object({ songId: songIdSchema });

/** Where a song's audio is, once the caller may play it: a file on this server or a short-lived URL. */
export type StreamSource = {
  quality: StreamQuality;
  kbps: number;
  contentType: string;
} & ({ kind: "file"; file: string } | { kind: "url"; url: string });

/** What songs.stream tells a player: the URL to fetch (the stream endpoint, or a short-lived signed URL). */
export interface StreamDto {
  url: string;
  quality: StreamQuality;
  kbps: number;
  contentType: string;
}

/** The REST endpoint that answers a song's audio. */
export const streamPath = (songId: string, quality: StreamQuality) =>
  `/api/songs/${songId}/stream?quality=${quality}`;

export interface LyricLineDto {
  /** Where the line starts (ms); null for unsynced lyrics. */
  timeMs: number | null;
  text: string;
}
export interface LyricsDto {
  synced: boolean;
  lines: LyricLineDto[];
}

export interface SkippedFileDto {
  source: string;
  reason: string;
}
export interface LibraryScanDto {
  id: string;
  state: "running" | "finished" | "failed";
  roots: string[];
  startedAt: string;
  finishedAt: string | null;
  counts: { found: number; ingested: number; unchanged: number; missing: number; skipped: number };
  /** Files the scan (or the encoder) could not take in, and why. */
  skipped: SkippedFileDto[];
  /** The scan's songs in the encoding queue, by state. */
  encode: { queued: number; active: number; completed: number; failed: number };
  error: string | null;
}
