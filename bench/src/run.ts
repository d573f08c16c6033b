// `pnpm bench`: every budgeted figure against the production-mode server on real PostgreSQL, each
// next to its reference measured in the same run. Tables are printed and written to bench-results/.
//   pnpm bench                      the full run (1,000,000 songs, 100,000 users)
//   pnpm bench -- --quick           a smoke test of the bench itself (50,000 songs, short runs)
//   --only api,search,...           run some benchmarks (api search typos audio admin render web lighthouse interaction
//                                   ingest scan stream-high); the media ones alone need no data set
//   --ingest-files N --scan-files N media sizes (defaults: 6 and 10,000; --quick: 2 and 300)
//   --seconds N                     autocannon duration per route   --no-build   reuse the builds
import "reflect-metadata";
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { argValue, BENCH_ADMIN_UID, FULL, QUICK, REPO_ROOT, RESULTS_DIR } from "./config.js";
import { generate } from "./generate.js";
import { apiBenchmark, type ApiTarget } from "./benchmarks/api.js";
import { buildQueries, searchBenchmark } from "./benchmarks/search.js";
import { typoBenchmark } from "./benchmarks/typos.js";
import { adminBenchmark, audioBenchmark } from "./benchmarks/audio-admin.js";
import { MEDIA_BENCHMARKS } from "./benchmarks/media.js";
import { interactionBenchmark } from "./benchmarks/interaction.js";
import { lighthouseBenchmark, sizeBenchmark } from "./benchmarks/web.js";
import { renderBenchmark } from "./benchmarks/render.js";
import { runMediaBenchmarks } from "./benchmarks/media-run.js";
import {
  budgetTable,
  machineInfo,
  report,
  round,
  type BenchResult,
  type Budget,
  type RunInfo,
} from "./lib/report.js";
import { rssMb, startApi } from "./lib/processes.js";
import { chromiumPath } from "@purplebeats/chromium";

const args = process.argv.slice(2).filter((a) => a !== "--");
const quick = args.includes("--quick");
const sizes = quick ? QUICK : FULL;
const only = argValue(args, "--only")?.split(",");
const wants = (name: string) => !only || only.includes(name);
const seconds = Number(argValue(args, "--seconds") ?? (quick ? 3 : 10));
const chromePath = chromiumPath();
const started = Date.now();

function step(message: string) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);
}

// 0. Real music in: ingest, scan memory, high rendition TTFB. They bring their own catalog.
const mediaOnly = only !== undefined && only.every((name) => MEDIA_BENCHMARKS.includes(name as never));
if (MEDIA_BENCHMARKS.some(wants)) {
  step("media benchmarks");
  await runMediaBenchmarks({
    wants,
    quick,
    build: !args.includes("--no-build"),
    ingestFiles: Number(argValue(args, "--ingest-files") ?? (quick ? 2 : 6)),
    scanFiles: Number(argValue(args, "--scan-files") ?? (quick ? 300 : 10_000)),
    command: `pnpm bench${quick ? " -- --quick" : ""}${only ? ` --only ${only.join(",")}` : ""}`,
    log: step,
  });
  if (mediaOnly) {
    step("done");
    process.exit(0);
  }
}

// 1. The data set (skipped when the marker says it is there).
step(`data set: ${sizes.songs.toLocaleString("en-US")} songs, ${sizes.users.toLocaleString("en-US")} users`);
const dataset = await generate({ ...sizes, log: (line) => step(line) });

// 2. Builds: the API bundle and the web app (with its manifest, for the size figures) and, beside it, the
// web app's server renderer (the API finds it there: apps/api/src/web/pages/web-app.ts).
const webBuild = path.join(REPO_ROOT, "bench/node_modules/.cache/web");
const webOut = path.join(webBuild, "dist");
if (!args.includes("--no-build")) {
  step("building the API and the web app");
  execFileSync(process.execPath, ["build.mjs"], { cwd: path.join(REPO_ROOT, "apps/api"), stdio: "inherit" });
  const vite = (...options: string[]) =>
    execFileSync("pnpm", ["exec", "vite", "build", ...options, "--emptyOutDir", "--logLevel", "warn"], {
      cwd: path.join(REPO_ROOT, "apps/web"),
      stdio: "inherit",
    });
  vite("--outDir", webOut);
  vite("--ssr", "src/entry-server.tsx", "--outDir", path.join(webBuild, "dist-server"));
}
if (
  !existsSync(path.join(REPO_ROOT, "apps/api/dist/main.js")) ||
  !existsSync(path.join(webOut, "index.html"))
) {
  throw new Error("No build to run: drop --no-build");
}

