import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError } from "zod";
import { describeZodError } from "./schemas/errors.js";
import { adminTokenSchema } from "./schemas/admin-tokens.js";
import { PREMIUM_REQUIRED_MESSAGE, PREMIUM_UPGRADE_MESSAGE } from "./constants.js";
import { API_ERROR_MESSAGES, apiErrorCodesOf } from "./error-codes.js";
import type { RateLimitBucket, Services } from "./services.js";

/** The caller as the server's session knows it; never taken from a header or the body. */
export interface SessionUser {
  id: string;
  username: string;
  isGuest: boolean;
  isAdmin: boolean;
}

/** Starts and ends the caller's server-side session (the cookie is the HTTP layer's business). */
export interface SessionControl {
  /** A fresh session for this user, replacing the caller's current one (rotation at sign-in). */
  start(userId: string): Promise<void>;
  end(): Promise<void>;
}

/** The inner context: everything a procedure may use. Tests build it directly. */
export interface Context {
  services: Services;
  user: SessionUser | null;
  session: SessionControl;
  /** The `Authorization: Bearer` token, if any: only admin procedures read it (adminProcedure). */
  adminToken: string | null;
  /** The caller's address, for rate limits. */
  clientIp: string;
  /** This server's public origin (https://host), for URLs handed to the client. */
  origin: string;
}

/** What a caller is told of an unexpected failure (REST says the same). */
export const INTERNAL_ERROR_MESSAGE = API_ERROR_MESSAGES.internal;

/**
 * What a procedure declares about its response, once, with `.meta()`; the server derives its cache rules
 * from it (procedure-meta.ts) and the web its list of responses a sign-in keeps (SHARED_PROCEDURES).
 */
export interface ProcedureMeta {
  /**
   * Unset (the default): the response is per caller and never shared. "shared": the same response for
   * every caller, whatever the session, so it may be cached and served by URL to anyone. "sharedWhenPublic":
   * the same for every caller when what it reads is public (an editorial playlist); otherwise the service
   * marks the response per caller, and the web treats the procedure as per caller.
   */
  cache?: "shared" | "sharedWhenPublic";
  /** Mutations only, and every mutation says: whether a successful call may change what the catalog answers. */
  catalogWrite?: boolean;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer: superjson,
    // Input errors read as one plain sentence ("limit: limit must be at most 100"), for tRPC and REST alike.
    // An unexpected failure's own message (a database error, say) stays in the server's log, as on REST.
    // No response carries a stack (tRPC adds one whenever NODE_ENV is not 'production', which the app's mode
    // does not decide): it names files on the server and often SQL; the server's log has it.
    // A message a listener may read carries its code (`data.errorCode`, and what it names: `data.errorValues`):
    // the app shows it in their language.
    errorFormatter: ({ shape, error }) => {
      const message =
        error.cause instanceof ZodError
          ? describeZodError(error.cause)
          : error.code === "INTERNAL_SERVER_ERROR"
            ? INTERNAL_ERROR_MESSAGE
            : shape.message;
      const { code: errorCode, codes: errorCodes, values: errorValues } = apiErrorCodesOf(message);
      const coded = {
        ...(errorCode && { errorCode }),
        ...(errorCodes && { errorCodes }),
        ...(errorValues && { errorValues }),
      };
      return { ...shape, data: { ...withoutStack(shape.data), ...coded }, message };
    },
  });

function withoutStack<T extends { stack?: string }>(data: T): Omit<T, "stack"> {
  const { stack: _stack, ...rest } = data;
  return rest;
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** A UTF-16 surrogate without its partner: not text at all (stored, it would become U+FFFD). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** PostgreSQL text cannot hold NUL, and a lone surrogate is not text. */
const isUnstorable = (text: string) => text.includes("\u0000") || LONE_SURROGATE.test(text);

/** The path of the first string in an input that holds unstorable text ("input" for the input itself). */
export function findUnstorableText(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === "string") return isUnstorable(value) ? path.join(".") || "input" : null;
  if (value === null || typeof value !== "object" || depth > 20) return null;
  for (const [key, item] of Object.entries(value)) {
    const hit = findUnstorableText(item, [...path, key], depth + 1);
    if (hit) return hit;
  }
  return null;
}

