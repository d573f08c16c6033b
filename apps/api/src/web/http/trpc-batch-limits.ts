// One small request must not buy a huge answer: a tRPC batch holds at most TRPC_MAX_BATCH procedures, and
// the page sizes its inputs ask for add up to at most TRPC_MAX_BATCH_LIMIT. Past either: 400, nothing runs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { TRPC_MAX_BATCH, TRPC_MAX_BATCH_LIMIT } from "@purplebeats/contracts";

/** The inputs of a batch as sent: `{ "0": {json: {...}}, "1": ... }` in `?input=` (GET) or the body (POST). */
function batchInputs(request: FastifyRequest): unknown[] {
  const query = request.query as { input?: unknown };
  let raw: unknown = request.body;
  if (typeof query.input === "string") {
    try {
      raw = JSON.parse(query.input);
    } catch {
      return []; // tRPC answers the malformed input itself
    }
  }
  return raw && typeof raw === "object" ? Object.values(raw) : [];
}

const limitOf = (input: unknown): number => {
  const value = (input as { json?: { limit?: unknown } } | null)?.json?.limit;
  const limit = typeof value === "string" ? Number(value) : value;
  return typeof limit === "number" && Number.isFinite(limit) && limit > 0 ? limit : 0;
};

const refuse = (reply: FastifyReply, message: string) =>
  reply.code(400).send({ error: "Bad Request", message });

export function registerTrpcBatchLimits(app: FastifyInstance, prefix = "/trpc/"): void {
  app.addHook("preHandler", async (request, reply) => {
    if (!request.url.startsWith(prefix)) return;
    const url = new URL(request.url, "http://x");
    if (url.searchParams.get("batch") !== "1") return;
    const procedures = url.pathname.slice(prefix.length).split(",").length;
    if (procedures > TRPC_MAX_BATCH)
      return refuse(
        reply,
        `A batch may hold at most ${TRPC_MAX_BATCH} procedures (this one has ${procedures})`,
      );
    const asked = batchInputs(request).reduce<number>((sum, input) => sum + limitOf(input), 0);
    if (asked > TRPC_MAX_BATCH_LIMIT)
      return refuse(
        reply,
        `A batch may ask for at most ${TRPC_MAX_BATCH_LIMIT} items in all (limit adds up to ${asked})`,
      );
  });
}
