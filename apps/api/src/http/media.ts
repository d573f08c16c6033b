import { stat } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";

/**
 * The catalog's audio and images. @fastify/static (send) answers ranges (206, Content-Range,
 * Accept-Ranges, 416), HEAD, ETag and Last-Modified, and refuses paths that leave the folder.
 * The files are content-addressed by the seed's manifest, so a day of caching is safe.
 */
export async function registerMedia(app: FastifyInstance, mediaDir: string) {
  // RFC 9110: a 416 names the current length (`bytes */size`) so the player can ask again; send omits it.
  app.addHook("onSend", async (request, reply) => {
    if (reply.statusCode !== 416 || !request.url.startsWith("/media/")) return;
    const file = path.join(
      mediaDir,
      decodeURIComponent(request.url.slice("/media/".length).split("?")[0] ?? ""),
    );
    if (!file.startsWith(mediaDir + path.sep)) return;
    const info = await stat(file).catch(() => null);
    if (info) reply.header("Content-Range", `bytes */${info.size}`);
  });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: "/media/",
    decorateReply: false,
    acceptRanges: true,
    etag: true,
    lastModified: true,
    cacheControl: true,
    maxAge: "1d",
    index: false,
    list: false,
    setHeaders(res, filePath) {
      if (filePath.endsWith(".mp3")) res.header("Content-Type", "audio/mpeg");
      if (filePath.endsWith(".svg")) res.header("Content-Type", "image/svg+xml");
      res.header("X-Content-Type-Options", "nosniff");
    },
  });
}
