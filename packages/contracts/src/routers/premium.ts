import type { TRPCRouterRecord } from "@trpc/server";
import { membershipInput } from "../schemas/index.js";
import { assertSelf, authedProcedure } from "../trpc.js";

export const membershipRouter = {
  get: authedProcedure.input(membershipInput).query(({ ctx, input }) => {
    assertSelf(ctx.user, input.userId);
    return ctx.services.memberships.get(input.userId);
  }),
} satisfies TRPCRouterRecord;
