// A request's body must have arrived within the deadline: a body drip-fed a byte at a time is answered 408
// and its connection closed, instead of holding it for good. Node's own requestTimeout does not cover a
// body still arriving once the handler has the request (Node 20), hence this. Responses are not limited.
import type { FastifyInstance } from "fastify";

export function registerBodyDeadline(app: FastifyInstance, deadlineMs: number): void {
  app.addHook("onRequest", (request, reply, done) => {
    const req = request.raw;
    if (req.complete) return done();
    const timer = setTimeout(() => {
      if (req.complete) return;
      request.log.warn({ deadlineMs }, "request body did not arrive in time");
      const res = reply.raw;
      if (!res.headersSent)
        res.writeHead(408, { "content-type": "application/json; charset=utf-8", connection: "close" });
      res.end(
        JSON.stringify({ error: "Request Timeout", message: "The request did not arrive in time" }),
        () => req.socket.destroy(),
      );
    }, deadlineMs);
    timer.unref();
    reply.raw.once("close", () => clearTimeout(timer));
    done();
  });
}
