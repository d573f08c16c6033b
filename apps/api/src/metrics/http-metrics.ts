// Request rate, latency and errors by route. The route label is the matched route's template
// (/api/songs/:id), never the raw URL, so that the number of series stays bounded whatever callers send;
// a tRPC call is labelled by its procedure when it names one known procedure.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Counter, Histogram, type Registry } from "prom-client";
import { appRouter } from "@purplebeats/contracts";

/** What a request that matched no route is labelled (a 404 from the not-found handler). */
export const UNMATCHED_ROUTE = "unmatched";
const TRPC_ROUTE = "/trpc/:path";
const PROCEDURES = new Set(
  Object.keys((appRouter as unknown as { _def: { procedures: object } })._def.procedures),
);

/** Seconds: the hot reads answer in about a millisecond, page renders and uploads take longer. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request: its template, or its tRPC procedure. */
function routeOf(request: FastifyRequest): string {
  const template = request.routeOptions.url;
  if (template === undefined) return UNMATCHED_ROUTE;
  if (template !== TRPC_ROUTE) return template;
  const procedure = (request.params as { path?: string } | undefined)?.path;
  return procedure !== undefined && PROCEDURES.has(procedure) ? `/trpc/${procedure}` : TRPC_ROUTE;
}

export function registerHttpMetrics(app: FastifyInstance, registry: Registry) {
  const duration = new Histogram({
    name: "purplebeats_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route template and status code (its _count is the request rate)",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: "purplebeats_http_errors_total",
    help: "Answers with a 4xx or 5xx status, by method, route template and status class",
    labelNames: ["method", "route", "status_class"] as const,
    registers: [registry],
  });
  // The labelled children, kept so that a request costs one string key and one map lookup, not a label hash.
  const timers = new Map<string, ReturnType<typeof duration.labels>>();
  const errorCounters = new Map<string, ReturnType<typeof errors.labels>>();

  app.addHook("onResponse", (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = routeOf(request);
    const status = reply.statusCode;
    const key = `${request.method} ${route} ${status}`;
    let timer = timers.get(key);
    if (!timer) {
      timer = duration.labels(request.method, route, String(status));
      timers.set(key, timer);
    }
    timer.observe(reply.elapsedTime / 1000);
    if (status >= 400) {
      let counter = errorCounters.get(key);
      if (!counter) {
        counter = errors.labels(request.method, route, status >= 500 ? "5xx" : "4xx");
        errorCounters.set(key, counter);
      }
      counter.inc();
    }
    done();
  });
}
