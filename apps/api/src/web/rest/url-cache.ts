// Cached catalog responses by request URL, one cache per server (made in createServer): a GET whose
// procedure's meta says it may be shared, and whose response came from the catalog cache not marked per
// caller, is answered again from here, without building a context or calling the procedure, for as long
// as the catalog cache keeps that response, and not a moment longer.
import type { FastifyReply, FastifyRequest } from "fastify";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { isFresh, type Serialized } from "../../infra/cache/response-cache.js";
import { NEXT_CURSOR_HEADER } from "./route-table.js";

const JSON_TYPE = "application/json; charset=utf-8";
/** Smaller bodies are sent as they are (the compression plugin's threshold too). */
const COMPRESS_MIN_BYTES = 1024;
/** At most this many URLs are kept (then the map starts afresh). */
const BY_URL_MAX = 2000;

interface ByUrl {
  body: Serialized;
  cursor: string | undefined;
}

export class UrlCache {
  private readonly byUrl = new Map<string, ByUrl>();
  /** How often a shareable GET was answered by URL (hits) or went to its procedure (misses), for /metrics. */
  readonly counts = { hits: 0, misses: 0 };

  /** Sends the fresh response cached for this request's URL; false when there is none. */
  serve(request: FastifyRequest, reply: FastifyReply): FastifyReply | false {
    const cached = this.byUrl.get(request.url);
    if (cached && isFresh(cached.body)) {
      this.counts.hits++;
      if (cached.cursor) reply.header(NEXT_CURSOR_HEADER, cached.cursor);
      return sendSerialized(request, reply, cached.body);
    }
    if (cached) this.byUrl.delete(request.url);
    this.counts.misses++;
    return false;
  }

  /** Keeps a response for its URL (with the next page's cursor the procedure set, if any). */
  keep(request: FastifyRequest, reply: FastifyReply, body: Serialized): void {
    if (this.byUrl.size >= BY_URL_MAX) this.byUrl.clear();
    const cursor = reply.getHeader(NEXT_CURSOR_HEADER);
    this.byUrl.set(request.url, { body, cursor: typeof cursor === "string" ? cursor : undefined });
  }
}

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

// Cached responses are compressed here once per response, not by @fastify/compress on every send: the
// hot-read budget (at least 40 % of a bare server) was measured with these bytes, and dropping them is
// kept for a bench run that shows the plugin alone holds it.
function compressed(s: Serialized, encoding: "gzip" | "br"): Buffer {
  if (encoding === "gzip") return (s.gzip ??= gzipSync(s.body, { level: 6 }));
  return (s.br ??= brotliCompressSync(s.body, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: s.bytes },
  }));
}

/** Sends a response the catalog cache already serialised (compressed once per cached response). */
export function sendSerialized(request: FastifyRequest, reply: FastifyReply, body: Serialized) {
  reply.type(JSON_TYPE);
  const encoding = body.bytes >= COMPRESS_MIN_BYTES ? acceptedEncoding(request) : null;
  if (!encoding) return reply.send(body.body);
  reply.header("Content-Encoding", encoding).header("Vary", "Accept-Encoding");
  return reply.send(compressed(body, encoding));
}
