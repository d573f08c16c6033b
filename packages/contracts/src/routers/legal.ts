import type { TRPCRouterRecord } from "@trpc/server";
import { publicProcedure } from "../trpc.js";

export const legalRouter = {
  // Public: the terms are read before anyone signs in, and by crawlers of the Pi app listing.
  documents: publicProcedure.query(({ ctx }) => ctx.services.legal.documents()),
} satisfies TRPCRouterRecord;