async function connect(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: dataset.url });
  // A PostgreSQL restart mid-run (another suite on a shared server) fails the query at hand, not the
  // process; the next measurement gets a new connection.
  c.on("error", (error) => {
    console.error(`bench database connection: ${error.message}`);
    if (client === c) client = null as unknown as pg.Client;
  });
  await c.connect();
  return c;
}
let client = await connect();
const pgVersion = (await client.query<{ v: string }>(`SHOW server_version`)).rows[0]!.v;
const run: RunInfo = {
  command: `pnpm bench${quick ? " -- --quick" : ""}${only ? ` --only ${only.join(",")}` : ""}`,
  startedAt: new Date(started).toISOString(),
  machine: machineInfo({ postgres: pgVersion }),
  dataset: { database: dataset.database, songs: sizes.songs, users: sizes.users },
};

// 3. The production server over the bench database.
step("starting the API (NODE_ENV=production, PI_SIMULATOR=0)");
const api = await startApi({
  databaseUrl: dataset.url,
  webDist: webOut,
  adminUid: BENCH_ADMIN_UID,
  logLevel: process.env.BENCH_LOG_LEVEL ?? "warn",
});
// What it printed at start (the server renderer's start-up figures), before later logs push it out.
const apiStartOutput = api.output();
// However the bench ends, the server it started ends with it.
process.on("exit", () => api.child.kill("SIGKILL"));
const results: BenchResult[] = [];

/** When PostgreSQL last started: a restart during a measurement (another suite on a shared server) spoils it. */
async function serverStart(): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      if (!client) client = await connect();
      return (await client.query<{ t: string }>(`SELECT pg_postmaster_start_time()::text AS t`)).rows[0]!.t;
    } catch (error) {
      if (attempt >= 30) throw error;
      client = null as unknown as pg.Client;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/** Runs a measurement again (twice at most) when PostgreSQL restarted while it ran. */
async function stable<T>(name: string, measure: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const before = await serverStart();
    let value: T | undefined;
    let failure: unknown;
    try {
      value = await measure();
    } catch (error) {
      failure = error;
    }
    const after = await serverStart();
    if (before === after || attempt === 3) {
      if (failure) throw failure;
      return value as T;
    }
    step(`${name}: PostgreSQL restarted during the measurement (at ${after}); measuring again`);
    await new Promise((r) => setTimeout(r, 5000));
  }
}
/** A session for the generated admin, as the session store would write it (only the hash is kept). */
async function adminSession(): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await client.query(
    `INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`,
    [createHash("sha256").update(token).digest("hex"), BENCH_ADMIN_UID],
  );
  return `pb_session=${token}`;
}

const budgets: Budget[] = [];
const done = (result: BenchResult) => {
  report(result, run);
  results.push(result);
  budgets.push(...result.budgets);
};

