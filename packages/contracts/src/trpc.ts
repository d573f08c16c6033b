import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError } from "zod";
import { describeZodError } from "./schemas/errors.js";
import type { Services } from "./services.js";

/** The caller as the server's session knows it; never taken from a header or the body. */
export interface SessionUser {
  id: string;
  username: string;
  isGuest: boolean;
  isAdmin: boolean;
}

/** The inner context: everything a procedure may use. Tests build it directly. */
export interface Context {
  services: Services;
  user: SessionUser | null;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // Input errors read as one plain sentence ("limit: limit must be at most 100"), for tRPC and REST alike.
  errorFormatter: ({ shape, error }) => ({
    ...shape,
    message: error.cause instanceof ZodError ? describeZodError(error.cause) : shape.message,
  }),
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

/** A procedure that needs a session user; handlers see `ctx.user` as non-null. */
export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in or start a guest session first" });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new TRPCError({ code: "FORBIDDEN", message: "Admins only" });
  return next();
});
