// What the server's parts report at each scrape: the database pool, the caches, the job queue and the
// payments; and search latency, timed around the catalog service's two searches.
import type { DataSource } from "typeorm";
import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import { PAYMENT_STATUSES, type CatalogService } from "@purplebeats/contracts";
import type { CatalogCaches } from "../../infra/cache/catalog-cache.js";
import type { UrlCache } from "../rest/url-cache.js";
import { QUEUES } from "../../infra/job-queue.js";
import { bitmapPool } from "../../data/search/bitmap-query.js";
import { jobCountsByQueueState, paymentCountsByStatus } from "../../data/operational-counts.js";

/** The slice of node-postgres's pool that TypeORM's postgres driver holds (PGlite's too: one connection). */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
  connect: (...args: unknown[]) => unknown;
}

/** A pool's connections by state (node-postgres keeps these counts). */
function poolStates(pool: PgPool): Array<[string, number]> {
  return [
    ["total", pool.totalCount],
    ["idle", pool.idleCount],
    ["in_use", pool.totalCount - pool.idleCount],
    ["waiting", pool.waitingCount],
    ["max", pool.options.max ?? 0],
  ];
}

/**
 * Pool size, use and wait: the main pool, and search's own (PostgreSQL, once a search opened it). On
 * PGlite the main pool is node-postgres's too, over its single in-process connection: 'waiting' then
 * counts the queries queued behind the one running.
 */
export function poolMetrics(db: DataSource, registry: Registry) {
  const pool = (db.driver as unknown as { master?: PgPool }).master;
  if (!pool || typeof pool.connect !== "function") return;
  new Gauge({
    name: "purplebeats_db_pool_connections",
    help: "Connections of the database pools (main; search: search's own), by state (max: the pool's size)",
    labelNames: ["pool", "state"] as const,
    registers: [registry],
    collect() {
      const pools: Array<[string, PgPool | undefined]> = [
        ["main", pool],
        ["search", bitmapPool(db) as PgPool | undefined],
      ];
      for (const [name, p] of pools)
        if (p) for (const [state, n] of poolStates(p)) this.set({ pool: name, state }, n);
    },
  });
  const wait = new Histogram({
    name: "purplebeats_db_pool_wait_seconds",
    help: "Time a query waited for a connection of the main pool",
    buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [registry],
  });
  // TypeORM (callback) and node-postgres's pool.query (callback) both ask through connect().
  const connect = pool.connect.bind(pool);
  pool.connect = (...args: unknown[]) => {
    const started = performance.now();
    const done = () => wait.observe((performance.now() - started) / 1000);
    const callback = args[0];
    if (typeof callback === "function")
      return connect((...result: unknown[]) => {
        done();
        return (callback as (...a: unknown[]) => unknown)(...result);
      });
    return (connect() as Promise<unknown>).finally(done);
  };
}

/** Hits and misses of the catalog's caches (see infra/cache/) and of the REST shim's responses by URL. */
export function cacheMetrics(registry: Registry, catalog: CatalogCaches, byUrl: UrlCache) {
  const caches = { catalog: catalog.catalog, playlists: catalog.playlists };
  new Counter({
    name: "purplebeats_cache_requests_total",
    help: "Reads of the in-process caches, by cache and result (hit or miss); rest_by_url counts REST GETs",
    labelNames: ["cache", "result"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [name, cache] of Object.entries(caches)) {
        this.inc({ cache: name, result: "hit" }, cache.hits);
        this.inc({ cache: name, result: "miss" }, cache.misses);
      }
      this.inc({ cache: "rest_by_url", result: "hit" }, byUrl.counts.hits);
      this.inc({ cache: "rest_by_url", result: "miss" }, byUrl.counts.misses);
    },
  });
  new Gauge({
    name: "purplebeats_cache_bytes",
    help: "JSON bytes held by each in-process cache",
    labelNames: ["cache"] as const,
    registers: [registry],
    collect() {
      for (const [name, cache] of Object.entries(caches)) this.set({ cache: name }, cache.size.bytes);
    },
  });
}

/** Jobs waiting (created, retry) or running (active) in each pg-boss queue, read from the database. */
export function queueMetrics(db: DataSource, registry: Registry) {
  const queues = Object.values(QUEUES);
  const states = ["created", "retry", "active"];
  new Gauge({
    name: "purplebeats_job_queue_jobs",
    help: "Jobs queued (created, retry) or running (active) in each job queue",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      const rows = await jobCountsByQueueState(db, queues, states).catch(() => null);
      if (!rows) return; // the queue's schema is not there yet, or the database does not answer
      for (const queue of queues) for (const state of states) this.set({ queue, state }, 0);
      for (const row of rows) this.set({ queue: row.name, state: row.state }, row.n);
    },
  });
}

/** Payments by outcome, read from the database: every instance reports the same totals. */
export function paymentMetrics(db: DataSource, registry: Registry) {
  const outcomes = PAYMENT_STATUSES;
  new Gauge({
    name: "purplebeats_payments",
    help: `Premium payments recorded, by status (${PAYMENT_STATUSES.join(", ")})`,
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const rows = await paymentCountsByStatus(db).catch(() => null);
      if (!rows) return;
      for (const status of outcomes) this.set({ status }, 0);
      for (const row of rows) this.set({ status: row.status }, row.n);
    },
  });
}

/** Times the catalog's searches (the results page's sections: 'all'; the song list: 'songs'). */
export function searchMetrics(catalog: CatalogService, registry: Registry) {
  const duration = new Histogram({
    name: "purplebeats_search_duration_seconds",
    help: "Time to answer a search, by kind (all: the results page's sections; songs: the ranked song list)",
    labelNames: ["kind"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const timed = <A extends unknown[], R>(kind: string, run: (...args: A) => Promise<R>) => {
    const timer = duration.labels(kind);
    return async (...args: A): Promise<R> => {
      const started = performance.now();
      try {
        return await run(...args);
      } finally {
        timer.observe((performance.now() - started) / 1000);
      }
    };
  };
  catalog.search = timed("all", catalog.search.bind(catalog));
  catalog.searchSongs = timed("songs", catalog.searchSongs.bind(catalog));
}
