// Request bodies of the API are JSON. A text or form body (what any page can send cross-site without a
// preflight) is refused with 415 before a handler runs, and tRPC input that is not valid JSON is refused
// with 400 even by a procedure that takes no input (tRPC reads input lazily, so such a call would run).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { handlingRoute } from "./route-path.js";
import { requestHook } from "../../infra/lib/plain-hooks.js";

export const JSON_ONLY_MESSAGE = "Send the request body as JSON (Content-Type: application/json)";
export const MALFORMED_INPUT_MESSAGE = "The input is not valid JSON";

const TRPC_PREFIX = "/trpc/";

/** tRPC's own error shape (superjson envelope), one per call of a batch. */
function refuseTrpc(request: FastifyRequest, reply: FastifyReply, status: 400 | 415, message: string) {
  const code = status === 415 ? "UNSUPPORTED_MEDIA_TYPE" : "PARSE_ERROR";
  const paths = String((request.params as { path?: string } | undefined)?.path ?? "").split(",");
  const error = (path: string) => ({
    error: {
      json: { message, code: status === 415 ? -32415 : -32700, data: { code, httpStatus: status, path } },
    },
  });
  const isBatch = (request.query as Record<string, unknown> | undefined)?.batch !== undefined;
  return reply.code(status).send(isBatch ? paths.map(error) : error(paths[0] ?? ""));
}

const isJson = (contentType: string | undefined) => /^application\/json\s*(;|$)/i.test(contentType ?? "");

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function registerJsonBodies(app: FastifyInstance) {
  // Fastify parses text/plain by default; nothing of ours reads text bodies.
  app.removeContentTypeParser("text/plain");

  app.addHook(
    "preValidation",
    requestHook((request, reply) => {
      if (!handlingRoute(request)?.startsWith(TRPC_PREFIX)) return;
      const contentType = request.headers["content-type"];
      if (request.method === "GET") {
        const input = (request.query as Record<string, unknown> | undefined)?.input;
        if (input === undefined) return;
        if (typeof input !== "string" || !parses(input))
          return refuseTrpc(request, reply, 400, MALFORMED_INPUT_MESSAGE);
        return;
      }
      // tRPC also takes multipart bodies (FormData input); none of our procedures does.
      if (contentType !== undefined && !isJson(contentType))
        return refuseTrpc(request, reply, 415, JSON_ONLY_MESSAGE);
      const body = request.body;
      if (typeof body === "string" && body.trim() !== "" && !parses(body))
        return refuseTrpc(request, reply, 400, MALFORMED_INPUT_MESSAGE);
    }),
  );
}
