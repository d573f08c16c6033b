// Listeners' reports of songs (a rights claim, abuse, something else), and the admins' queue of them:
// open reports grouped by song, dismissed or resolved by taking the song down.
import { z } from "zod";
import {
  SONG_REPORT_DETAILS_MAX,
  SONG_REPORT_DETAILS_TOO_LONG,
  SONG_REPORT_REASON_INVALID,
  SONG_REPORT_REASONS,
} from "../report-rules.js";
import { songIdSchema, typedText } from "./common.js";

export const songReportReasonSchema = z.enum(SONG_REPORT_REASONS, { error: SONG_REPORT_REASON_INVALID });

export const reportSongInput = z.object({
  songId: songIdSchema,
  reason: songReportReasonSchema,
  details: typedText(SONG_REPORT_DETAILS_TOO_LONG)
    .max(SONG_REPORT_DETAILS_MAX, SONG_REPORT_DETAILS_TOO_LONG)
    .optional(),
});
export type ReportSongInput = z.infer<typeof reportSongInput>;

/** What the reporter gets back: their report, open until an admin dismisses it or takes the song down. */
export const songReportSchema = z.object({
  id: z.string(),
  songId: z.string(),
  reason: songReportReasonSchema,
  details: z.string(),
  createdAt: z.string(),
});
export type SongReportDto = z.infer<typeof songReportSchema>;

/** One song of the admins' queue: its open reports, counted by reason, with what each reporter wrote. */
export const reportedSongSchema = z.object({
  songId: z.string(),
  title: z.string(),
  artist: z.string(),
  /** Already hidden (a takedown of its release, or an admin's edit): taking it down again only resolves. */
  hidden: z.boolean(),
  openReports: z.number(),
  reasons: z.object({ rights: z.number(), abuse: z.number(), other: z.number() }),
  reports: z.array(
    z.object({
      id: z.string(),
      reason: songReportReasonSchema,
      details: z.string(),
      reporter: z.string(),
      createdAt: z.string(),
    }),
  ),
  firstReportedAt: z.string(),
});
export type ReportedSongDto = z.infer<typeof reportedSongSchema>;

export const reportedSongRefInput = z.object({ songId: songIdSchema });

/** What an admin's decision did: the reports it resolved, and whether the song is now hidden. */
export const reportDecisionSchema = z.object({
  songId: z.string(),
  resolved: z.number(),
  hidden: z.boolean(),
});
export type ReportDecisionDto = z.infer<typeof reportDecisionSchema>;
