// GET /api/songs/{id}/stream?quality=low|standard|high: the song's audio for this caller; /download is the same
// for a member keeping it on the device (premium at any quality, rate limited per listener). A rendition on local
// disk is answered here with range support (seeking); one in the bucket is a redirect to a short-lived signed
// URL. The access rule (hidden, members only, premium for high) is the media service's, as for songs.stream.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { streamInput, streamRefusal } from "@purplebeats/contracts";
import type { ContextFactory } from "../context.js";
import { errorBody } from "./errors.js";
import { HOTLINK_MESSAGE, isHotlink, NO_SESSION_MESSAGE } from "./hotlinks.js";
import { jsonSchema, procedureOperationFacts } from "../rest/openapi.js";

export const STREAM_ROUTE = "/api/songs/:songId/stream";
export const DOWNLOAD_ROUTE = "/api/songs/:songId/download";

/** 429 for a listener past RATE_LIMIT_DOWNLOAD: the app waits a minute and goes on. */
const TOO_MANY_DOWNLOADS = "Too many downloads. Please wait a minute and try again.";

/** One byte range of `size` from a Range header; "unsatisfiable" for 416; null to send the whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: the whole file (RFC 9110 lets a server ignore Range).
  if (!match || (match[1] === "" && match[2] === "")) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

/** Waits for a file that is not there yet (a seed clip being synthesised on a first start). */
export type AwaitMissingFile = (file: string) => Promise<void>;

const fileInfo = (file: string) => stat(file).catch(() => null);

/** A HEAD's body: an empty stream, so that Fastify keeps the file's Content-Length (a string resets it). */
const noBody = () => Readable.from([]);

async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  contentType: string,
  awaitMissing?: AwaitMissingFile,
) {
  let info = await fileInfo(file);
  if (!info?.isFile() && awaitMissing) {
    await awaitMissing(file);
    info = await fileInfo(file);
  }
  if (!info?.isFile()) return reply.code(404).send({ error: "Not Found", message: "Song not found" });
  // A validator for the player's cache: the file's size and time (a song's file is replaced, never edited).
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  reply.header("ETag", etag).header("Last-Modified", info.mtime.toUTCString());
  if (request.headers["if-none-match"] === etag) return reply.code(304).send();
  reply
    .header("Content-Type", contentType)
    .header("Accept-Ranges", "bytes")
    // Responses depend on the caller's membership: a shared cache must not keep them.
    .header("Cache-Control", "private, max-age=3600")
    .header("X-Content-Type-Options", "nosniff");
  const range = parseRange(request.headers.range, info.size);
  if (range === "unsatisfiable")
    return reply.code(416).header("Content-Range", `bytes */${info.size}`).send();
  if (range) reply.code(206).header("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  reply.header("Content-Length", end - start + 1);
  // The read ends at the length announced: a file that grows or is replaced meanwhile would otherwise send
  // bytes past Content-Length, and the response would not end where the client (and the server's close) expects.
  const empty = request.method === "HEAD" || end < start;
  return reply.send(empty ? noBody() : createReadStream(file, { start, end }));
}

export function registerStream(
  app: FastifyInstance,
  createContext: ContextFactory,
  awaitMissing?: AwaitMissingFile,
) {
  const handler = (download: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const input = streamInput.parse({
      songId: (request.params as { songId: string }).songId,
      quality: (request.query as { quality?: string }).quality,
    });
    // What the server can hold without breaking playback (the player holds the skip and seek rules): our
    // pages only, and a session (the web app starts a guest one; the audio element sends its cookie).
    if (isHotlink(request)) return reply.code(403).send(errorBody(403, HOTLINK_MESSAGE));
    if (!request.sessionUser) return reply.code(401).send(errorBody(401, NO_SESSION_MESSAGE));
    const ctx = await createContext(request, reply);
    const userId = ctx.user?.id ?? null;
    if (download && !(await ctx.services.rateLimits.consume("download", userId ?? ctx.clientIp)))
      return reply.code(429).send(errorBody(429, TOO_MANY_DOWNLOADS));
    const media = ctx.services.media;
    const access = download
      ? await media.downloadSource(input.songId, input.quality, userId)
      : await media.streamSource(input.songId, input.quality, userId);
    if (!access.ok) throw streamRefusal(access.reason);
    const { source } = access;
    if (source.kind === "url") return reply.header("Cache-Control", "no-store").redirect(source.url, 302);
    return sendFile(request, reply, source.file, source.contentType, awaitMissing);
  };
  app.get(STREAM_ROUTE, { compress: false }, handler(false));
  app.get(DOWNLOAD_ROUTE, { compress: false }, handler(true));
}

const streamParameters = jsonSchema(streamInput, "input").properties ?? {};
const songParameters = [
  { name: "songId", in: "path", required: true, schema: streamParameters.songId },
  { name: "quality", in: "query", required: false, schema: streamParameters.quality },
];
const errorAnswer = { $ref: "#/components/responses/Error" };
/** What the stream and the download both answer. */
const audioAnswers = {
  "200": { description: "The whole file", content: { "audio/mpeg": {} } },
  "302": { description: "A short-lived signed URL of the rendition in the bucket" },
  "400": errorAnswer,
  "401": errorAnswer,
  "403": errorAnswer,
  "404": errorAnswer,
};

/** The stream endpoint in the OpenAPI description (it answers audio, so it is not a REST-shim route). */
export const STREAM_OPENAPI = {
  "/api/songs/{songId}/stream": {
    get: {
      ...procedureOperationFacts("songs.stream"),
      summary:
        "A song's audio: low (64 kbps, the data saver) and standard (128 kbps) for everyone, high (up to 320 kbps) for premium members; ranges supported, or a redirect to a short-lived URL when media are in the bucket",
      parameters: [
        ...songParameters,
        { name: "Range", in: "header", required: false, schema: { type: "string" } },
      ],
      responses: {
        ...audioAnswers,
        "206": { description: "The requested byte range", content: { "audio/mpeg": {} } },
        "416": { description: "The range starts past the end (Content-Range: bytes */size)" },
      },
    },
  },
  "/api/songs/{songId}/download": {
    get: {
      ...procedureOperationFacts("songs.stream"),
      summary:
        "A song's audio for a premium member to keep for offline listening: as the stream, at any quality (low, standard, high), premium only, RATE_LIMIT_DOWNLOAD per minute (429 past it)",
      parameters: songParameters,
      responses: {
        ...audioAnswers,
        "429": errorAnswer,
      },
    },
  },
};
