// The download budget: a member's download of a 20-song playlist at the standard rendition completes at
// the network's rate, within 20 % of fetching the same bytes with curl. In one run, in turns: the app's own
// Download button on the playlist's page (Chromium, phone-sized, the HTTP cache off), timed from the first
// song's request to the last one's response (Resource Timing), against one curl process fetching the same 20
// URLs one after another with the member's session cookie, timed from its start to its exit. The app stores
// each song in Cache Storage while it asks for the next, as it does for a member: what of the store holds the
// next request back is in its figure, and shown apart as the time between one song's end and the next's ask.
// Both sides get the same network rate (--rate-mbit, 40 by default; 0 for bare loopback).
//   pnpm --filter @purplebeats/bench download-vs-curl [-- --rounds 5 --rate-mbit 40] [-- --url http://127.0.0.1:3000]
// Needs `pnpm build` first. Against --url the server must run with the Pi simulator (PI_SIMULATOR=1) and a
// download rate limit above the run's (RATE_LIMIT_DOWNLOAD=100000), as the app this script starts does.
import { spawn } from "node:child_process";
import os from "node:os";
import type { APIRequestContext, Page } from "playwright-core";
import { argValue } from "./config.js";
import { alternate, ratioText } from "./lib/alternate.js";
import { launchChromium, newPhoneContext } from "./lib/phone-browser.js";
import { startSimulatedApp } from "./lib/processes.js";
import { startThrottledProxy } from "./lib/throttled-proxy.js";
import { machineInfo, printOne, round, writeResult, type BenchResult } from "./lib/report.js";

const args = process.argv.slice(2).filter((a) => a !== "--");
const ROUNDS = Number(argValue(args, "--rounds") ?? 5);
/**
 * The network's rate, Mbit/s: both sides download through one throttled link (lib/throttled-proxy.ts). Loopback
 * is no network, and unthrottled both sides measure the loaded machine's CPU instead. 0: bare loopback.
 */
const RATE_MBIT = Number(argValue(args, "--rate-mbit") ?? 40);
const RATE_BYTES = Math.round((RATE_MBIT * 1e6) / 8);
const SONGS = 20;
const QUALITY = "standard";
/** The budget: the app's download takes at most this much longer than curl's. */
const BUDGET_RATIO = 1.2;
const CLIENT = { "x-purplebeats-client": "1" };

