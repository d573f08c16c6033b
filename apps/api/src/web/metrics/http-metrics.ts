// Request rate, latency and errors by route. The route label is the matched route's template
// (/api/songs/:id), never the raw URL, so that the number of series stays bounded whatever callers send;
// a tRPC call is labelled by its procedure when it names one known procedure.
//
// Counted by hand (one map lookup and a few additions: 0.5 µs a request on a busy 2-core machine) rather
// than through prom-client's Histogram.observe, which hashes its labels on every call (3 µs there): the hot
// reads answer in some 60 µs, and their budgets are shares of a bare Fastify server.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Metric, MetricValue, Registry } from "prom-client";
import { appRouter } from "@purplebeats/contracts";

/** What a request that matched no route is labelled (a 404 from the not-found handler). */
export const UNMATCHED_ROUTE = "unmatched";
const TRPC_ROUTE = "/trpc/:path";
const PROCEDURES = new Set(
  Object.keys((appRouter as unknown as { _def: { procedures: object } })._def.procedures),
);

/** Seconds: the hot reads answer in well under a millisecond, page renders and uploads take longer. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request: its template, or its tRPC procedure. */
function routeOf(request: FastifyRequest): string {
  const template = request.routeOptions.url;
  if (template === undefined) return UNMATCHED_ROUTE;
  if (template !== TRPC_ROUTE) return template;
  const procedure = (request.params as { path?: string } | undefined)?.path;
  return procedure !== undefined && PROCEDURES.has(procedure) ? `/trpc/${procedure}` : TRPC_ROUTE;
}

/** One line of a scrape (prom-client's own type for it is not exported). */
type Sample = MetricValue<string> & { metricName?: string };

interface Series {
  labels: Record<string, string>;
  /** Observations at or under each bound (cumulative when reported). */
  buckets: Float64Array;
  sum: number;
  count: number;
}

/** A latency histogram and an error counter by (method, route, status), in prom-client's metric shape. */
class RequestTally {
  private readonly series = new Map<string, Series>();

  observe(method: string, route: string, status: number, seconds: number) {
    const key = `${method} ${route} ${status}`;
    let s = this.series.get(key);
    if (!s) {
      s = {
        labels: { method, route, status_code: String(status) },
        buckets: new Float64Array(LATENCY_BUCKETS.length),
        sum: 0,
        count: 0,
      };
      this.series.set(key, s);
    }
    s.sum += seconds;
    s.count++;
    for (let i = 0; i < LATENCY_BUCKETS.length; i++)
      if (seconds <= (LATENCY_BUCKETS[i] ?? Infinity)) {
        s.buckets[i] = (s.buckets[i] ?? 0) + 1;
        break;
      }
  }

  reset() {
    this.series.clear();
  }

  durations(): Sample[] {
    const values: Sample[] = [];
    const name = "purplebeats_http_request_duration_seconds";
    for (const s of this.series.values()) {
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((bound, i) => {
        cumulative += s.buckets[i] ?? 0;
        values.push({ metricName: `${name}_bucket`, labels: { ...s.labels, le: bound }, value: cumulative });
      });
      values.push({ metricName: `${name}_bucket`, labels: { ...s.labels, le: "+Inf" }, value: s.count });
      values.push({ metricName: `${name}_sum`, labels: s.labels, value: s.sum });
      values.push({ metricName: `${name}_count`, labels: s.labels, value: s.count });
    }
    return values;
  }

  errors(): Sample[] {
    const byClass = new Map<string, { labels: Record<string, string>; value: number }>();
    for (const s of this.series.values()) {
      const status = Number(s.labels.status_code);
      if (status < 400) continue;
      const statusClass = status >= 500 ? "5xx" : "4xx";
      const key = `${s.labels.method} ${s.labels.route} ${statusClass}`;
      const entry = byClass.get(key) ?? {
        labels: { method: s.labels.method ?? "", route: s.labels.route ?? "", status_class: statusClass },
        value: 0,
      };
      entry.value += s.count;
      byClass.set(key, entry);
    }
    return [...byClass.values()];
  }
}

/** A metric whose values prom-client's registry asks for at each scrape. */
const metric = (
  name: string,
  help: string,
  type: "histogram" | "counter",
  values: () => Sample[],
  reset: () => void,
): Metric =>
  ({
    name,
    help,
    type,
    aggregator: "sum",
    get: () => ({ name, help, type, aggregator: "sum", values: values() }),
    reset,
  }) as unknown as Metric;

export function registerHttpMetrics(app: FastifyInstance, registry: Registry) {
  const tally = new RequestTally();
  const reset = () => tally.reset();
  registry.registerMetric(
    metric(
      "purplebeats_http_request_duration_seconds",
      "Time to answer an HTTP request, by method, route template and status code (its _count is the request rate)",
      "histogram",
      () => tally.durations(),
      reset,
    ),
  );
  registry.registerMetric(
    metric(
      "purplebeats_http_errors_total",
      "Answers with a 4xx or 5xx status, by method, route template and status class",
      "counter",
      () => tally.errors(),
      reset,
    ),
  );
  app.addHook("onResponse", (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    tally.observe(request.method, routeOf(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
