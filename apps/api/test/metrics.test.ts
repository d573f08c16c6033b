// Metrics: /metrics in Prometheus's format, never public by default.
import { createServer as createNetServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { loadConfig } from "../src/config/env.js";
import { Client, createTestServer, startTestServer, type TestServer } from "./helpers/server.js";
import { premiumListener } from "./helpers/pi-sim.js";

const TOKEN = "metrics-token-0123456789abcdef";
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The value of one sample (name and exact labels) in a Prometheus text response; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).match(/^\{(.*)\}/)?.[1] ?? "";
    const has = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (want.every(([k, v]) => has[k] === v)) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

/** A port nobody listens on now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createNetServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe("metrics settings", () => {
  it("serves nothing by default, its own port on loopback, and wants a long token", () => {
    expect(loadConfig({}).metrics).toEqual({ port: undefined, host: "127.0.0.1", token: undefined });
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_TOKEN: "" }).metrics).toEqual({
      port: 9464,
      host: "127.0.0.1",
      token: undefined,
    });
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" }).metrics.host).toBe("0.0.0.0");
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 16/);
    expect(() => loadConfig({ METRICS_PORT: "3000" })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => loadConfig({ METRICS_PORT: "http" })).toThrow(/METRICS_PORT/);
  });
});

const backends = testBackends("the pools' gauges (PGlite has one connection)");
describe.each(backends)("metrics on %s", (kind) => {
  let open: TestServer;
  let guarded: TestServer;
  let metricsPort: number;
  beforeAll(async () => {
    open = await startTestServer(kind);
    metricsPort = await freePort();
    guarded = await startTestServer(kind, {
      metrics: { port: metricsPort, host: "127.0.0.1", token: TOKEN },
    });
  });
  afterAll(async () => {
    await Promise.all([open?.close(), guarded?.close()]);
  });

  const scrape = async () => {
    const res = await fetch(`${guarded.url}/metrics`, { headers: bearer(TOKEN) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it("answers 404 on the main port when neither a token nor a port is configured", async () => {
    const res = await fetch(`${open.url}/metrics`, { headers: bearer(TOKEN) });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/purplebeats_|process_/);
  });

  it("answers 401 without the token or with a wrong one, and the metrics with it", async () => {
    for (const headers of [{}, bearer("wrong-token-0123456789abcdef"), { authorization: TOKEN }]) {
      const res = await fetch(`${guarded.url}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await res.text()).not.toMatch(/purplebeats_/);
    }
    const text = await scrape();
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(sample(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
  });

  it("serves its own port without a token; that port answers nothing else", async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^# HELP /m);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/songs`)).status).toBe(404);
  });

  it("does not start when its metrics port is taken", async () => {
    const { server } = await createTestServer(kind, {
      metrics: { port: metricsPort, host: "127.0.0.1", token: undefined },
    });
    try {
      await expect(server.start()).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await server.stop().catch(() => {});
    }
  });

  it("counts requests and errors by route template (never the raw URL), and changes after requests", async () => {
    const client = new Client(guarded.url);
    const songs = await client.get<Array<{ id: string }>>("/api/songs?limit=3");
    const id = songs.body[0]!.id;
    const before = await scrape();
    const count = (text: string, labels: Record<string, string>) =>
      sample(text, "purplebeats_http_request_duration_seconds_count", labels) ?? 0;
    const playlist = { method: "GET", route: "/api/playlists/:id", status_code: "404" };
    const missing = "00000000-0000-4000-8000-000000000000";
    for (let i = 0; i < 3; i++) expect((await client.get(`/api/playlists/${missing}`)).status).toBe(404);
    await client.get(`/api/artists/${id}`);
    expect((await client.get("/no/such/path")).status).toBe(404);
    const after = await scrape();

    expect(count(after, playlist) - count(before, playlist)).toBe(3);
    expect(
      (sample(after, "purplebeats_http_errors_total", { route: "/api/playlists/:id", status_class: "4xx" }) ??
        0) -
        (sample(before, "purplebeats_http_errors_total", {
          route: "/api/playlists/:id",
          status_class: "4xx",
        }) ?? 0),
    ).toBe(3);
    expect(count(after, { route: "unmatched", status_code: "404" })).toBeGreaterThan(0);
    expect(after).not.toContain(missing);
    expect(after).not.toContain("/no/such/path");
    // The seconds are there too, not only the count.
    expect(
      sample(after, "purplebeats_http_request_duration_seconds_sum", { route: "/api/playlists/:id" }),
    ).toBeGreaterThan(0);
    // tRPC calls are labelled by procedure when the name is one.
    await client.get("/trpc/songs.genres");
    await client.get("/trpc/not.a.procedure");
    const trpc = await scrape();
    expect(count(trpc, { route: "/trpc/songs.genres" })).toBeGreaterThan(0);
    expect(trpc).not.toContain("not.a.procedure");
  });

  it("reports the database pool, caches, search, the job queue and payments", async () => {
    const client = new Client(guarded.url);
    const before = await scrape();
    await client.get("/api/songs/genres");
    await client.get("/api/songs/genres");
    await client.get("/api/search?q=love");
    await client.get("/api/songs/search?q=love");
    await premiumListener(new Client(guarded.url), `metrics-${kind}`);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);

    expect(sample(after, "purplebeats_db_pool_connections", { pool: "main", state: "max" })).toBe(
      kind === "pglite" ? 1 : 5,
    );
    expect(
      sample(after, "purplebeats_db_pool_connections", { pool: "main", state: "waiting" }),
    ).toBeGreaterThanOrEqual(0);
    // Search's own connections, on PostgreSQL (PGlite has its one).
    if (kind === "postgres")
      expect(
        sample(after, "purplebeats_db_pool_connections", { pool: "search", state: "max" }),
      ).toBeGreaterThan(0);
    expect(delta("purplebeats_db_pool_wait_seconds_count", {})).toBeGreaterThan(0);
    expect(
      delta("purplebeats_cache_requests_total", { cache: "rest_by_url", result: "hit" }),
    ).toBeGreaterThan(0);
    const catalogReads = ["hit", "miss"].map(
      (result) => sample(after, "purplebeats_cache_requests_total", { cache: "catalog", result }) ?? 0,
    );
    expect(catalogReads[0]! + catalogReads[1]!).toBeGreaterThan(0);
    expect(delta("purplebeats_search_duration_seconds_count", { kind: "all" })).toBe(1);
    expect(delta("purplebeats_search_duration_seconds_count", { kind: "songs" })).toBe(1);
    expect(delta("purplebeats_payments", { status: "completed" })).toBe(1);
    expect(sample(after, "purplebeats_payments", { status: "failed" })).toBe(0);
    for (const queue of ["encode-song", "scan-library"])
      expect(sample(after, "purplebeats_job_queue_jobs", { queue, state: "created" })).toBeGreaterThanOrEqual(
        0,
      );
  });
});
