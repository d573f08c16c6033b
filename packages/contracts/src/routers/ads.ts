import type { TRPCRouterRecord } from "@trpc/server";
import { adRewardInput } from "../schemas/index.js";
import { authedProcedure, rateLimited } from "../trpc.js";

export const adsRouter = {
  /** The caller's skips earned with rewarded ads: until when they run (null: none). */
  skipPass: authedProcedure.query(({ ctx }) => ctx.services.ads.skipPass(ctx.user)),
  /**
   * A rewarded ad watched: the server asks Pi whether its reward was granted, and grants 30 minutes of skips
   * once per ad. Refused for guests (Pi shows rewarded ads to signed-in users only) and members (they skip anyway).
   */
  claimReward: authedProcedure
    .use(rateLimited("adReward"))
    .meta({ catalogWrite: false })
    .input(adRewardInput)
    .mutation(({ ctx, input }) => ctx.services.ads.claimReward(ctx.user, input.adId)),
} satisfies TRPCRouterRecord;
