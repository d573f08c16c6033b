// Stopping the server (a deploy, a SIGTERM) must not wait on its listeners. Fastify's close waits until every
// connection has ended: a song's response to a paused player stays under way for as long as the player keeps
// its socket's buffers full, and a keep-alive connection whose response ends during the close would sit idle
// for the keep-alive timeout (72 s). Either kept the process past an orchestrator's grace period.
import type { ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { errorBody } from "./errors.js";

export const STOPPING_MESSAGE = "PurpleBeats is restarting. Please try again in a moment.";

/** Fastify's own choices while it closes, named here so that the server's options say them. */
export const CLOSING_OPTIONS = {
  // Idle keep-alive connections are closed when the close begins; busy ones finish their request first.
  forceCloseConnections: "idle",
  // A request arriving on an open connection meanwhile is answered 503 (a load balancer retries it elsewhere).
  return503OnClosing: true,
} as const;

export interface Shutdown {
  /** From now on every response closes its connection, and the streams under way are cut. */
  begin(): void;
}

/** A body Fastify pipes to the socket (a file, a compressed body): a response that lasts as long as the reader. */
const isStream = (payload: unknown): payload is Readable =>
  typeof (payload as { pipe?: unknown } | null | undefined)?.pipe === "function";

/** Headers of a streamed body that a 503 in its place must not keep. */
const STREAM_HEADERS = ["content-length", "content-range", "accept-ranges", "etag", "last-modified"];

/**
 * Registered before @fastify/compress, so that it sees the bodies the routes send (a compressed body is a
 * stream too, and one that ends by itself).
 */
export function registerShutdown(app: FastifyInstance): Shutdown {
  let stopping = false;
  const streaming = new Set<ServerResponse>();
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (!stopping) {
      if (isStream(payload)) {
        const response = reply.raw;
        streaming.add(response);
        response.once("close", () => streaming.delete(response));
      }
      return done(null, payload);
    }
    reply.header("Connection", "close");
    if (!isStream(payload)) return done(null, payload);
    // A stream starting now (its request came in before the close) is answered as Fastify answers the
    // requests that come in after: 503, try again.
    payload.destroy();
    for (const name of STREAM_HEADERS) reply.removeHeader(name);
    reply.code(503).header("Retry-After", "5").type("application/json; charset=utf-8");
    done(null, JSON.stringify(errorBody(503, STOPPING_MESSAGE)));
  });
  app.addHook("onResponse", (request, _reply, done) => {
    // Its head went out before the stop, saying keep-alive: end the connection now that the body has gone.
    if (stopping) request.raw.socket.end();
    done();
  });
  return {
    begin() {
      stopping = true;
      // A player whose song is cut asks again with a Range from where it stopped, which another instance answers.
      for (const response of streaming) response.destroy();
      streaming.clear();
    },
  };
}
