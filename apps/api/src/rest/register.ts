import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ContextFactory } from "../context.js";
import { createCaller } from "../trpc-caller.js";
import { compressed, isFresh, preSerialized, type Serialized } from "../services/cache/response-cache.js";
import { invalidateAllCatalogs } from "../services/cache/catalog-cache.js";
import { NEXT_CURSOR_HEADER, type RestRoute } from "./route-table.js";

const JSON_TYPE = "application/json; charset=utf-8";
/** Smaller bodies are sent as they are (the compression plugin's threshold too). */
const COMPRESS_MIN_BYTES = 1024;

/** The encoding to send a cached body in: brotli, gzip, or none, from Accept-Encoding. */
function acceptedEncoding(request: FastifyRequest): "br" | "gzip" | null {
  const header = request.headers["accept-encoding"];
  if (typeof header !== "string" || header === "") return null;
  let gzip = false;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p))) continue;
    if (name === "br") return "br";
    if (name === "gzip" || name === "*") gzip = true;
  }
  return gzip ? "gzip" : null;
}

/** Sends an answer the catalog cache already serialised (and compresses it once per cached answer). */
function sendSerialized(request: FastifyRequest, reply: FastifyReply, body: Serialized) {
  reply.type(JSON_TYPE);
  const encoding = body.bytes >= COMPRESS_MIN_BYTES ? acceptedEncoding(request) : null;
  if (!encoding) return reply.send(body.body);
  reply.header("Content-Encoding", encoding).header("Vary", "Accept-Encoding");
  return reply.send(compressed(body, encoding));
}

/**
 * Cached catalog answers by request URL: a GET whose answer came from the catalog cache (which holds
 * only answers that are the same for every caller) is answered again from here, without building a
 * context or calling the procedure, for as long as the cache keeps that answer, and not a moment longer.
 */
const byUrl = new Map<string, { body: Serialized; cursor: string | undefined }>();
const BY_URL_MAX = 2000;
/** How often a GET was answered by URL (hits) or went to its procedure (misses), for /metrics. */
export const byUrlCounts = { hits: 0, misses: 0 };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Writes that never change what the catalog answers (plays are handled by the catalog service). */
const NEUTRAL_REST = [
  /^\/api\/songs\/[^/]+\/plays$/,
  /^\/api\/(guest|logout|objects\/upload)$/,
  /^\/api\/pi\/payment/,
  /^\/api\/liked-songs/,
];
const NEUTRAL_PROCEDURE = /^(songs\.recordPlay|payments\.|likedSongs\.)/;

/** Whether a successful write to this path (REST or tRPC) may change what the catalog answers. */
export function mayChangeCatalog(url: string): boolean {
  if (url.startsWith("/api/")) return !NEUTRAL_REST.some((pattern) => pattern.test(url));
  // A tRPC batch names its procedures separated by commas: each must be neutral.
  if (url.startsWith("/trpc/"))
    return !url
      .slice(6)
      .split(",")
      .every((p) => NEUTRAL_PROCEDURE.test(p));
  return false;
}

/** Mounts every REST route as a thin call into the procedure behind it. */
export function registerRestRoutes(app: FastifyInstance, routes: RestRoute[], createContext: ContextFactory) {
  for (const r of routes) {
    app.route({
      method: r.method,
      url: r.path,
      handler: async (request, reply) => {
        const cached = r.method === "GET" ? byUrl.get(request.url) : undefined;
        if (cached) {
          if (isFresh(cached.body)) {
            byUrlCounts.hits++;
            if (cached.cursor) reply.header(NEXT_CURSOR_HEADER, cached.cursor);
            return sendSerialized(request, reply, cached.body);
          }
          byUrl.delete(request.url);
        }
        if (r.method === "GET") byUrlCounts.misses++;
        const caller = createCaller(await createContext(request, reply));
        const result = await r.handle(caller, request, reply);
        reply.code(r.successStatus ?? 200);
        const body = preSerialized(result);
        if (!body) return result ?? null;
        if (r.method === "GET" && request.method === "GET" && !body.perCaller) {
          if (byUrl.size >= BY_URL_MAX) byUrl.clear();
          const cursor = reply.getHeader(NEXT_CURSOR_HEADER);
          byUrl.set(request.url, { body, cursor: typeof cursor === "string" ? cursor : undefined });
        }
        return sendSerialized(request, reply, body);
      },
    });
  }

  // The catalog cache's safety net: a successful write through any API path (REST or tRPC) that
  // may touch the catalog empties this instance's catalog cache, whether or not its service said so.
  // It runs before the answer leaves, so the caller's next read already misses the cache.
  app.addHook("onSend", async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return;
    if (mayChangeCatalog(request.url.split("?")[0] ?? "")) invalidateAllCatalogs();
  });
}
