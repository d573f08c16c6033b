// Each REST route names the procedure it calls (route-table.ts): that name decides its caching and
// invalidation (procedure meta), so it must be the procedure the handler really calls.
import { describe, expect, it } from "vitest";
import type { FastifyReply, FastifyRequest } from "fastify";
import { procedureFacts } from "@purplebeats/contracts";
import type { Caller } from "../src/web/rest/route-table.js";
import { restRoutes as routes } from "../src/web/rest/routes.js";

/** A caller that records which procedure a handler calls (answering an empty page). */
function recordingCaller(called: string[]): Caller {
  const at = (path: string[]): unknown =>
    new Proxy(() => {}, {
      get: (_target, key) => (typeof key === "string" ? at([...path, key]) : undefined),
      apply: () => {
        called.push(path.join("."));
        return Promise.resolve({ items: [], nextCursor: null });
      },
    });
  return at([]) as Caller;
}

const request = { params: {}, query: {}, body: {} } as FastifyRequest;
const reply = { header: () => reply } as unknown as FastifyReply;

describe("REST routes", () => {
  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s calls the procedure it names",
    async (_, r) => {
      expect(procedureFacts.has(r.procedure)).toBe(true);
      const called: string[] = [];
      await r.handle(recordingCaller(called), request, reply);
      expect(called).toEqual([r.procedure]);
    },
  );

  it("declares a GET only for queries and a write only for mutations", () => {
    for (const r of routes)
      expect(procedureFacts.get(r.procedure)?.type, r.path).toBe(r.method === "GET" ? "query" : "mutation");
  });
});
