// Server rendering: what the start-up render took (the API prints it when it starts) and the typical render
// of a listener's page (rendered for them alone, never kept), from the Server-Timing header the API sends.
import { percentile, round, type BenchResult } from "../lib/report.js";

const ROUTES = ["/", "/search?q=love", "/playlist/discover-weekly"];

/** Pages whose render took this long are sent not server-rendered (the API's RENDER_TIMEOUT_MS default). */
const RENDER_LIMIT_MS = 1_500;

export async function renderBenchmark(
  apiUrl: string,
  startOutput: string,
  cookie: string,
  perRoute: number,
): Promise<BenchResult> {
  const start = /server renderer loaded in (\d+) ms, first page server-rendered in (\d+) ms/.exec(
    startOutput,
  );
  const rows = [];
  const budgets = [];
  rows.push({
    page: "start: worker + renderer loaded",
    "p50 ms": start ? Number(start[1]) : null,
    "p95 ms": null,
    "not server-rendered": start ? 0 : 1,
  });
  rows.push({
    page: "start: first page (Home) server-rendered",
    "p50 ms": start ? Number(start[2]) : null,
    "p95 ms": null,
    "not server-rendered": start ? 0 : 1,
  });
  for (const route of ROUTES) {
    const times: number[] = [];
    let notServerRendered = 0;
    for (let i = 0; i < perRoute; i++) {
      const res = await fetch(apiUrl + route, { headers: { cookie } });
      const html = await res.text();
      const timing = /render;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
      if (timing) times.push(Number(timing[1]));
      if (!html.includes("pb-first-screen-state")) notServerRendered += 1;
    }
    const p95 = percentile(times, 95);
    rows.push({
      page: route,
      "p50 ms": round(percentile(times, 50)),
      "p95 ms": round(p95),
      "not server-rendered": notServerRendered,
    });
    budgets.push({
      figure: `server render p95 of a listener's ${route}`,
      budget: `<= ${RENDER_LIMIT_MS / 5} ms, every page server-rendered`,
      measured: `${round(p95)} ms, ${notServerRendered} not server-rendered`,
      met: p95 <= RENDER_LIMIT_MS / 5 && notServerRendered === 0,
    });
  }
  return {
    name: "render",
    title: "Server rendering: start-up and a listener's pages (one at a time)",
    notes: [
      "Start-up: the figures the API prints when it starts (the worker loads the renderer and server-renders Home before /readyz says ready).",
      `Pages: ${perRoute} sequential requests per route with a session cookie (rendered for that listener, not kept); the API's Server-Timing render duration.`,
    ],
    columns: ["page", "p50 ms", "p95 ms", "not server-rendered"],
    rows,
    budgets,
  };
}