try {
  step(`API up at ${api.url} (pid ${api.child.pid}, RSS ${round(rssMb(api.child.pid!))} MB)`);
  const perKind = quick ? 12 : 60;
  const queries = await buildQueries(client, sizes.songs, perKind);
  const somePlaylist = (
    await client.query<{ id: string }>(
      `SELECT id FROM playlists WHERE is_public AND song_count BETWEEN 40 AND 60 ORDER BY id LIMIT 1`,
    )
  ).rows[0]?.id;

  // An artist with an album: its page renders the songs, the albums and what it appears on (Lighthouse).
  const someArtist = (
    await client.query<{ id: string }>(`SELECT artist_id AS id FROM albums ORDER BY id LIMIT 1`)
  ).rows[0]?.id;

  if (wants("api")) {
    step("API throughput");
    const searchPaths = queries
      .filter((q) => q.kind !== "typo")
      .slice(0, 50)
      .map((q) => `/api/search?q=${encodeURIComponent(q.q)}`);
    const targets: ApiTarget[] = [
      { label: "/api/songs", paths: ["/api/songs"], hot: true },
      { label: "/api/songs/trending", paths: ["/api/songs/trending"], hot: true },
      { label: "/api/playlists/discover-weekly", paths: ["/api/playlists/discover-weekly"], hot: true },
      ...(somePlaylist
        ? [{ label: "/api/playlists/{user playlist}", paths: [`/api/playlists/${somePlaylist}`], hot: true }]
        : []),
      { label: `/api/search?q=... (${searchPaths.length} queries)`, paths: searchPaths, hot: false },
      // Not a budget: Home as a first visit (no cookie) gets it; beyond 4 renders at once it is sent not server-rendered.
      { label: "/ (Home, server-rendered 4 at a time)", paths: ["/"], hot: false },
    ];
    const out = await stable("api", () => apiBenchmark(api, targets, seconds));
    done(out.result);
    done({
      name: "memory",
      title: "Memory: the API's resident set size",
      notes: ["Peak sampled every 100 ms during the API benchmark (autocannon, 50 connections)."],
      columns: ["state", "RSS MB"],
      rows: [
        { state: "idle, after start and warm-up", "RSS MB": round(out.rssIdleMb) },
        { state: "peak under load", "RSS MB": round(out.rssPeakMb) },
        { state: "idle again, 2 s after load", "RSS MB": round(out.rssAfterMb) },
      ],
      budgets: [
        {
          figure: "API RSS under load",
          budget: "<= 250 MB",
          measured: `${round(out.rssPeakMb)} MB`,
          met: out.rssPeakMb <= 250,
        },
      ],
    });
  }

  if (wants("search")) {
    step(`search: ${queries.length} queries`);
    done(await stable("search", () => searchBenchmark(api.url, client, queries, quick ? 2 : 4, sizes.songs)));
  }

  if (wants("typos")) {
    step("search: the independent typo set");
    // "Under load": the mixed set again while 50 connections read hot catalog pages.
    const hotPaths = [
      "/api/songs/trending",
      "/api/songs",
      ...(somePlaylist ? [`/api/playlists/${somePlaylist}`] : []),
    ];
    done(
      await stable("typos", () => typoBenchmark(api.url, client, sizes.songs, quick ? 200 : 1000, hotPaths)),
    );
  }

  if (wants("audio")) {
    step("audio streams");
    // One playable song per seed clip, through the stream route as a player fetches it (audio is never
    // served as a file under /media), with a session.
    const audio = (
      await client.query<{ id: string }>(
        `SELECT DISTINCT ON (s.audio_url) s.id FROM songs s LEFT JOIN albums al ON al.id = s.album_id
         WHERE s.audio_url LIKE '/media/audio/%' AND NOT s.hidden AND NOT s.unavailable
           AND NOT s.members_only AND NOT COALESCE(al.members_only, false)
         ORDER BY s.audio_url, s.id LIMIT 12`,
      )
    ).rows.map((r) => `/api/songs/${r.id}/stream?quality=standard`);
    const cookie = await adminSession();
    done(
      await stable("audio", () => audioBenchmark(api.url, audio, cookie, quick ? 2 : 5, 100, quick ? 4 : 10)),
    );
  }

  if (wants("admin")) {
    step("admin");
    const cookie = await adminSession();
    done(await stable("admin", () => adminBenchmark(api.url, cookie, sizes.users, quick ? 50 : 200)));
  }

  if (wants("render")) {
    step("server rendering");
    const cookie = await adminSession();
    done(await stable("render", () => renderBenchmark(api.url, apiStartOutput, cookie, quick ? 10 : 40)));
  }

  if (wants("web")) {
    step("web: first-screen sizes");
    done(await sizeBenchmark(webOut, api.url, { artist: someArtist }));
  }

  if (wants("lighthouse")) {
    step("web: Lighthouse");
    done(
      await stable("lighthouse", () =>
        lighthouseBenchmark(api.url, quick ? 1 : 5, chromePath, { artist: someArtist }),
      ),
    );
  }

  if (wants("interaction")) {
    step("web: main-thread work per interaction");
    done(await stable("interaction", () => interactionBenchmark(api.url, quick ? 1 : 5, chromePath)));
  }
} finally {
  await api.stop();
  await client?.end().catch(() => {});
}

console.log(`\n## Budgets\n\n${budgetTable(budgets)}`);
mkdirSync(RESULTS_DIR, { recursive: true });
writeFileSync(
  path.join(RESULTS_DIR, "summary.json"),
  JSON.stringify(
    { ...run, seconds: (Date.now() - started) / 1000, budgets, results: results.map((r) => r.name) },
    null,
    2,
  ) + "\n",
);
step(`done; results in ${path.relative(process.cwd(), RESULTS_DIR) || "."}`);
