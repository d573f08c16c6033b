import type { FastifyInstance } from "fastify";
import { mayServeByUrl } from "@purplebeats/contracts";
import type { ContextFactory } from "../context.js";
import { createCaller } from "../trpc-caller.js";
import type { CatalogCaches } from "../../infra/cache/catalog-cache.js";
import type { RestRoute } from "./route-table.js";
import { sendSerialized, type UrlCache } from "./url-cache.js";

export interface RestCaches {
  catalog: CatalogCaches;
  byUrl: UrlCache;
}

/** Mounts every REST route as a thin call into the procedure behind it. */
export function registerRestRoutes(
  app: FastifyInstance,
  routes: RestRoute[],
  createContext: ContextFactory,
  caches: RestCaches,
) {
  for (const r of routes) {
    // Only a procedure whose meta says its response may be shared is ever answered by URL.
    const shareable = r.method === "GET" && mayServeByUrl(r.procedure);
    app.route({
      method: r.method,
      url: r.path,
      handler: async (request, reply) => {
        if (shareable) {
          const sent = caches.byUrl.serve(request, reply);
          if (sent) return sent;
        }
        const caller = createCaller(await createContext(request, reply));
        const result = await r.handle(caller, request, reply);
        reply.code(r.successStatus ?? 200);
        const body = caches.catalog.serializedOf(result);
        if (!body) return result ?? null;
        if (shareable && request.method === "GET" && !body.perCaller) caches.byUrl.keep(request, reply, body);
        return sendSerialized(request, reply, body);
      },
    });
  }
}
