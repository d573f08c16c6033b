// The replies to a request that failed or found no route: a JSON error a person can act on, with the status
// it means (413 for a file too large, 415 for a body that is not JSON, 503 while the database is away, 405
// with Allow for a path that takes other methods); anything else is a 500 that shows no stack trace or SQL.
import type { FastifyInstance } from "fastify";
import { FILE_TOO_LARGE_MESSAGE, UPLOAD_PATH } from "../../domain/uploads/uploads.js";
import { describeError, errorBody } from "./errors.js";
import { handlingRoute } from "./route-path.js";
import { JSON_ONLY_MESSAGE } from "./json-bodies.js";
import type { trackRouteMethods } from "./route-methods.js";
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from "./unavailable.js";

export function registerErrorReplies(
  app: FastifyInstance,
  routeMethods: ReturnType<typeof trackRouteMethods>,
) {
  app.setErrorHandler((error, request, reply) => {
    if (
      (error as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE" &&
      handlingRoute(request)?.startsWith(UPLOAD_PATH)
    ) {
      return reply.code(413).send(errorBody(413, FILE_TOO_LARGE_MESSAGE));
    }
    if ((error as { code?: string }).code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply.code(415).send(errorBody(415, JSON_ONLY_MESSAGE));
    }
    const known = describeError(error);
    if (known) return reply.code(known.status).send(known.body);
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(status, (error as Error).message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply.code(503).header("Retry-After", "5").send(errorBody(503, UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send(errorBody(500, "Something went wrong on our side. Please try again."));
  });
  app.setNotFoundHandler((request, reply) => {
    const allowed = routeMethods.allowed(request.url);
    // A route of this method that found nothing (a missing file under /media) is a 404, not a 405.
    if (allowed.length > 0 && !allowed.includes(request.method))
      return reply
        .code(405)
        .header("Allow", allowed.join(", "))
        .send(errorBody(405, `${request.method} is not allowed here; use ${allowed.join(" or ")}`));
    return reply
      .code(404)
      .send(errorBody(404, `No such path: ${request.method} ${request.url.split("?")[0]}`));
  });
}
