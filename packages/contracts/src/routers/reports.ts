import type { TRPCRouterRecord } from "@trpc/server";
import { reportedSongRefInput, reportSongInput } from "../schemas/index.js";
import { adminProcedure, authedProcedure, rateLimited } from "../trpc.js";

/**
 * Any listener with a session (guests too: a guest session is an identity) reports a song; the admins'
 * dashboard reads the open reports by song and dismisses them or takes the song down. Who reported is
 * the admins' alone: no artist-facing read carries it.
 */
export const songReportsRouter = {
  create: authedProcedure
    .use(rateLimited("report"))
    .input(reportSongInput)
    .meta({ catalogWrite: false })
    .mutation(({ ctx, input }) => ctx.services.songReports.create(ctx.user.id, input)),
  /** Songs with open reports, the most reported first. */
  adminQueue: adminProcedure.query(({ ctx }) => ctx.services.songReports.adminQueue()),
  /** The song stays; its open reports are closed as dismissed. */
  dismiss: adminProcedure
    .input(reportedSongRefInput)
    .meta({ catalogWrite: false })
    .mutation(({ ctx, input }) => ctx.services.songReports.dismiss(ctx.user.id, input.songId)),
  /** The song is hidden everywhere (the admins' takedown of a song) and its open reports are resolved. */
  takeDown: adminProcedure
    .input(reportedSongRefInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => ctx.services.songReports.takeDown(ctx.user.id, input.songId)),
} satisfies TRPCRouterRecord;
