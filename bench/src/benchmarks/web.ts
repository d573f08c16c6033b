// Web: what each route's first screen needs (gzip JS + CSS, from Vite's manifest, and what the page the server
// draws carries inline: messages, the reads' data, styles; counted as the web app's size check counts them,
// @purplebeats/contracts/page-inline) and Lighthouse's mobile run against the production server.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path, { join } from "node:path";
import { RESULTS_DIR } from "../config.js";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { percentile, round, type BenchResult, type Budget, type Row } from "../lib/report.js";
import { CHROMIUM_FLAGS } from "@purplebeats/chromium";
import { LOCALES } from "@purplebeats/contracts/constants";
import { inlineBytes, inlinedStylesheets } from "@purplebeats/contracts/page-inline";

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
  /** Stylesheets the page has inline (counted there, not as files). */
  inline: readonly string[] = [],
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
  for (const file of inline) files.delete(file);
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
    if (file.endsWith(".css")) css += size;
    else js += size;
  }
  return { js, css, files: files.size };
}

/**
 * What the server's page for `url` carries inline, in the language whose is largest (each language's messages
 * are its own size): the page as a first visit gets it, drawn from the bench database's data; and the
 * stylesheets it has inline (the screen's own), which the files' count then leaves out.
 */
export async function largestInline(
  baseUrl: string,
  url: string,
): Promise<{ inline: number; locale: string; stylesheets: string[] }> {
  let largest = { inline: -1, locale: "", stylesheets: [] as string[] };
  for (const locale of LOCALES) {
    const response = await fetch(new URL(url, baseUrl), { headers: { "accept-language": locale } });
    const html = await response.text();
    const inline = inlineBytes(html);
    if (inline > largest.inline) largest = { inline, locale, stylesheets: inlinedStylesheets(html) };
  }
  return largest;
}

export async function sizeBenchmark(
  outDir: string,
  baseUrl: string,
  ids: RouteIds = {},
): Promise<BenchResult> {
  const rows: Row[] = [];
  const budgets: Budget[] = [];
  for (const r of ROUTES) {
    const url = routeUrl(r, ids);
    const { inline, locale, stylesheets } = url
      ? await largestInline(baseUrl, url)
      : { inline: 0, locale: "-", stylesheets: [] };
    const { js, css, files } = firstScreenBytes(outDir, r.modules, stylesheets);
    const kb = (js + css + inline) / 1024;
    rows.push({
      route: r.route,
      files,
      "JS KB": round(js / 1024),
      "CSS KB": round(css / 1024),
      "inline KB": round(inline / 1024),
      "inline language": locale,
      "total KB": round(kb),
    });
    budgets.push({
      figure: `first screen JS + CSS + inline, gzip: ${r.route}`,
      budget: "<= 170 KB",
      measured: `${round(kb)} KB`,
      met: kb <= 170,
    });
  }
  return {
    name: "web-size",
    title: "Web: first screen per route, JS + CSS + what the page inlines (gzip level 9)",
    notes: [
      "The entry chunk, the route's lazy screen and everything they import statically, with their CSS (Vite manifest).",
      "Inline: the scripts without a src and the styles of the server's page for a first visit (messages, the reads' data, styles, the screen's own stylesheets, then not counted as files), in the language whose is largest; as apps/web's `pnpm run size` counts them.",
    ],
    columns: ["route", "files", "JS KB", "CSS KB", "inline KB", "inline language", "total KB"],
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
