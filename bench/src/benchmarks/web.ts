// Web: what each route's first screen downloads (gzip JS + CSS, from Vite's manifest, as the web
// app's size script counts it) and Lighthouse's mobile run against the production server.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path, { join } from "node:path";
import { RESULTS_DIR } from "../config.js";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { percentile, round, type BenchResult, type Budget, type Row } from "../lib/report.js";
import { CHROMIUM_FLAGS } from "@purplebeats/chromium";

/** Ids from the bench database that some routes' addresses need (`:artist` in a url). */
export interface RouteIds {
  artist?: string;
}

export interface WebRoute {
  route: string;
  /** The address measured; `:artist` stands for RouteIds.artist. */
  url: string;
  modules: string[];
}

/** The rows' hearts: every route here server-renders song rows, and such a page loads their code at its start. */
const ROW_HEARTS = "src/features/library/LikeSongButton.tsx";

export const ROUTES: WebRoute[] = [
  { route: "/", url: "/", modules: ["index.html", "src/boot.ts", "src/pages/HomePage.tsx", ROW_HEARTS] },
  {
    route: "/search?q=a",
    url: "/search?q=a",
    modules: ["index.html", "src/boot.ts", "src/pages/SearchPage.tsx", ROW_HEARTS],
  },
  {
    route: "/playlist/discover-weekly",
    url: "/playlist/discover-weekly",
    modules: ["index.html", "src/boot.ts", "src/pages/PlaylistPage.tsx", ROW_HEARTS],
  },
  {
    route: "/artist/{id}",
    url: "/artist/:artist",
    modules: ["index.html", "src/boot.ts", "src/pages/ArtistPage.tsx", ROW_HEARTS],
  },
];

/** The route's address with the database's ids in place, or null when the database has none to give. */
export function routeUrl(route: WebRoute, ids: RouteIds): string | null {
  let missing = false;
  const url = route.url.replace(/:artist\b/g, () => {
    if (!ids.artist) missing = true;
    return encodeURIComponent(ids.artist ?? "");
  });
  return missing ? null : url;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export function firstScreenBytes(
  outDir: string,
  modules: string[],
): { js: number; css: number; files: number } {
  const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
    if (file.endsWith(".css")) css += size;
    else js += size;
  }
  return { js, css, files: files.size };
}

export function sizeBenchmark(outDir: string): BenchResult {
  const rows: Row[] = [];
  const budgets: Budget[] = [];
  for (const r of ROUTES) {
    const { js, css, files } = firstScreenBytes(outDir, r.modules);
    const kb = (js + css) / 1024;
    rows.push({
      route: r.route,
      files,
      "JS KB": round(js / 1024),
      "CSS KB": round(css / 1024),
      "total KB": round(kb),
    });
    budgets.push({
      figure: `first-screen JS + CSS, gzip: ${r.route}`,
      budget: "<= 170 KB",
      measured: `${round(kb)} KB`,
      met: kb <= 170,
    });
  }
  return {
    name: "web-size",
    title: "Web: first-screen JS + CSS per route (gzip level 9)",
    notes: [
      "The entry chunk, the route's lazy screen and everything they import statically, with their CSS (Vite manifest).",
    ],
    columns: ["route", "files", "JS KB", "CSS KB", "total KB"],
    rows,
    budgets,
  };
}

export async function lighthouseBenchmark(
  baseUrl: string,
  runs: number,
  chromePath: string,
  ids: RouteIds = {},
): Promise<BenchResult> {
  const rows: Row[] = [];
  const budgets: Budget[] = [];
  for (const r of ROUTES) {
    const url = routeUrl(r, ids);
    if (url === null) continue;
    const results: Array<{
      score: number;
      lcp: number;
      tbt: number;
      cls: number;
      fcp: number;
      benchmarkIndex: number;
      load: number;
      lhr: unknown;
    }> = [];
    for (let i = 0, failures = 0; i < runs; i++) {
      // A fresh browser per run: nothing cached, as a first visit.
      const chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: [...CHROMIUM_FLAGS],
        logLevel: "silent",
      });
      try {
        const answer = await lighthouse(baseUrl + url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        const lhr = answer?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
        if (lhr.runtimeError) {
          // Trace recording fails now and then (NO_NAVSTART): try that run again, twice at most.
          if (++failures > 2) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
          i--;
          continue;
        }
        results.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
          tbt: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
          cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
          fcp: lhr.audits["first-contentful-paint"]?.numericValue ?? NaN,
          // The machine's speed as Lighthouse measured it, and how busy it was: figures from different
          // machines or moments can only be compared with these beside them.
          benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
          load: loadavg()[0] ?? NaN,
          lhr,
        });
      } finally {
        chrome.kill();
      }
    }
    // The median run by score (Lighthouse's own advice for noisy figures).
    const median = [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)]!;
    // The whole report of the median run, for the web app's own diagnosis (opportunities, request chains).
    mkdirSync(path.join(RESULTS_DIR, "lighthouse"), { recursive: true });
    const slug = r.route.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
    writeFileSync(path.join(RESULTS_DIR, "lighthouse", `${slug}.json`), JSON.stringify(median.lhr));
    rows.push({
      route: r.route,
      runs: results.length,
      performance: median.score,
      "FCP s": round(median.fcp / 1000, 2),
      "LCP s": round(median.lcp / 1000, 2),
      "TBT ms": Math.round(median.tbt),
      CLS: round(median.cls, 3),
      benchmarkIndex: Math.round(median.benchmarkIndex),
      "load (1 min)": round(median.load, 2),
      "score range": `${percentile(
        results.map((x) => x.score),
        0,
      )}-${percentile(
        results.map((x) => x.score),
        100,
      )}`,
    });
    budgets.push({
      figure: `Lighthouse mobile ${r.route}: performance / TBT / LCP / CLS`,
      budget: ">= 95 / <= 200 ms / <= 2.0 s / <= 0.02",
      measured: `${median.score} / ${Math.round(median.tbt)} ms / ${round(median.lcp / 1000, 2)} s / ${round(median.cls, 3)}`,
      met: median.score >= 95 && median.tbt <= 200 && median.lcp <= 2000 && median.cls <= 0.02,
    });
  }
  return {
    name: "lighthouse",
    title: `Web: Lighthouse 12 mobile (simulated slow 4G, 4x CPU slowdown), median of ${runs}`,
    notes: [
      "Debian's Chromium, headless; a fresh browser profile per run; the production server serves the built app.",
    ],
    columns: [
      "route",
      "runs",
      "performance",
      "FCP s",
      "LCP s",
      "TBT ms",
      "CLS",
      "benchmarkIndex",
      "load (1 min)",
      "score range",
    ],
    rows,
    budgets,
  };
}
