// A path the API knows, asked with a method it does not answer there: 405 with Allow, not 404 (RFC 9110).
// Fastify answers 404 for both; this keeps a table of each route's methods, matched on the decoded path
// as Fastify's router matches it.
import type { FastifyInstance } from "fastify";
import { errorBody } from "./errors.js";
import { requestHook } from "../../infra/lib/plain-hooks.js";

interface RouteMethods {
  pattern: RegExp;
  methods: Set<string>;
}

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");

/** `/api/songs/:songId/stream` → a regex of the paths it handles (a parameter is one path segment). */
function patternOf(url: string): RegExp {
  const source = url
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part === "*" ? ".*" : escape(part)))
    .join("/");
  return new RegExp(`^${source}$`);
}

/** The path as the router sees it: percent-decoded (null when that fails: Fastify refuses it as 400). */
function decodedPath(url: string): string | null {
  try {
    return decodeURIComponent(url.split("?")[0] ?? "");
  } catch {
    return null;
  }
}

/** Records every route's methods (call before routes are added); `allowed` answers a path's methods. */
export function trackRouteMethods(app: FastifyInstance) {
  const routes = new Map<string, RouteMethods>();
  app.addHook("onRoute", (route) => {
    // The web app's catch-all answers any GET; it says nothing about which methods an API path takes.
    if (route.url === "/*" || route.url === "*") return;
    let entry = routes.get(route.url);
    if (!entry) {
      entry = { pattern: patternOf(route.url), methods: new Set() };
      routes.set(route.url, entry);
    }
    for (const method of [route.method].flat()) entry.methods.add(method);
    // Fastify answers HEAD for every GET route.
    if (entry.methods.has("GET")) entry.methods.add("HEAD");
  });
  return {
    /** The methods some route takes at this URL, in a stable order; empty when no route matches it. */
    allowed(url: string): string[] {
      const path = decodedPath(url);
      if (path === null) return [];
      const methods = new Set<string>();
      for (const route of routes.values())
        if (route.pattern.test(path)) for (const m of route.methods) methods.add(m);
      return ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].filter((m) => methods.has(m));
    },
  };
}

/** What tRPC's router says of a procedure: a query is read with GET, a mutation or subscription otherwise. */
interface ProcedureTable {
  _def: { procedures: Record<string, unknown> };
}

const procedureMethod = (procedure: unknown): "GET" | "POST" | undefined => {
  const type = (procedure as { _def?: { type?: string } } | undefined)?._def?.type;
  return type === "query" ? "GET" : type === "mutation" ? "POST" : undefined;
};

/**
 * tRPC takes every method at /trpc/:path and answers a wrong one on its own terms (415, or 405 without
 * Allow): a query is read with GET, a mutation sent with POST, so any other method is 405 with that Allow.
 * A batch mixing both, or an unknown procedure, is left to tRPC.
 */
export function registerTrpcMethods(app: FastifyInstance, router: ProcedureTable, prefix = "/trpc/") {
  app.addHook(
    "onRequest",
    requestHook((request, reply) => {
      if (request.routeOptions.url !== `${prefix}:path`) return;
      const paths = String((request.params as { path?: string }).path ?? "").split(",");
      const methods = new Set(paths.map((path) => procedureMethod(router._def.procedures[path])));
      if (methods.size !== 1) return;
      const [allowed] = [...methods];
      if (!allowed || request.method === allowed || (allowed === "GET" && request.method === "HEAD")) return;
      return reply
        .code(405)
        .header("Allow", allowed)
        .send(errorBody(405, `${request.method} is not allowed here; use ${allowed}`));
    }),
  );
}
