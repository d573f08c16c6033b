import type { TRPCRouterRecord } from "@trpc/server";
import { deleteAccountInput, playHistoryInput, receiptsInput } from "../schemas/index.js";
import { authedProcedure, rateLimited } from "../trpc.js";

/** The caller's own account: every procedure reads or changes only the session's user (guests included). */
export const accountRouter = {
  /** Sign-in method, Pi username and membership. */
  overview: authedProcedure.query(({ ctx }) => ctx.services.myAccount.overview(ctx.user.id)),
  /** Each payment, newest first. */
  receipts: authedProcedure
    .input(receiptsInput)
    .query(({ ctx, input }) => ctx.services.myAccount.receipts(ctx.user.id, input)),
  /** The full play history, newest first, a song as often as it was played. */
  plays: authedProcedure
    .input(playHistoryInput)
    .query(({ ctx, input }) => ctx.services.myAccount.plays(ctx.user.id, input)),
  /** Everything stored about the caller (limited: it reads every personal table). */
  exportData: authedProcedure
    .use(rateLimited("account"))
    .query(({ ctx }) => ctx.services.myAccount.exportData(ctx.user.id)),
  /**
   * Removes the caller's data (payments stay for the books, no longer naming them) and ends the session: the
   * same guest or Pi user signing in again starts fresh. Their public playlists leave the catalog. Refused
   * (409) while one of their payments is approved and not yet settled.
   */
  delete: authedProcedure
    .use(rateLimited("account"))
    .input(deleteAccountInput)
    .meta({ catalogWrite: true })
    .mutation(async ({ ctx }) => {
      await ctx.services.myAccount.deleteAccount(ctx.user.id);
      await ctx.session.end();
      return { deleted: true as const };
    }),
} satisfies TRPCRouterRecord;
