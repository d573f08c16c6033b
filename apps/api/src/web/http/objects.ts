import { mkdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream } from "node:stream/web";
import type { FastifyInstance, FastifyReply } from "fastify";
import fastifyStatic from "@fastify/static";
import {
  MAX_IMAGE_BYTES,
  UPLOAD_MESSAGES,
  UPLOAD_PATH,
  type UploadStore,
} from "../../domain/uploads/uploads.js";
import { extensionContentType } from "../../domain/uploads/image-type.js";
import { isStorageDown, type BucketStorage, type ObjectStorage } from "../../infra/storage/object-storage.js";
import { SIZED_OBJECT_PATH } from "@purplebeats/contracts/schemas";
import { bucketMediaStore } from "../../infra/storage/media-store.js";
import { createSizedArt } from "../../infra/storage/sized-art.js";
import { errorBody } from "./errors.js";
import { registerSizedPictures } from "./sized-pictures.js";

/**
 * Headers of every stored object, wherever it lives. Keys are unique, so cached for good; the bytes
 * were checked to be an image, and a sandbox keeps anything clever in them inert.
 */
function objectHeaders(reply: FastifyReply, contentType: string | undefined) {
  if (contentType) reply.header("Content-Type", contentType);
  reply.header("Cache-Control", "public, max-age=31536000, immutable");
  reply.header("X-Content-Type-Options", "nosniff");
  reply.header("Content-Security-Policy", "default-src 'none'; sandbox");
}

/** A stored object's name on disk: its key and the extension of its checked type. */
const DISK_OBJECT = /^[0-9a-f-]{36}\.[a-z]+$/;

/**
 * The PUT half of a disk upload URL and the stored objects; with S3, objects streamed from the bucket. Pictures
 * also come at the app's widths (/objects/<key>?w=96), made once and kept in `sizedDir` on this instance.
 */
export async function registerObjects(
  app: FastifyInstance,
  uploads: UploadStore,
  storage: ObjectStorage,
  sizedDir: string,
) {
  registerSizedObjects(app, uploads, storage, sizedDir);
  if (storage.kind === "s3") return registerBucketObjects(app, uploads, storage);

  await app.register(async (scope) => {
    // The body is the file itself, whatever it claims to be; its bytes decide (see image-type.ts).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_IMAGE_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.put(`${UPLOAD_PATH}/:token`, async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0)
        return reply.code(400).send(errorBody(400, UPLOAD_MESSAGES.empty));
      const outcome = await uploads.receive(
        (request.params as { token: string }).token,
        request.sessionUser?.id ?? null,
        body,
      );
      if (!outcome.ok) return reply.code(outcome.status).send(errorBody(outcome.status, outcome.message));
      return { objectPath: outcome.objectPath };
    });
  });

  // A first start has no uploads yet: make the folder rather than serve from one that is missing.
  await mkdir(storage.dir, { recursive: true });
  await app.register(fastifyStatic, {
    root: storage.dir,
    prefix: "/objects/",
    decorateReply: false,
    index: false,
    list: false,
    cacheControl: false,
    allowedPath: (pathname) => DISK_OBJECT.test(pathname.replace(/^\//, "")),
    setHeaders(reply, filePath) {
      objectHeaders(reply, extensionContentType[filePath.split(".").pop() ?? ""]);
    },
  });
}

const NO_OBJECT = errorBody(404, "No such object");

/**
 * /objects/<key>?w=<width>: an uploaded picture at one of ART_WIDTHS, sent as the stored object is (cached for
 * good, sandboxed). A picture swept since (replaced, never used) is gone at every width too.
 */
function registerSizedObjects(
  app: FastifyInstance,
  uploads: UploadStore,
  storage: ObjectStorage,
  sizedDir: string,
) {
  const bucket = storage.kind === "s3" ? bucketMediaStore(storage.client) : null;
  const isPicture = (type: string | undefined) => type?.startsWith("image/") === true;
  const onDisk = (name: string) =>
    storage.kind === "disk" &&
    DISK_OBJECT.test(name) &&
    isPicture(extensionContentType[name.split(".").pop() ?? ""])
      ? path.join(storage.dir, name)
      : null;
  const stored = async (name: string) => {
    const file = onDisk(name);
    if (file)
      return stat(file)
        .then((info) => info.isFile())
        .catch(() => false);
    return storage.kind === "s3" && isPicture((await uploads.storedObject(name))?.contentType);
  };
  registerSizedPictures(app, {
    path: SIZED_OBJECT_PATH,
    prefix: "/objects/",
    sized: createSizedArt({
      async read(name) {
        const file = onDisk(name);
        if (file) return readFile(file).catch(() => null);
        return bucket ? bucket.read(name) : null;
      },
      cacheDir: sizedDir,
    }),
    stillStored: stored,
    headers: (reply) => objectHeaders(reply, undefined),
    unavailable: (error) => (isStorageDown(error) ? UPLOAD_MESSAGES.storageDown : null),
  });
}

/** S3: the bytes come from the bucket as a stream (never buffered), typed as recorded when checked. */
function registerBucketObjects(app: FastifyInstance, uploads: UploadStore, storage: BucketStorage) {
  // GET, and HEAD (which asks the bucket for the size only, rather than opening a stream it would drop).
  app.route({
    method: ["GET", "HEAD"],
    url: "/objects/:key",
    handler: async (request, reply) => {
      const { key } = request.params as { key: string };
      if (!/^[0-9a-f-]{36}$/.test(key)) return reply.code(404).send(NO_OBJECT);
      const stored = await uploads.storedObject(key);
      if (!stored) return reply.code(404).send(NO_OBJECT);
      try {
        const object =
          request.method === "HEAD" ? await storage.client.head(key) : await storage.client.getStream(key);
        if (!object) return reply.code(404).send(NO_OBJECT);
        objectHeaders(reply, stored.contentType);
        reply.header("Content-Length", String(object.size));
        if (object.etag) reply.header("ETag", object.etag);
        if (!("body" in object)) return reply.send();
        return reply.send(Readable.fromWeb(object.body as ReadableStream));
      } catch (error) {
        if (isStorageDown(error)) {
          request.log.warn({ err: error }, "object storage unavailable");
          return reply.code(502).send(errorBody(502, UPLOAD_MESSAGES.storageDown));
        }
        throw error;
      }
    },
  });
}
