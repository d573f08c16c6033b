import type { TRPCRouterRecord } from "@trpc/server";
import { activityFeedInput, listenerActivityInput, updateActivitySettingsInput } from "../schemas/index.js";
import { authedProcedure, publicProcedure, rateLimited } from "../trpc.js";

export const activityRouter = {
  /** 'From people you follow': what followed listeners did and followed artists released, newest first. */
  feed: authedProcedure
    .input(activityFeedInput)
    .query(({ ctx, input }) => ctx.services.activity.feed(ctx.user.id, input)),
  /** A listener's own activity (the profile's Activity tab); a private profile's only for its owner (403). */
  ofListener: publicProcedure
    .input(listenerActivityInput)
    .query(({ ctx, input }) => ctx.services.activity.ofListener(input.handle, ctx.user, input)),
  /** The caller's "Share my likes" and private session. */
  settings: authedProcedure.query(({ ctx }) => ctx.services.activity.settings(ctx.user.id)),
  updateSettings: authedProcedure
    .use(rateLimited("follow"))
    .input(updateActivitySettingsInput)
    .meta({ catalogWrite: false })
    .mutation(({ ctx, input }) =>
      ctx.services.activity.updateSettings(ctx.user.id, {
        shareLikes: input.shareLikes,
        privateSession: input.privateSession,
      }),
    ),
} satisfies TRPCRouterRecord;
