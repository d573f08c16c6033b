// Who is calling: the session cookie alone. Also the two rules that protect it: a named user must be
// the caller (x-user-id), and a state-changing request with cookies must come from our own pages.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { DataSource } from "typeorm";
import type { SessionControl, SessionUser } from "@purplebeats/contracts";
import { User } from "@purplebeats/db";
import { SESSION_TTL_SECONDS, type SessionStore } from "../../infra/session-store.js";
import { errorBody } from "./errors.js";
import { handlingRoute } from "./route-path.js";
import { requestHook } from "../../infra/lib/plain-hooks.js";

export const SESSION_COOKIE = "pb_session";
/** The header our clients send on every call; a cross-site form cannot. */
export const CLIENT_HEADER = "x-purplebeats-client";

declare module "fastify" {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

export interface SessionLayerOptions {
  store: SessionStore;
  db: DataSource;
  adminUids: ReadonlySet<string>;
  /** Cookies get `Secure` in production and on https. */
  production: boolean;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const SESSION_PATHS = ["/api/", "/trpc/"];

export function registerSessionLayer(app: FastifyInstance, options: SessionLayerOptions) {
  const { store, db, adminUids } = options;
  const users = db.getRepository(User);

  async function loadUser(userId: string): Promise<SessionUser | null> {
    const row = await users.findOne({
      where: { id: userId },
      select: { id: true, username: true, kind: true, isAdmin: true },
    });
    if (!row) return null;
    return {
      id: row.id,
      username: row.username,
      isGuest: row.kind === "guest",
      isAdmin: row.isAdmin || adminUids.has(row.id),
    };
  }

  app.decorateRequest("sessionUser", null);

  async function resolveUser(request: FastifyRequest, token: string) {
    const userId = await store.resolve(token);
    request.sessionUser = userId ? await loadUser(userId) : null;
  }

  /** SPEC's client names its user in x-user-id, a {userId} path part or a userId query: each must be the caller. */
  function refuseAnotherUser(request: FastifyRequest, reply: FastifyReply) {
    const named = [
      request.headers["x-user-id"],
      (request.params as Record<string, unknown> | undefined)?.userId,
      (request.query as Record<string, unknown> | undefined)?.userId,
    ].filter((v): v is string => typeof v === "string" && v !== "");
    const me = request.sessionUser;
    if (named.some((id) => id !== me?.id) && !me?.isAdmin) {
      // Without a session nobody is "yourself" yet: let the route answer 401 where it needs a user.
      if (me) return reply.code(403).send(errorBody(403, "You can only act as yourself"));
    }
  }

  app.addHook(
    "onRequest",
    requestHook((request, reply) => {
      const route = handlingRoute(request);
      if (!route || !SESSION_PATHS.some((p) => route.startsWith(p))) return;
      const token = request.cookies[SESSION_COOKIE];

      if (token && !SAFE_METHODS.has(request.method) && !isOwnPage(request)) {
        return reply.code(403).send(errorBody(403, "Cross-site request refused"));
      }
      // Without a cookie there is no session to read (sessionUser stays null): no wait.
      if (!token) {
        request.sessionUser = null;
        return refuseAnotherUser(request, reply);
      }
      return resolveUser(request, token).then(() => refuseAnotherUser(request, reply));
    }),
  );

  /** The SessionControl a procedure uses for this request. */
  function sessionControl(request: FastifyRequest, reply: FastifyReply): SessionControl {
    const secure = options.production || request.protocol === "https";
    return {
      async start(userId) {
        const old = request.cookies[SESSION_COOKIE];
        if (old) await store.destroy(old);
        const token = await store.create(userId);
        reply.setCookie(SESSION_COOKIE, token, {
          path: "/",
          httpOnly: true,
          sameSite: "lax",
          secure,
          maxAge: SESSION_TTL_SECONDS,
        });
        request.sessionUser = await loadUser(userId);
      },
      async end() {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await store.destroy(token);
        reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure });
        request.sessionUser = null;
      },
    };
  }

  return { sessionControl };
}

/** Our own pages send the client header, or at least an Origin that is this host. */
function isOwnPage(request: FastifyRequest): boolean {
  if (request.headers[CLIENT_HEADER] === "1") return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** This server's public origin as the caller reached it. */
export const requestOrigin = (request: FastifyRequest) =>
  `${request.protocol}://${request.headers.host ?? "localhost"}`;
