// Development only: the server answers the names of this machine, so a website cannot reach it through
// DNS rebinding (a name of the attacker's that first points to their server, then to 127.0.0.1: the
// browser then treats this server as that site, and the Pi simulator mints a session for any uid).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config/env.js";
import { errorBody } from "./errors.js";

/** Names that always mean this machine. */
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/** HOST values that listen on every interface: clients then reach the server by names it cannot know. */
const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]"]);

/** The host name of a Host header, lower case, without its port ("[::1]:3000" → "[::1]"). */
export function hostNameOf(header: string): string {
  const host = header.trim().toLowerCase();
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  const colon = host.indexOf(":");
  return colon === -1 ? host : host.slice(0, colon);
}

/**
 * The host names a request may name, or null for any. A deployment (production) sits behind its own
 * names and proxy; PI_SIMULATOR_PUBLIC=1 or a wildcard HOST opened the server to other devices on
 * purpose, which reach it by addresses or names it cannot list.
 */
export function allowedHostNames(config: Config): ReadonlySet<string> | null {
  if (config.nodeEnv === "production" || config.pi.simulatorPublic) return null;
  const host = config.host.toLowerCase();
  if (WILDCARD_HOSTS.has(host)) return null;
  return new Set([...LOOPBACK_NAMES, host.includes(":") && !host.startsWith("[") ? `[${host}]` : host]);
}

/** Answers 421 (Misdirected Request) to a Host header not in the list, before any route runs. */
export function registerHostCheck(app: FastifyInstance, config: Config): void {
  const allowed = allowedHostNames(config);
  if (!allowed) return;
  const names = [...allowed].join(", ");
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.host ?? "";
    if (allowed.has(hostNameOf(header))) return;
    return reply
      .code(421)
      .send(
        errorBody(
          421,
          `This development server answers only ${names} (any port), not Host '${header}'; set HOST to the name you use, or PI_SIMULATOR_PUBLIC=1 to open it to other devices`,
        ),
      );
  });
}
