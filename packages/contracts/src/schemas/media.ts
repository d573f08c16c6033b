import { z } from "zod";
import { ART_WIDTHS, type ArtWidth } from "../constants.js";
import { songIdSchema } from "./common.js";

/**
 * low: 64 kbps MP3 for everyone (the data saver); standard: 128 kbps for everyone; high: 320 kbps (or the
 * lossy source at or under it), premium only.
 */
export const STREAM_QUALITIES = ["low", "standard", "high"] as const;
export type StreamQuality = (typeof STREAM_QUALITIES)[number];

export const streamInput = z.object({
  songId: songIdSchema,
  quality: z.enum(STREAM_QUALITIES, { error: "quality must be low, standard or high" }).default("standard"),
});
export const lyricsInput = z.object({ songId: songIdSchema });

/** Where a song's audio is, once the caller may play it: a file on this server or a short-lived URL. */
export type StreamSource = {
  quality: StreamQuality;
  kbps: number;
  contentType: string;
} & ({ kind: "file"; file: string } | { kind: "url"; url: string });

/** What songs.stream tells a player: the URL to fetch (the stream endpoint, or a short-lived signed URL). */
export const streamDtoSchema = z.object({
  url: z.string(),
  quality: z.enum(STREAM_QUALITIES),
  kbps: z.number(),
  contentType: z.string(),
});
export type StreamDto = z.infer<typeof streamDtoSchema>;

/** The REST endpoint that answers a song's audio. */
export const streamPath = (songId: string, quality: StreamQuality) =>
  `/api/songs/${songId}/stream?quality=${quality}`;

export const lyricLineSchema = z.object({
  /** Where the line starts (ms); null for unsynced lyrics. */
  timeMs: z.number().nullable(),
  text: z.string(),
});
export type LyricLineDto = z.infer<typeof lyricLineSchema>;
export const lyricsSchema = z
  .object({ synced: z.boolean(), lines: z.array(lyricLineSchema) })
  .describe("A song's lyrics: no lines (and not synced) for a song that has none");
export type LyricsDto = z.infer<typeof lyricsSchema>;

export const skippedFileSchema = z.object({ source: z.string(), reason: z.string() });
export type SkippedFileDto = z.infer<typeof skippedFileSchema>;
export const libraryScanSchema = z.object({
  id: z.string(),
  state: z.enum(["running", "finished", "failed"]),
  roots: z.array(z.string()),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  counts: z.object({
    found: z.number(),
    ingested: z.number(),
    unchanged: z.number(),
    missing: z.number(),
    skipped: z.number(),
  }),
  /** Files the scan (or the encoder) could not take in, and why. */
  skipped: z.array(skippedFileSchema),
  /** The scan's songs in the encoding queue, by state. */
  encode: z.object({ queued: z.number(), active: z.number(), completed: z.number(), failed: z.number() }),
  error: z.string().nullable(),
});
export type LibraryScanDto = z.infer<typeof libraryScanSchema>;

/** The query of a catalog picture at one of ART_WIDTHS: /media/covers/<file>?w=192. */
export const sizedArtQuery = z.object({
  w: z.coerce
    .number({ error: `w must be one of ${ART_WIDTHS.join(", ")}` })
    .refine((w): w is ArtWidth => (ART_WIDTHS as readonly number[]).includes(w), {
      error: `w must be one of ${ART_WIDTHS.join(", ")}`,
    }),
});
