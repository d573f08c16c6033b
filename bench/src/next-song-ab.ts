// The budget for starting the next song: it costs the main thread no more than today's preload. One build,
// both paths, in turns in one run: the old path is the audio element with its preloader (what every browser
// played through before Web Audio, and what the app keeps where Web Audio is missing: the bench hides it from the
// page, as e2e/tests/gapless.test.ts's GAPLESS_ELEMENT_PATH does); the new path is the Web Audio engine, which an
// album played in order goes through. Each run plays an album's first two songs (two 3-second MP3s at the
// standard rendition, served in place of the catalog's audio) from a fresh phone-sized page, traced by Chromium;
// the figure is the renderer main thread's CPU time (the tasks' thread time, not their wall time) in the second
// around the join, and from the Play tap to a second past the join.
//   pnpm --filter @purplebeats/bench next-song [-- --rounds 4] [-- --url http://127.0.0.1:3000]
// Needs `pnpm build` first (the app is started from apps/api/dist unless --url is given).
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { encodeMp3, runFfmpeg, STANDARD_KBPS } from "@purplebeats/media";
import { argValue } from "./config.js";
import { alternate, ratioText, type Alternated } from "./lib/alternate.js";
import { launchChromium, newPhoneContext } from "./lib/phone-browser.js";
import { startSimulatedApp } from "./lib/processes.js";
import { machineInfo, percentile, printOne, round, writeResult, type BenchResult } from "./lib/report.js";
import { recordTrace, type TraceEvent } from "./lib/trace-event.js";

const args = process.argv.slice(2).filter((a) => a !== "--");
const ROUNDS = Number(argValue(args, "--rounds") ?? 4);
const PART_SECONDS = 3;
/** Main-thread work this long either side of the join is the join's. */
const JOIN_WINDOW_US = 1_000_000;
const TITLE_STAMP = "pb-bench-title:";
const PLAY_STAMP = "pb-bench-play";
const TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel"];

type EnginePath = "element" | "web";

