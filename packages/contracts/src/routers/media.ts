import { TRPCError, type TRPCRouterRecord } from "@trpc/server";
import { lyricsInput, streamInput, streamPath, type StreamDto } from "../schemas/index.js";
import type { PlayRefusal } from "../services.js";
import { DOWNLOADS_PREMIUM_MESSAGE } from "../constants.js";
import { adminProcedure, PREMIUM_REQUIRED_MESSAGE, publicProcedure } from "../trpc.js";

/** Why the caller may not play a song, as the stream endpoint and songs.stream both answer it. */
export function streamRefusal(reason: PlayRefusal): TRPCError {
  if (reason === "not-found") return new TRPCError({ code: "NOT_FOUND", message: "Song not found" });
  return new TRPCError({
    code: "FORBIDDEN",
    message: `${PREMIUM_REQUIRED_MESSAGE}. ${
      reason === "members-only"
        ? "This song is for Premium members only."
        : reason === "downloads-premium"
          ? DOWNLOADS_PREMIUM_MESSAGE
          : "High quality audio is for Premium members."
    }`,
  });
}

/** songs.stream and songs.lyrics: what a listener may play, and the words (none: no lines, not an error). */
export const songMediaProcedures = {
  /** Where the caller may fetch the song's audio; the REST stream endpoint answers the bytes from it. */
  stream: publicProcedure.input(streamInput).query(async ({ ctx, input }) => {
    const access = await ctx.services.media.streamSource(input.songId, input.quality, ctx.user?.id ?? null);
    if (access.ok) {
      const { source } = access;
      // A file on this server is answered by the stream endpoint; its path never leaves the server.
      const url = source.kind === "url" ? source.url : streamPath(input.songId, input.quality);
      return {
        url,
        quality: source.quality,
        kbps: source.kbps,
        contentType: source.contentType,
      } satisfies StreamDto;
    }
    throw streamRefusal(access.reason);
  }),
  lyrics: publicProcedure.input(lyricsInput).query(async ({ ctx, input }) => {
    const access = await ctx.services.media.lyrics(input.songId, ctx.user?.id ?? null);
    if (!access.ok) throw streamRefusal(access.reason);
    // A song without lyrics is not an error: it has no lines (a 404 here was logged by every browser).
    return access.lyrics ?? { synced: false, lines: [] };
  }),
} satisfies TRPCRouterRecord;

/** admin.scanLibrary and admin.latestLibraryScan. */
export const libraryAdminProcedures = {
  scanLibrary: adminProcedure.meta({ catalogWrite: true }).mutation(async ({ ctx }) => {
    const scan = await ctx.services.media.startScan();
    if (!scan)
      throw new TRPCError({
        code: "PRECONDITION_FAILED",
        message: "No music folder is configured (set MUSIC_DIR)",
      });
    return scan;
  }),
  latestLibraryScan: adminProcedure.query(async ({ ctx }) => {
    const scan = await ctx.services.media.latestScan();
    if (!scan) throw new TRPCError({ code: "NOT_FOUND", message: "No library scan yet" });
    return scan;
  }),
} satisfies TRPCRouterRecord;
