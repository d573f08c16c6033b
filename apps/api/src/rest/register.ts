import type { FastifyInstance } from "fastify";
import type { ContextFactory } from "../context.js";
import { createCaller } from "../trpc-caller.js";
import type { RestRoute } from "./route-table.js";

/** Mounts every REST route as a thin call into the procedure behind it. */
export function registerRestRoutes(app: FastifyInstance, routes: RestRoute[], createContext: ContextFactory) {
  for (const r of routes) {
    app.route({
      method: r.method,
      url: r.path,
      handler: async (request, reply) => {
        const caller = createCaller(await createContext(request, reply));
        const result = await r.handle(caller, request, reply);
        reply.code(r.successStatus ?? 200);
        return result ?? null;
      },
    });
  }
}
