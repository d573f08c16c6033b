import type { TRPCRouterRecord } from "@trpc/server";
import { createNewsPostInput, newsListInput, newsPostInput, updateNewsPostInput } from "../schemas/index.js";
import { adminProcedure, publicProcedure, rateLimited } from "../trpc.js";

/** Admins' writes share the social bucket: an admin API token in a loop should not flood the page. */
const newsWrite = adminProcedure.use(rateLimited("follow")).meta({ catalogWrite: false });

export const newsRouter = {
  /** News & Updates: published announcements, newest first. Public, like /legal. */
  list: publicProcedure.input(newsListInput).query(({ ctx, input }) => ctx.services.news.list(input, false)),
  /** Every announcement, those scheduled for later included (the admin dashboard). */
  adminList: adminProcedure
    .input(newsListInput)
    .query(({ ctx, input }) => ctx.services.news.list(input, true)),
  create: newsWrite
    .input(createNewsPostInput)
    .mutation(({ ctx, input }) => ctx.services.news.create(ctx.user.id, input)),
  update: newsWrite.input(updateNewsPostInput).mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return ctx.services.news.update(id, changes);
  }),
  delete: newsWrite.input(newsPostInput).mutation(({ ctx, input }) => ctx.services.news.remove(input.id)),
} satisfies TRPCRouterRecord;