async function call<T>(
  request: APIRequestContext,
  method: "get" | "post",
  url: string,
  data?: object,
): Promise<T> {
  const response = await request[method](url, { headers: CLIENT, ...(data ? { data } : {}) });
  if (!response.ok())
    throw new Error(`${method.toUpperCase()} ${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs the page's context in through the Pi simulator and buys a month of premium, as the wallet would. */
async function becomeMember(page: Page): Promise<void> {
  await page.waitForFunction(() => localStorage.getItem("pi-user") !== null, undefined, { timeout: 60_000 });
  const request = page.request;
  const grant = await call<{ accessToken: string }>(request, "post", "/pi-sim/__control/users", {
    username: `bench_member_${Date.now() % 100_000}`,
  });
  const me = await call<{ uid: string }>(request, "post", "/api/pi/login", grant);
  const metadata = { productId: "premium_membership", userId: me.uid, duration: "1_month" };
  const created = await request.post("/pi-sim/__control/payments", {
    data: { amount: 3.14, memo: "PurpleBeats Premium - 1 month", metadata },
    headers: { authorization: `Bearer ${grant.accessToken}` },
  });
  const { identifier } = (await created.json()) as { identifier: string };
  await call(request, "post", "/api/pi/payment", {
    paymentId: identifier,
    userId: me.uid,
    amount: "3.14",
    status: "created",
    metadata: JSON.stringify(metadata),
  });
  await call(request, "post", `/api/pi/payment/${identifier}/approve`, {});
  const { txid } = await call<{ txid: string }>(
    request,
    "post",
    `/pi-sim/__control/payments/${identifier}/transaction`,
    {},
  );
  await call(request, "post", `/api/pi/payment/${identifier}/complete`, { txid });
}

/** A playlist of the catalog's first 20 songs, owned by the member. */
async function makePlaylist(request: APIRequestContext): Promise<{ id: string; songIds: string[] }> {
  const { id } = await call<{ id: string }>(request, "post", "/api/playlists", { name: "Bench download" });
  const songs = (await call<{ id: string }[]>(request, "get", `/api/songs?limit=${SONGS}`)).slice(0, SONGS);
  if (songs.length < SONGS) throw new Error(`the catalog has ${songs.length} songs, not ${SONGS}`);
  for (const song of songs) await call(request, "post", `/api/playlists/${id}/songs`, { songId: song.id });
  return { id, songIds: songs.map((song) => song.id) };
}

interface Fetched {
  ms: number;
  bytes: number;
  /** The app's: the time between one song's response end and the next song's request start, summed. */
  betweenMs?: number;
}

/** The app's Download button, timed by the page's Resource Timing; then the download is removed again. */
async function appDownload(page: Page, playlistPath: string): Promise<Fetched> {
  await page.evaluate(() => {
    performance.setResourceTimingBufferSize(2000);
    performance.clearResourceTimings();
  });
  await page.getByRole("button", { name: "Download", exact: true }).click();
  await page.getByRole("button", { name: "Downloaded", exact: true }).waitFor({ timeout: 120_000 });
  const timing = await page.evaluate((quality) => {
    const entries = performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.includes(`/download?quality=${quality}`)) as PerformanceResourceTiming[];
    const inOrder = [...entries].sort((a, b) => a.startTime - b.startTime);
    const between = inOrder
      .slice(1)
      .reduce((sum, e, i) => sum + Math.max(0, e.startTime - (inOrder[i]?.responseEnd ?? e.startTime)), 0);
    return {
      count: entries.length,
      ms: Math.max(...entries.map((e) => e.responseEnd)) - Math.min(...entries.map((e) => e.startTime)),
      bytes: entries.reduce((sum, e) => sum + e.encodedBodySize, 0),
      betweenMs: between,
    };
  }, QUALITY);
  if (timing.count !== SONGS) throw new Error(`the app made ${timing.count} download requests, not ${SONGS}`);
  // Removed as 'Remove all downloads' does, so that the next turn downloads every song again.
  await page.evaluate(async () => {
    await caches.delete("purplebeats-downloads");
    const kept = JSON.parse(localStorage.getItem("pb.downloads") ?? "{}") as Record<string, unknown>;
    localStorage.setItem("pb.downloads", JSON.stringify({ ...kept, items: [] }));
  });
  await openPlaylist(page, playlistPath);
  return { ms: timing.ms, bytes: timing.bytes, betweenMs: timing.betweenMs };
}

/** The same URLs with curl, one process, one after another (one connection, as the browser keeps one). */
function curlDownload(base: string, songIds: string[], cookie: string): Promise<Fetched> {
  const curlArgs = ["-s", "-f", "-H", `cookie: ${cookie}`, "-w", "%{size_download}\n"];
  for (const id of songIds)
    curlArgs.push("-o", "/dev/null", `${base}/api/songs/${id}/download?quality=${QUALITY}`);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn("curl", curlArgs, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== 0) return reject(new Error(`curl exited with ${code}`));
      const sizes = out.trim().split("\n").map(Number);
      resolve({ ms, bytes: sizes.reduce((sum, size) => sum + size, 0) });
    });
  });
}

async function openPlaylist(page: Page, playlistPath: string): Promise<void> {
  await page.goto(playlistPath);
  await page.waitForSelector('html[data-app="ready"]', { state: "attached" });
  await page.getByRole("button", { name: "Download", exact: true }).waitFor({ timeout: 60_000 });
  // Until the membership is known the button offers Premium instead: wait for the header to know it.
  await page.waitForFunction(() => !document.querySelector('a[href="/premium"]'), undefined, {
    timeout: 60_000,
  });
}

const loadBefore = os.loadavg();
const given = argValue(args, "--url");
const app = given ? null : await startSimulatedApp({ RATE_LIMIT_DOWNLOAD: "100000" });
const server = given ?? app!.url;
const proxy = RATE_BYTES > 0 ? await startThrottledProxy(server, RATE_BYTES) : null;
const base = proxy?.url ?? server;
const browser = await launchChromium();
try {
  const context = await newPhoneContext(browser, base);
  // The listener's chosen quality: Standard (a member's default is High).
  await context.addInitScript(() => {
    const key = "pb.audio-preferences";
    const kept = JSON.parse(localStorage.getItem(key) ?? "{}") as Record<string, unknown>;
    localStorage.setItem(key, JSON.stringify({ ...kept, quality: "standard" }));
  });
  const page = await context.newPage();
  await page.goto("/");
  await becomeMember(page);
  const playlist = await makePlaylist(page.request);
  const playlistPath = `/playlist/${playlist.id}`;
  const cdp = await context.newCDPSession(page);
  // Each turn fetches from the server, not from the browser's HTTP cache.
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await openPlaylist(page, playlistPath);
  const cookie = (await context.cookies(base)).map((c) => `${c.name}=${c.value}`).join("; ");

  const bytes: { app: number[]; curl: number[] } = { app: [], curl: [] };
  const between: number[] = [];
  const result = await alternate(
    ROUNDS,
    async () => {
      const fetched = await curlDownload(base, playlist.songIds, cookie);
      bytes.curl.push(fetched.bytes);
      return fetched.ms;
    },
    async () => {
      const fetched = await appDownload(page, playlistPath);
      bytes.app.push(fetched.bytes);
      between.push(fetched.betweenMs ?? 0);
      return fetched.ms;
    },
    (n, { a, b }) =>
      console.log(
        `round ${n}: curl ${round(a)} ms, app ${round(b)} ms (${round(between[n - 1] ?? 0)} ms between songs)`,
      ),
  );
  const mb = (bytes.curl[0] ?? 0) / 1e6;
  if (bytes.app.some((b) => b !== bytes.curl[0]))
    console.warn(`bytes differ: app ${bytes.app}, curl ${bytes.curl}`);
  const bench: BenchResult = {
    name: "download-vs-curl",
    title: `A member's 20-song download at the standard rendition against curl (${round(mb)} MB, ${
      RATE_MBIT > 0 ? `${RATE_MBIT} Mbit/s` : "loopback, unthrottled"
    }, ${ROUNDS} rounds alternated)`,
    notes: [
      "app ms: Resource Timing, the first song's request start to the last one's response end (the songs are " +
        "asked one after another, each stored in Cache Storage while the next is asked for); between ms: the app's " +
        "time from one song's response end to the next song's request start, summed over the 19 joins; curl ms: one curl process fetching the same " +
        "20 URLs in turn with the member's cookie, start to exit. Both over loopback to the same server, through one link " +
        "throttled to --rate-mbit (an HTTP proxy pacing the response bytes) unless it is 0",
      `machine: ${JSON.stringify(machineInfo())} (shared with other jobs: only the ratio within a round is compared)`,
    ],
    columns: ["round", "curl ms", "app ms", "app / curl", "between ms", "curl MB/s", "app MB/s"],
    rows: result.rounds.map((r, i) => ({
      round: i + 1,
      "curl ms": round(r.a),
      "app ms": round(r.b),
      "app / curl": round(r.ratio, 2),
      "between ms": round(between[i] ?? 0),
      "curl MB/s": round(mb / (r.a / 1000)),
      "app MB/s": round(mb / (r.b / 1000)),
    })),
    budgets: [
      {
        figure: "20-song download, app / curl (median, spread)",
        budget: `<= ${BUDGET_RATIO}`,
        measured: `${ratioText(result)}; ${round(result.medianB)} vs ${round(result.medianA)} ms`,
        met: result.ratio <= BUDGET_RATIO,
      },
    ],
  };
  printOne(bench, loadBefore);
  writeResult(bench, {
    command: "download-vs-curl",
    startedAt: new Date().toISOString(),
    machine: machineInfo(),
    dataset: {
      songs: SONGS,
      quality: QUALITY,
      bytes: bytes.curl[0] ?? 0,
      rounds: ROUNDS,
      rateMbit: RATE_MBIT,
    },
  });
} finally {
  await browser.close();
  await proxy?.close();
  await app?.stop();
}
