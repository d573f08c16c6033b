// What the request logs may show. An upload URL is a bearer capability (whoever holds it may store a
// file as its owner for 10 minutes), so its token never reaches a log line.
import type { FastifyRequest } from "fastify";
import { UPLOAD_PATH } from "../../domain/uploads/uploads.js";

const UPLOAD_TOKEN = new RegExp(`^(${UPLOAD_PATH}/)[^/?#]+`);

/** A request's URL as logged: upload tokens replaced. */
export const loggedUrl = (url: string) => url.replace(UPLOAD_TOKEN, "$1[redacted]");

/** Fastify's own request serializer, with the URL redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}
