import type { FastifyInstance } from "fastify";
import type { Readable } from "node:stream";
import { AUDIO_UPLOAD_PATH, type LibraryUploads } from "../../domain/library/library-uploads.js";
import { errorBody } from "./errors.js";

/** The PUT half of an audio upload URL: the body is streamed to disk as it arrives, never held in memory. */
export async function registerLibraryUploads(app: FastifyInstance, uploads: LibraryUploads) {
  await app.register(async (scope) => {
    // The body is the file itself, whatever it claims to be; its first bytes decide (audio-container.ts).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    scope.put(`${AUDIO_UPLOAD_PATH}/:token`, async (request, reply) => {
      const length = Number(request.headers["content-length"]);
      const outcome = await uploads.receive(
        (request.params as { token: string }).token,
        request.sessionUser?.id ?? null,
        (request.body ?? request.raw) as Readable,
        Number.isFinite(length) ? length : null,
      );
      if (!outcome.ok) return reply.code(outcome.status).send(errorBody(outcome.status, outcome.message));
      return { objectPath: outcome.objectPath };
    });
  });
}
