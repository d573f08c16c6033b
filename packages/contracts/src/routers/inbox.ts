import type { TRPCRouterRecord } from "@trpc/server";
import {
  adminSupportListInput,
  answerSupportRequestInput,
  createSupportRequestInput,
  notificationListInput,
  notificationRefInput,
} from "../schemas/index.js";
import { adminProcedure, authedProcedure, rateLimited } from "../trpc.js";

/** Each listener reads and marks only their own inbox (the session's user, never an id from the request). */
export const notificationsRouter = {
  /** Newest first. */
  list: authedProcedure
    .input(notificationListInput)
    .query(({ ctx, input }) => ctx.services.notifications.list(ctx.user.id, input)),
  unreadCount: authedProcedure.query(({ ctx }) => ctx.services.notifications.unreadCount(ctx.user.id)),
  /** Idempotent; 404 for a notification that is not the caller's. */
  markRead: authedProcedure
    .use(rateLimited("notification"))
    .input(notificationRefInput)
    .meta({ catalogWrite: false })
    .mutation(({ ctx, input }) => ctx.services.notifications.markRead(ctx.user.id, input.id)),
  markAllRead: authedProcedure
    .use(rateLimited("notification"))
    .meta({ catalogWrite: false })
    .mutation(({ ctx }) => ctx.services.notifications.markAllRead(ctx.user.id)),
} satisfies TRPCRouterRecord;

/** Support is for every listener, guests included; answering is the admins'. */
export const supportRouter = {
  create: authedProcedure
    .use(rateLimited("support"))
    .input(createSupportRequestInput)
    .meta({ catalogWrite: false })
    .mutation(({ ctx, input }) => ctx.services.support.create(ctx.user.id, input)),
  /** Members' requests first, then unanswered before answered, newest first within each. */
  adminList: adminProcedure
    .input(adminSupportListInput)
    .query(({ ctx, input }) => ctx.services.support.adminList(input)),
  /** The answer reaches the listener's Notifications; answering again replaces it (404 unknown id). */
  answer: adminProcedure
    .input(answerSupportRequestInput)
    .meta({ catalogWrite: false })
    .mutation(({ ctx, input }) => ctx.services.support.answer(ctx.user.id, input.id, input.answer)),
} satisfies TRPCRouterRecord;
