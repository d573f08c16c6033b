import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { MAX_IMAGE_BYTES, UPLOAD_PATH, type UploadStore } from "../services/uploads.js";
import { extensionContentType } from "../services/image-type.js";
import { errorBody } from "./errors.js";

export const FILE_TOO_LARGE_MESSAGE = `File size must be less than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`;

/** The PUT half of an upload URL, and the stored objects (keys are unique, so cached for good). */
export async function registerObjects(app: FastifyInstance, uploads: UploadStore, objectsDir: string) {
  await app.register(async (scope) => {
    // The body is the file itself, whatever it claims to be; its bytes decide (see image-type.ts).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_IMAGE_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.put(`${UPLOAD_PATH}/:token`, async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0)
        return reply.code(400).send(errorBody(400, "The upload is empty"));
      const outcome = await uploads.receive(
        (request.params as { token: string }).token,
        request.sessionUser?.id ?? null,
        body,
      );
      if (!outcome.ok) return reply.code(outcome.status).send(errorBody(outcome.status, outcome.message));
      return { objectPath: outcome.objectPath };
    });
  });

  await app.register(fastifyStatic, {
    root: objectsDir,
    prefix: "/objects/",
    decorateReply: false,
    index: false,
    list: false,
    maxAge: "365d",
    immutable: true,
    allowedPath: (pathname) => /^\/?[0-9a-f-]{36}\.[a-z]+$/.test(pathname),
    setHeaders(reply, filePath) {
      const type = extensionContentType[filePath.split(".").pop() ?? ""];
      if (type) reply.header("Content-Type", type);
      reply.header("X-Content-Type-Options", "nosniff");
      reply.header("Content-Security-Policy", "default-src 'none'; sandbox");
    },
  });
}