/** Two 3-second MP3s at the standard rendition, made by the renditions' own encoder. */
async function makeParts(): Promise<Buffer[]> {
  const work = await mkdtemp(path.join(os.tmpdir(), "pb-bench-next-song-"));
  try {
    const parts: Buffer[] = [];
    for (const [i, frequency] of [440, 660].entries()) {
      const wav = path.join(work, `part${i}.wav`);
      const mp3 = path.join(work, `part${i}.mp3`);
      await runFfmpeg([
        ...["-f", "lavfi", "-i", `sine=frequency=${frequency}:sample_rate=44100:duration=${PART_SECONDS}`],
        ...["-ac", "2", wav],
      ]);
      await encodeMp3(wav, mp3, STANDARD_KBPS);
      parts.push(await readFile(mp3));
    }
    return parts;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** An album of two songs or more, through the catalog's REST API (as the gapless journey finds one). */
async function findAlbum(base: string): Promise<string> {
  const songs = (await (await fetch(`${base}/api/songs?limit=100`)).json()) as { albumId: string | null }[];
  for (const albumId of new Set(songs.map((song) => song.albumId).filter((id) => id !== null))) {
    const tracks = (await (await fetch(`${base}/api/albums/${albumId}/songs`)).json()) as unknown[];
    if (tracks.length >= 2) return albumId;
  }
  throw new Error("the catalog has no album of two songs");
}

/** The page's own marks: a TimeStamp in the trace at each title the mini player shows. */
function pageScript({ elementPath, stamp }: { elementPath: boolean; stamp: string }) {
  if (elementPath) {
    // A browser without Web Audio: the app plays through the audio element and its preloader.
    delete (window as { AudioContext?: unknown }).AudioContext;
    delete (window as { webkitAudioContext?: unknown }).webkitAudioContext;
  } else {
    const Original = window.AudioContext;
    const made = { count: 0 };
    (window as unknown as { __pbContexts: typeof made }).__pbContexts = made;
    window.AudioContext = class extends Original {
      constructor(options?: AudioContextOptions) {
        super(options);
        made.count++;
      }
    };
  }
  let last = "";
  new MutationObserver(() => {
    const title = document.querySelector('[data-testid="mini-player-title"]')?.textContent ?? "";
    if (title && title !== last) {
      last = title;
      console.timeStamp(stamp + title);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** The main thread's CPU time (ms) in [start, end]: each task's thread time, a task cut by an edge by its share. */
function cpuMs(
  events: TraceEvent[],
  thread: { pid: number; tid: number },
  start: number,
  end: number,
): number {
  let total = 0;
  let coveredTo = -Infinity;
  const tasks = events
    .filter(
      (e) => e.name === "RunTask" && e.ph === "X" && e.pid === thread.pid && e.tid === thread.tid && e.dur,
    )
    .sort((a, b) => a.ts - b.ts);
  for (const task of tasks) {
    const taskEnd = task.ts + task.dur!;
    if (taskEnd <= coveredTo) continue; // nested in a task already counted
    coveredTo = taskEnd;
    const wall = Math.min(taskEnd, end) - Math.max(task.ts, start);
    if (wall > 0) total += ((task.tdur ?? task.dur!) * wall) / task.dur!;
  }
  return total / 1000;
}

interface RunFigures {
  joinMs: number;
  wholeMs: number;
}

async function playAlbum(
  browser: Browser,
  base: string,
  albumId: string,
  parts: Buffer[],
  enginePath: EnginePath,
): Promise<RunFigures> {
  const context = await newPhoneContext(browser, base);
  try {
    const page = await context.newPage();
    await page.addInitScript(pageScript, { elementPath: enginePath === "element", stamp: TITLE_STAMP });
    const firstIds: string[] = [];
    // The same two files for both paths: the first song's stream is the first part, every other the second.
    await page.route(/\/api\/songs\/[^/]+\/stream/, (route) => {
      const id = /\/api\/songs\/([^/]+)\/stream/.exec(route.request().url())![1]!;
      if (firstIds.length === 0) firstIds.push(id);
      const body = parts[id === firstIds[0] ? 0 : 1]!;
      return route.fulfill({ body, contentType: "audio/mpeg", headers: { "accept-ranges": "none" } });
    });
    await page.goto(`/album/${albumId}`);
    await page.waitForSelector('html[data-app="ready"]', { state: "attached" });
    const rows = page.getByTestId("song-row-title");
    await rows.nth(1).waitFor({ timeout: 60_000 });
    const titles = await rows.allTextContents();
    const title = page.getByTestId("mini-player-title");
    // Settled first: what the page still loads after its first screen is not the join's.
    await page.waitForTimeout(1500);
    const cdp = await context.newCDPSession(page);
    const events = await recordTrace(cdp, TRACE_CATEGORIES, async () => {
      await page.evaluate((stamp) => console.timeStamp(stamp), PLAY_STAMP);
      await page.getByRole("button", { name: "Play", exact: true }).click();
      await title.filter({ hasText: titles[0]! }).waitFor({ timeout: 30_000 });
      await title.filter({ hasText: titles[1]! }).waitFor({ timeout: 30_000 });
      await page.waitForTimeout(JOIN_WINDOW_US / 1000 + 200);
    });
    if (enginePath === "web") {
      const contexts = await page.evaluate(
        () => (window as unknown as { __pbContexts: { count: number } }).__pbContexts.count,
      );
      if (contexts === 0) throw new Error("the new path made no AudioContext: Web Audio did not play");
    }
    const stamp = (message: string) =>
      events.find((e) => e.name === "TimeStamp" && e.args?.data?.message === message);
    const play = stamp(PLAY_STAMP);
    const join = stamp(TITLE_STAMP + titles[1]!);
    if (!play || !join) throw new Error(`the trace lacks the ${play ? "join" : "Play"} mark`);
    const thread = { pid: join.pid, tid: join.tid };
    return {
      joinMs: cpuMs(events, thread, join.ts - JOIN_WINDOW_US, join.ts + JOIN_WINDOW_US),
      wholeMs: cpuMs(events, thread, play.ts, join.ts + JOIN_WINDOW_US),
    };
  } finally {
    await context.close();
  }
}

const loadBefore = os.loadavg();
const given = argValue(args, "--url");
const app = given ? null : await startSimulatedApp();
const base = given ?? app!.url;
const browser = await launchChromium();
try {
  const parts = await makeParts();
  const albumId = await findAlbum(base);
  // Each path runs once a round: its play-to-join figures, in round order, beside the join's.
  const whole: Record<EnginePath, number[]> = { element: [], web: [] };
  const measure = (enginePath: EnginePath) => async () => {
    const figures = await playAlbum(browser, base, albumId, parts, enginePath);
    whole[enginePath].push(figures.wholeMs);
    return figures.joinMs;
  };
  const result: Alternated = await alternate(ROUNDS, measure("element"), measure("web"), (n, { a, b }) =>
    console.log(`round ${n}: element ${round(a)} ms, Web Audio ${round(b)} ms of main-thread CPU`),
  );
  const bench: BenchResult = {
    name: "next-song",
    title: `Starting the next song: main-thread CPU, element + preloader (old) against Web Audio (new), ${ROUNDS} rounds alternated`,
    notes: [
      "join ms: the renderer main thread's CPU time (trace RunTask thread time) from 1 s before the next song's " +
        "title shows to 1 s after; play-to-join ms: from the Play tap to 1 s past the join (the first song's start, " +
        "the preload or the next song's decoding, the join)",
      "the same build and the same two 3-second MP3s for both; the old path is the element with Web Audio hidden",
      `machine: ${JSON.stringify(machineInfo())} (shared with other jobs: thread CPU time, not wall time, is compared)`,
    ],
    columns: [
      "round",
      "element join ms",
      "Web Audio join ms",
      "join ratio",
      "element play-to-join ms",
      "Web Audio play-to-join ms",
    ],
    rows: result.rounds.map((r, i) => ({
      round: i + 1,
      "element join ms": round(r.a),
      "Web Audio join ms": round(r.b),
      "join ratio": round(r.ratio, 2),
      "element play-to-join ms": round(whole.element[i] ?? NaN),
      "Web Audio play-to-join ms": round(whole.web[i] ?? NaN),
    })),
    budgets: [
      {
        figure: "next song's main-thread CPU, new / old (median, spread)",
        budget: "<= 1.0",
        measured: `${ratioText(result)}; ${round(result.medianB)} vs ${round(result.medianA)} ms; play-to-join ${round(
          percentile(whole.web, 50),
        )} vs ${round(percentile(whole.element, 50))} ms`,
        met: result.ratio <= 1,
      },
    ],
  };
  printOne(bench, loadBefore);
  writeResult(bench, {
    command: "next-song",
    startedAt: new Date().toISOString(),
    machine: machineInfo(),
    dataset: { rounds: ROUNDS, partSeconds: PART_SECONDS, albumId },
  });
} finally {
  await browser.close();
  await app?.stop();
}
