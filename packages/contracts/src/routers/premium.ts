import type { TRPCRouterRecord } from "@trpc/server";
import { TRPCError } from "@trpc/server";
import {
  approvePaymentInput,
  completePaymentInput,
  createPaymentInput,
  incompletePaymentInput,
  isGuestUid,
  membershipInput,
} from "../schemas/index.js";
import { assertSelf, authedProcedure, rateLimited } from "../trpc.js";

/** Paying needs a Pi account: a guest has no wallet. */
const payingProcedure = authedProcedure.use(rateLimited("payment")).use(({ ctx, next }) => {
  if (ctx.user.isGuest || isGuestUid(ctx.user.id)) {
    throw new TRPCError({ code: "FORBIDDEN", message: "Sign in with Pi Network to buy Premium" });
  }
  return next();
});

export const membershipRouter = {
  get: authedProcedure.input(membershipInput).query(({ ctx, input }) => {
    assertSelf(ctx.user, input.userId);
    return ctx.services.memberships.get(input.userId);
  }),
} satisfies TRPCRouterRecord;

export const paymentsRouter = {
  create: payingProcedure
    .input(createPaymentInput)
    .meta({ catalogWrite: false })
    .mutation(({ ctx, input }) => {
      if (input.userId) assertSelf(ctx.user, input.userId);
      return ctx.services.payments.create(ctx.user.id, input);
    }),
  approve: payingProcedure
    .input(approvePaymentInput)
    .meta({ catalogWrite: false })
    .mutation(({ ctx, input }) => ctx.services.payments.approve(ctx.user.id, input.paymentId)),
  complete: payingProcedure
    .input(completePaymentInput)
    .meta({ catalogWrite: false })
    .mutation(({ ctx, input }) => ctx.services.payments.complete(ctx.user.id, input.paymentId, input.txid)),
  resolveIncomplete: payingProcedure
    .input(incompletePaymentInput)
    .meta({ catalogWrite: false })
    .mutation(({ ctx, input }) => ctx.services.payments.resolveIncomplete(ctx.user.id, input.paymentId)),
} satisfies TRPCRouterRecord;
