// Which successful writes may change what the catalog answers, from the procedures' meta
// (`catalogWrite` in packages/contracts): a tRPC URL names its procedures, a REST route names its own.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { mayChangeCatalog } from "@purplebeats/contracts";
import type { CatalogCaches } from "../../infra/cache/catalog-cache.js";
import type { RestRoute } from "./route-table.js";
import { sendHook } from "../../infra/lib/plain-hooks.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether a successful request may have changed what the catalog answers. */
export type CatalogWriteRule = (request: FastifyRequest) => boolean;

export function catalogWriteRule(routes: readonly RestRoute[]): CatalogWriteRule {
  const procedureOf = new Map(routes.map((r) => [`${r.method} ${r.path}`, r.procedure]));
  return (request) => {
    if (SAFE_METHODS.has(request.method)) return false;
    const path = request.url.split("?")[0] ?? "";
    // A tRPC batch names its procedures separated by commas: one that may change the catalog is enough.
    if (path.startsWith("/trpc/")) return path.slice(6).split(",").some(mayChangeCatalog);
    if (!path.startsWith("/api/")) return false;
    // An /api write no route table names (an upload's PUT, say) may change anything.
    const procedure = procedureOf.get(`${request.method} ${request.routeOptions.url}`);
    return procedure === undefined || mayChangeCatalog(procedure);
  };
}

/**
 * The catalog cache's safety net: a successful write through any API path (REST or tRPC) that may touch
 * the catalog empties this server's catalog cache, whether or not its service said so. It runs before
 * the response leaves, so the caller's next read already misses the cache.
 */
export function registerCatalogWrites(app: FastifyInstance, rule: CatalogWriteRule, caches: CatalogCaches) {
  app.addHook(
    "onSend",
    sendHook((request, reply) => {
      if (reply.statusCode < 400 && rule(request)) caches.changed();
    }),
  );
}
