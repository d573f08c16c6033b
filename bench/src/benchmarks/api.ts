// Hot catalog reads at 50 connections, next to a bare Fastify route sending the same bytes from memory.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { round, type BenchResult, type Budget, type Row } from "../lib/report.js";
import { rssMb, sampleRss, startBare, type Started } from "../lib/processes.js";

export interface ApiTarget {
  label: string;
  /** Paths requested in turn (one for most routes; the search route cycles through queries). */
  paths: string[];
  /** Counts toward the hot-read budget. */
  hot: boolean;
}

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(
  url: string,
  paths: string[],
  seconds: number,
  connections = 50,
): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: paths.map((p) => ({ method: "GET", path: p })),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export interface ApiBenchOutput {
  result: BenchResult;
  rssIdleMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

export async function apiBenchmark(
  api: Started,
  targets: ApiTarget[],
  seconds: number,
): Promise<ApiBenchOutput> {
  // The bytes of each path's response, for the bare server to send.
  const fixtures: Array<{ path: string; contentType: string; body: string }> = [];
  for (const target of targets) {
    for (const p of target.paths) {
      const res = await fetch(api.url + p);
      if (!res.ok) throw new Error(`${p} answered ${res.status}`);
      const body = Buffer.from(await res.arrayBuffer());
      fixtures.push({
        path: p,
        contentType: res.headers.get("content-type") ?? "application/json",
        body: body.toString("base64"),
      });
    }
  }
  const fixtureFile = path.join(tmpdir(), `purplebeats-bench-fixtures-${process.pid}.json`);
  writeFileSync(fixtureFile, JSON.stringify(fixtures));
  const bare = await startBare(fixtureFile);

  const pid = api.child.pid!;
  const rssIdleMb = rssMb(pid);
  const sampler = sampleRss(pid);
  const rows: Row[] = [];
  const budgets: Budget[] = [];
  try {
    for (const target of targets) {
      // A short warm-up on each side, then the measured run.
      // The API's own RSS peak while this route is loaded: which route drives the memory figure.
      const routeRss = sampleRss(pid);
      await load(api.url, target.paths, Math.min(2, seconds));
      const ours = await load(api.url, target.paths, seconds);
      const routeRssPeakMb = routeRss.stop();
      await load(bare.url, target.paths, Math.min(2, seconds));
      const ceiling = await load(bare.url, target.paths, seconds);
      const ratio = ours.rps / ceiling.rps;
      const bytes = Buffer.from(fixtures.find((f) => f.path === target.paths[0])!.body, "base64").length;
      rows.push({
        route: target.label,
        bytes: bytes,
        "req/s": Math.round(ours.rps),
        "p50 ms": ours.p50,
        "p99 ms": ours.p99,
        "bare req/s": Math.round(ceiling.rps),
        "bare p99 ms": ceiling.p99,
        "% of bare": round(ratio * 100),
        errors: ours.errors + ours.non2xx,
        "RSS peak MB": round(routeRssPeakMb),
      });
      if (target.hot) {
        budgets.push({
          figure: `${target.label}: share of bare Fastify / p99`,
          budget: ">= 40 % / <= 50 ms",
          measured: `${round(ratio * 100)} % / ${ours.p99} ms`,
          met: ratio >= 0.4 && ours.p99 <= 50 && ours.errors + ours.non2xx === 0,
        });
      }
    }
  } finally {
    await bare.stop();
  }
  const rssPeakMb = sampler.stop();
  await new Promise((r) => setTimeout(r, 2000));
  const rssAfterMb = rssMb(pid);
  return {
    result: {
      name: "api",
      title: `API at 50 connections (autocannon, ${seconds} s per route) next to bare Fastify`,
      notes: [
        "bare: a Fastify 5 route in its own process sending the same bytes and content type from memory (the ceiling).",
        "Requests carry no Accept-Encoding (both sides send identity bodies); the search row cycles through its queries.",
        "RSS peak MB: the API's resident set size at its highest while that route was loaded (sampled every 100 ms).",
      ],
      columns: [
        "route",
        "bytes",
        "req/s",
        "p50 ms",
        "p99 ms",
        "bare req/s",
        "bare p99 ms",
        "% of bare",
        "errors",
        "RSS peak MB",
      ],
      rows,
      budgets,
    },
    rssIdleMb,
    rssPeakMb,
    rssAfterMb,
  };
}
