// Listeners report songs (a rights claim, abuse, something else); admins read the open reports by song and
// dismiss them, or take the song down, which resolves them. A takedown is the catalog's own hiding of a
// song (catalog-admin.ts, `hidden`), so that every read that hides a song hides this one too.
import type { DataSource } from "typeorm";
import { TRPCError } from "@trpc/server";
import {
  API_ERROR_MESSAGES,
  SONG_ALREADY_REPORTED,
  SONG_REPORT_REASONS,
  type ReportedSongDto,
  type SongReportReason,
  type SongReportService,
} from "@purplebeats/contracts";
import {
  insertSongReport,
  openReportsBySong,
  reportableSong,
  resolveSongReports,
  type OpenReportRow,
} from "../../data/song-reports.js";
import { isForeignKeyViolation } from "../../data/pg-errors.js";
import { songExists } from "../../data/support.js";

/** Songs the queue shows at once: a page the admins clear before the next. */
const QUEUE_SONGS = 50;

const reasonOf = (value: string): SongReportReason =>
  SONG_REPORT_REASONS.find((reason) => reason === value) ?? "other";

const songNotFound = () => new TRPCError({ code: "NOT_FOUND", message: API_ERROR_MESSAGES.songNotFound });

/** One queue entry per song, its reports in the order they came. */
export function groupBySong(rows: readonly OpenReportRow[]): ReportedSongDto[] {
  const songs = new Map<string, ReportedSongDto>();
  for (const row of rows) {
    let song = songs.get(row.song_id);
    if (!song) {
      song = {
        songId: row.song_id,
        title: row.title,
        artist: row.artist,
        hidden: row.hidden,
        openReports: Number(row.open_reports),
        reasons: { rights: 0, abuse: 0, other: 0 },
        reports: [],
        firstReportedAt: new Date(row.first_at).toISOString(),
      };
      songs.set(row.song_id, song);
    }
    const reason = reasonOf(row.reason);
    song.reasons[reason] += 1;
    song.reports.push({
      id: row.id,
      reason,
      details: row.details,
      reporter: row.reporter,
      createdAt: new Date(row.created_at).toISOString(),
    });
  }
  return [...songs.values()];
}

export interface SongReportOptions {
  /** The admins' takedown of a song: hidden everywhere at once (lists, search, pages, streams, downloads). */
  takeDownSong(songId: string): Promise<unknown>;
}

export function createSongReportService(db: DataSource, options: SongReportOptions): SongReportService {
  return {
    async create(userId, input) {
      if (!(await reportableSong(db, input.songId))) throw songNotFound();
      let row;
      try {
        row = await insertSongReport(db, {
          songId: input.songId,
          userId,
          reason: input.reason,
          details: input.details ?? "",
        });
      } catch (error) {
        // The song was deleted between the check and the insert.
        if (isForeignKeyViolation(error)) throw songNotFound();
        throw error;
      }
      if (!row) throw new TRPCError({ code: "CONFLICT", message: SONG_ALREADY_REPORTED });
      return {
        id: row.id,
        songId: row.song_id,
        reason: reasonOf(row.reason),
        details: row.details,
        createdAt: new Date(row.created_at).toISOString(),
      };
    },

    async adminQueue() {
      return groupBySong(await openReportsBySong(db, QUEUE_SONGS));
    },

    async dismiss(adminId, songId) {
      const resolved = await resolveSongReports(db, songId, adminId, "dismissed");
      if (resolved === 0 && !(await songExists(db, songId))) throw songNotFound();
      return { songId, resolved, hidden: !(await reportableSong(db, songId)) };
    },

    async takeDown(adminId, songId) {
      // Hidden first: should closing the reports fail, the song is gone and taking it down again closes them.
      await options.takeDownSong(songId);
      const resolved = await resolveSongReports(db, songId, adminId, "taken_down");
      return { songId, resolved, hidden: true };
    },
  };
}