/**
 * Every procedure refuses such text up front with a 400, whatever the field: otherwise it reaches
 * PostgreSQL and fails there as a 500 (NUL), or is silently stored as U+FFFD (a lone surrogate).
 */
export const publicProcedure = t.procedure.use(async ({ getRawInput, next }) => {
  const where = findUnstorableText(await getRawInput());
  if (where) {
    throw new TRPCError({
      code: "BAD_REQUEST",
      message: `${where}: contains a character that cannot be stored (NUL or broken Unicode)`,
    });
  }
  return next();
});

/** A procedure that needs a session user; handlers see `ctx.user` as non-null. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user)
    throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in or start a guest session first" });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** The rule of DESIGN.md "Identity": a userId in a path or query must be the caller's own, unless an admin asks. */
export function assertSelf(user: SessionUser, userId: string): void {
  if (userId !== user.id && !user.isAdmin) {
    throw new TRPCError({ code: "FORBIDDEN", message: "You can only access your own account" });
  }
}

/**
 * Sign-in, uploads, payments and play reports are rate limited (429 with a clear message): per
 * signed-in user, or per address before there is one.
 */
export const rateLimited = (bucket: RateLimitBucket) =>
  t.middleware(async ({ ctx, next }) => {
    const key = bucket === "signin" ? ctx.clientIp : (ctx.user?.id ?? ctx.clientIp);
    const allowed = await ctx.services.rateLimits.consume(bucket, key);
    if (!allowed) {
      throw new TRPCError({
        code: "TOO_MANY_REQUESTS",
        message: "Too many attempts. Please wait a minute and try again.",
      });
    }
    return next();
  });

/** SPEC.md sections 5 and 6, enforced by the server: the client's gate is only a courtesy. */
export { PREMIUM_REQUIRED_MESSAGE };

export const premiumProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (!(await ctx.services.memberships.isPremium(ctx.user.id))) {
    throw new TRPCError({
      code: "FORBIDDEN",
      message: PREMIUM_UPGRADE_MESSAGE,
    });
  }
  return next();
});

const ADMINS_ONLY = "Admins only";

/**
 * An admin's session, or an admin API token (apps/admin-cli): the one place a bearer token is accepted,
 * so it never opens a listener's data or payments. A token acts as the admin who created it; a 'read'
 * token may only call queries. A request that sends a token is judged by the token alone.
 */
export const adminProcedure = publicProcedure.use(async ({ ctx, type, next }) => {
  const user = ctx.adminToken === null ? ctx.user : await tokenHolder(ctx, ctx.adminToken, type);
  if (!user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in or start a guest session first" });
  if (!user.isAdmin) throw new TRPCError({ code: "FORBIDDEN", message: ADMINS_ONLY });
  return next({ ctx: { ...ctx, user } });
});

async function tokenHolder(ctx: Context, token: string, type: string): Promise<SessionUser> {
  const grant = adminTokenSchema.safeParse(token).success
    ? await ctx.services.adminTokens.authenticate(token)
    : null;
  if (!grant)
    throw new TRPCError({ code: "UNAUTHORIZED", message: "The admin API token is not valid or was revoked" });
  if (grant.scope === "read" && type !== "query")
    throw new TRPCError({ code: "FORBIDDEN", message: "This admin API token may only read (scope 'read')" });
  return grant.user;
}

export const SESSION_ONLY_MESSAGE =
  "This needs an admin's own session (the dashboard): an admin API token may not change roles or tokens";

/**
 * Admin work a token must not do, since its effect would outlive the token's revocation (creating tokens,
 * granting or removing the admin role): an admin's own session only. A request that sends a token is
 * judged by the token alone (as in adminProcedure), so a token is refused here even beside a cookie.
 */
export const adminSessionProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.adminToken !== null) throw new TRPCError({ code: "FORBIDDEN", message: SESSION_ONLY_MESSAGE });
  if (!ctx.user)
    throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in or start a guest session first" });
  if (!ctx.user.isAdmin) throw new TRPCError({ code: "FORBIDDEN", message: ADMINS_ONLY });
  return next({ ctx: { ...ctx, user: ctx.user } });
});
