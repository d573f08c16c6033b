import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";

/**
 * The catalog's audio and images. @fastify/static (send) answers ranges (206, Content-Range,
 * Accept-Ranges, 416), HEAD, ETag and Last-Modified, and refuses paths that leave the folder.
 * The files are content-addressed by the seed's manifest, so a day of caching is safe.
 */
export async function registerMedia(app: FastifyInstance, mediaDir: string) {
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
