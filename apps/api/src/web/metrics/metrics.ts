// /metrics in Prometheus's text format (prom-client): requests by route, the database pool, the caches,
// search, payments, the job queue and Node's own process metrics. Never public by default: served on a
// port of its own (loopback unless METRICS_HOST says otherwise) and/or on the main port to whoever sends
// `Authorization: Bearer $METRICS_TOKEN`; with neither configured the main port answers 404.
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Registry } from "prom-client";
import type { Services } from "@purplebeats/contracts";
import type { Database } from "@purplebeats/db";
import { errorBody } from "../http/errors.js";
import type { MetricsSettings } from "./settings.js";
import type { RestCaches } from "../rest/register.js";
import { registerHttpMetrics } from "./http-metrics.js";
import { cacheMetrics, paymentMetrics, poolMetrics, queueMetrics, searchMetrics } from "./service-metrics.js";

export const METRICS_PATH = "/metrics";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether the request carries the bearer token (compared in constant time). */
function hasToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? "";
  const sent = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
  return sent !== "" && timingSafeEqual(digest(sent), digest(token));
}

/** Mounts the metrics and their endpoint(s); the own port opens with the server and closes with it. */
export function registerMetrics(
  app: FastifyInstance,
  {
    settings,
    db,
    services,
    caches,
  }: { settings: MetricsSettings; db: Database; services: Services; caches: RestCaches },
): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerHttpMetrics(app, registry);
  poolMetrics(db.dataSource, registry);
  cacheMetrics(registry, caches.catalog, caches.byUrl);
  queueMetrics(db.dataSource, registry);
  paymentMetrics(db.dataSource, registry);
  searchMetrics(services.catalog, registry);

  // The main port: only with a token; otherwise the same 404 as any unknown path (not the web app's page).
  const { token } = settings;
  app.get(METRICS_PATH, async (request, reply) => {
    if (!token)
      return reply.code(404).send(errorBody(404, `No such path: ${request.method} ${METRICS_PATH}`));
    if (!hasToken(request, token))
      return reply
        .code(401)
        .header("WWW-Authenticate", 'Bearer realm="metrics"')
        .send(errorBody(401, "Metrics need the operator's bearer token"));
    return reply
      .header("Cache-Control", "no-store")
      .type(registry.contentType)
      .send(await registry.metrics());
  });

  if (settings.port !== undefined) {
    const port = settings.port;
    const server = createServer((request, response) => {
      if (request.method !== "GET" || request.url?.split("?")[0] !== METRICS_PATH) {
        response.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
        return;
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { "content-type": registry.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, "metrics failed");
          response.writeHead(500, { "content-type": "text/plain" }).end("Metrics failed\n");
        },
      );
    });
    // Opened as the server gets ready to listen (a port in use stops the start), closed with it.
    app.addHook(
      "onReady",
      () =>
        new Promise<void>((resolve, reject) => {
          server.once("error", reject);
          server.listen(port, settings.host, () => {
            server.off("error", reject);
            resolve();
          });
        }),
    );
    app.addHook("onClose", () => new Promise<void>((resolve) => server.close(() => resolve())));
  }
}
