import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendHook } from "../../infra/lib/plain-hooks.js";
import fastifyStatic from "@fastify/static";
import {
  IMMUTABLE_CACHE,
  NAMED_FILE_CACHE,
  PICTURE_CONTENT_TYPES,
  type MediaStore,
} from "../../infra/storage/media-store.js";
import { createSizedArt } from "../../infra/storage/sized-art.js";
import { SIZED_ART_PATH } from "@purplebeats/contracts/schemas";
import { registerSizedPictures } from "./sized-pictures.js";

/** Content-addressed media (a key's bytes never change): cached forever by browsers and CDNs. */
const IMMUTABLE_PREFIXES = ["covers/"];
const isContentAddressed = (relative: string) =>
  IMMUTABLE_PREFIXES.some((prefix) => relative.startsWith(prefix)) && /[0-9a-f]{64}/.test(relative);

/**
 * Audio in the media folder (the seed's clips, every rendition): never answered under /media. A song's bytes
 * go out through the stream route only, under the song's rules (session, hidden, members only, quality), so
 * an admin's 'members only' or 'hidden' holds for every copy of its audio.
 */
export const isCatalogAudio = (pathName: string) =>
  /^\/?(audio|renditions)(\/|$)/i.test(pathName) || /\.(mp3|m4a|ogg|opus|flac|wav|aac)$/i.test(pathName);

/**
 * The catalog's images (its audio plays through the stream route: isCatalogAudio). @fastify/static (send)
 * answers ranges (206, Content-Range, Accept-Ranges, 416), HEAD, ETag and Last-Modified, and refuses paths
 * that leave the folder. The files are content-addressed by the seed's manifest, so a day of caching is safe.
 */
export async function registerMedia(app: FastifyInstance, mediaDir: string, store: MediaStore) {
  registerSizedArt(app, mediaDir, store);
  if (store.kind === "s3") {
    // In the bucket: a short-lived signed URL (any instance answers, none needs the files on its disk).
    // Covers only: renditions are audio, which the stream route signs for callers who may play them.
    for (const prefix of IMMUTABLE_PREFIXES)
      app.get(`/media/${prefix}:name`, async (request, reply) => {
        const key = `${prefix}${(request.params as { name: string }).name}`;
        const location = await store.locate(key);
        if (location.kind === "url" && (await store.has(key)))
          return reply.header("Cache-Control", "private, max-age=300").redirect(location.url, 302);
        // The seed writes its covers to every instance's own folder (named by slug), not to the bucket.
        const local = prefix === "covers/" ? await localPicture(mediaDir, key) : null;
        if (!local) return reply.code(404).send({ error: "Not Found", message: "No such media" });
        return reply
          .type(local.contentType)
          .header("Cache-Control", NAMED_FILE_CACHE)
          .header("X-Content-Type-Options", "nosniff")
          .send(local.bytes);
      });
  }
  // RFC 9110: a 416 names the current length (`bytes */size`) so the player can ask again; send omits it.
  app.addHook(
    "onSend",
    sendHook((request, reply) =>
      reply.statusCode === 416 && request.url.startsWith("/media/")
        ? withContentRange(request, reply)
        : undefined,
    ),
  );
  async function withContentRange(request: FastifyRequest, reply: FastifyReply) {
    const file = path.join(
      mediaDir,
      decodeURIComponent(request.url.slice("/media/".length).split("?")[0] ?? ""),
    );
    if (!file.startsWith(mediaDir + path.sep)) return;
    const info = await stat(file).catch(() => null);
    if (info) reply.header("Content-Range", `bytes */${info.size}`);
  }
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
    // Checked on the path asked for and on the file it resolves to (a symlink's target, too).
    allowedPath: (pathName) => !isCatalogAudio(pathName),
    setHeaders(res, filePath) {
      if (filePath.endsWith(".svg")) res.header("Content-Type", "image/svg+xml");
      res.header("X-Content-Type-Options", "nosniff");
      if (isContentAddressed(path.relative(mediaDir, filePath).split(path.sep).join("/")))
        res.header("Cache-Control", IMMUTABLE_CACHE);
    },
  });
}

/** Where this instance keeps pictures' sizes: in the media folder, never served as a file (a dot folder). */
export const sizedPicturesDir = (mediaDir: string) => path.join(mediaDir, ".sized");

/**
 * /media/covers/<file>?w=<width> and /media/artists/<file>?w=<width>: the picture at one of ART_WIDTHS (the app's
 * <img srcset>). Without w the stored picture is sent as before.
 */
function registerSizedArt(app: FastifyInstance, mediaDir: string, store: MediaStore) {
  registerSizedPictures(app, {
    path: SIZED_ART_PATH,
    prefix: "/media/",
    sized: createSizedArt({
      // The scanner's covers are in the media store (the bucket, when there is one); the seed's covers and the
      // artists' pictures in this instance's folder.
      read: async (key) =>
        (key.startsWith("covers/") && store.kind === "s3" ? await store.read(key) : null) ??
        (await localPicture(mediaDir, key))?.bytes ??
        null,
      cacheDir: sizedPicturesDir(mediaDir),
    }),
    headers: (reply, key) => {
      reply.header("Cache-Control", isContentAddressed(key) ? IMMUTABLE_CACHE : NAMED_FILE_CACHE);
    },
  });
}

/** A picture in this instance's media folder (`key` is one folder and a plain file name), or null. */
async function localPicture(mediaDir: string, key: string) {
  const contentType = PICTURE_CONTENT_TYPES[key.split(".").pop() ?? ""];
  if (!contentType || !/^[a-z]+\/[A-Za-z0-9._-]+$/.test(key)) return null;
  const bytes = await readFile(path.join(mediaDir, key)).catch(() => null);
  return bytes ? { bytes, contentType } : null;
}
