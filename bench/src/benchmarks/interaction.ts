/// <reference lib="dom" />
// Interaction: the main thread's work between a tap and what the listener waits for,
// at 4x CPU slowdown, from a Chromium trace. Two taps on a Home that has settled after a first visit:
// a song's play control until its audio is playing, and a playlist card until the playlist's rows show.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type CDPSession } from "playwright-core";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { percentile, round, type BenchResult, type Budget, type Row } from "../lib/report.js";
import { CHROMIUM_FLAGS, settled, watchNetwork } from "@purplebeats/chromium";
import { recordTrace, type TraceEvent } from "../lib/trace-event.js";

const INTERACTION_FLAGS = [
  ...CHROMIUM_FLAGS,
  // A tap is a gesture; the flag keeps a browser's autoplay heuristics out of the figure.
  "--autoplay-policy=no-user-gesture-required",
];

/** The budget: main-thread work per interaction, at 4x slowdown. */
export const INTERACTION_BUDGET_MS = 100;
/** Chromium's (and Lighthouse's) long task: over 50 ms. */
const LONG_TASK_MS = 50;
const CPU_SLOWDOWN = 4;
const RESULT_TIMEOUT_MS = 30_000;
/** INTERACTION_PROFILE_DIR=dir: each run's trace, with V8's sampled stacks, is written there. */
const PROFILE_DIR = process.env.INTERACTION_PROFILE_DIR;
let profiledRuns = 0;

/** The marks the page sets in the trace (console.timeStamp) when the listener's wait is over. */
const AUDIO_PLAYING = "pb:audio-playing";
const PLAYLIST_ROWS = "pb:playlist-rows";
/** Stamped in the animation callback of the frame that paints a mark's result: `${mark}${FRAME_SUFFIX}`. */
const FRAME_SUFFIX = ":frame";

/**
 * Installed before the page's scripts: marks the trace when an audio element starts playing (the player
 * makes its own with `new Audio()`, outside the document) and when a playlist screen shows its rows.
 * Plain JavaScript in a string: tsx's compiled functions call a helper (__name) the page does not have.
 */
const RESULT_MARKS_SCRIPT = `(() => {
  const marks = [];
  const waiting = new Map();
  const mark = (name) => {
    console.timeStamp(name);
    marks.push(name);
    waiting.get(name)?.();
  };
  // One evaluation the driver starts before the tap and that settles at the mark: polling for it would
  // put the driver's own evaluations among the page's tasks in the window.
  window.__pbMarked = (name) =>
    marks.includes(name) ? Promise.resolve() : new Promise((resolve) => waiting.set(name, resolve));
  // "Show" is the frame that draws: its task runs the animation callback, then the style, layout and paint
  // of the rows; the stamp in the callback tells the trace which task that is (the window ends with it). The
  // driver is answered from a message posted there, after the paint, not from inside the frame.
  const markAfterNextPaint = (name) =>
    requestAnimationFrame(() => {
      console.timeStamp(name + ${JSON.stringify(FRAME_SUFFIX)});
      const channel = new MessageChannel();
      channel.port1.onmessage = () => mark(name);
      channel.port2.postMessage(null);
    });
  const Original = window.Audio;
  window.Audio = class extends Original {
    constructor(src) {
      super(src);
      this.addEventListener("playing", () => {
        if (this.src && !this.src.startsWith("data:")) mark(${JSON.stringify(AUDIO_PLAYING)});
      });
    }
  };
  let rowsMarked = false;
  new MutationObserver(() => {
    if (rowsMarked || !location.pathname.startsWith("/playlist/")) return;
    const main = document.querySelector("main");
    // Shown: not inside the screen a navigation left, which stays hidden (aria-hidden) until the next frame.
    const shown = (selector) => main.querySelector(selector + ':not([aria-hidden="true"] *)');
    if (!main || !shown('[data-testid="song-row"]') || shown('[data-testid^="home-section"]')) return;
    rowsMarked = true;
    markAfterNextPaint(${JSON.stringify(PLAYLIST_ROWS)});
  }).observe(document, { subtree: true, childList: true });
})();`;

/** Records a trace of `act` (the timeline's tasks, input events and marks). */
const traced = (cdp: CDPSession, act: () => Promise<void>): Promise<TraceEvent[]> =>
  recordTrace(
    cdp,
    [
      "devtools.timeline",
      "disabled-by-default-devtools.timeline",
      "toplevel",
      // PROFILE_DIR: V8's sampled stacks too, for a diagnosis (sampling costs time itself).
      ...(PROFILE_DIR ? ["disabled-by-default-v8.cpu_profiler"] : []),
    ],
    act,
  );

export interface InteractionFigures {
  /** From the input's task to the mark, wall time. */
  wallMs: number;
  /** Every main-thread task in that window, summed, wall time (the figure the budget is for). */
  taskMs: number;
  /** The same tasks' thread CPU time: what their wall time would be with a core to itself (Chromium's
   * throttle spins on the thread, so the slowdown is in it). */
  cpuMs: number;
  /** Tasks over 50 ms in the window, summed, and the longest. */
  longTaskMs: number;
  longestMs: number;
  /** Main-thread work to the mark itself (the earlier, wider window; taskMs when there is no frame stamp). */
  toMarkMs: number;
}

/** A run's figures and the machine's speed as the run began. */
export interface InteractionRun extends InteractionFigures {
  /** The CPU slowdown the run was traced at: 4x, or scaled to stand for a machine of another benchmarkIndex. */
  slowdown: number;
  /**
   * Lighthouse's benchmarkIndex, computed the way Lighthouse does (its own page function, unthrottled, in the
   * run's browser before the page loads): the figures of machines, or of moments of one machine, compare only
   * beside it.
   */
  benchmarkIndex: number;
}

/**
 * The main-thread work from the tap's first input event to `mark`, from the renderer's tasks in the trace. A
 * mark stamped after a paint (`${mark}:frame` in that frame's task) ends the window with that frame's task: the
 * rows have been drawn, and what React runs after them (passive effects, the rows below the fold in a background
 * render) is not waited for. The earlier window ran to the message posted from that frame, so those tasks,
 * queued before it, were counted too: `toMarkMs` keeps that figure for comparison with older measurements.
 */
export function interactionFigures(events: TraceEvent[], mark: string): InteractionFigures {
  const input = events
    .filter(
      (e) =>
        e.name === "EventDispatch" &&
        ["touchstart", "pointerdown", "mousedown"].includes(e.args?.data?.type ?? ""),
    )
    .sort((a, b) => a.ts - b.ts)[0];
  if (!input) throw new Error("the trace has no input event");
  const stamp = (message: string) =>
    events.find((e) => e.name === "TimeStamp" && e.args?.data?.message === message);
  const result = stamp(mark);
  if (!result) throw new Error(`the trace has no ${mark} mark`);
  const tasks = outermost(
    events.filter(
      (e) => e.name === "RunTask" && e.ph === "X" && e.pid === input.pid && e.tid === input.tid && e.dur,
    ),
  );
  const around = (ts: number) => tasks.find((t) => t.ts <= ts && t.ts + t.dur! >= ts);
  const start = around(input.ts)?.ts ?? input.ts;
  const frameStamp = stamp(mark + FRAME_SUFFIX);
  const frame = frameStamp && around(frameStamp.ts);
  const end = frame ? frame.ts + frame.dur! : result.ts;
  return { ...windowFigures(tasks, start, end), toMarkMs: windowFigures(tasks, start, result.ts).taskMs };
}

/** The tasks' work between `start` and `end` (microseconds in, milliseconds out). */
function windowFigures(
  tasks: TraceEvent[],
  start: number,
  end: number,
): Omit<InteractionFigures, "toMarkMs"> {
  const clipped = tasks
    .map((t) => {
      const wall = Math.min(t.ts + t.dur!, end) - Math.max(t.ts, start);
      // A task cut by the window's edge keeps its share of the CPU time.
      return { wall, cpu: ((t.tdur ?? t.dur!) * wall) / t.dur! };
    })
    .filter((t) => t.wall > 0);
  const inWindow = clipped.map((t) => t.wall / 1000);
  const long = inWindow.filter((ms) => ms > LONG_TASK_MS);
  return {
    wallMs: (end - start) / 1000,
    taskMs: inWindow.reduce((sum, ms) => sum + ms, 0),
    cpuMs: clipped.reduce((sum, t) => sum + t.cpu, 0) / 1000,
    longTaskMs: long.reduce((sum, ms) => sum + ms, 0),
    longestMs: Math.max(0, ...inWindow),
  };
}

/** Tasks not inside another task of the list (a nested run loop's tasks are in their outer task's time). */
function outermost(tasks: TraceEvent[]): TraceEvent[] {
  const sorted = [...tasks].sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const kept: TraceEvent[] = [];
  for (const task of sorted) {
    const last = kept.at(-1);
    if (last && task.ts + task.dur! <= last.ts + last.dur!) continue;
    kept.push(task);
  }
  return kept;
}

interface Interaction {
  name: string;
  mark: string;
  /** What is tapped, on a settled Home: a CSS selector, its first match. */
  target: string;
}

export const INTERACTIONS: Interaction[] = [
  {
    name: "tap a song's play control until its audio plays",
    mark: AUDIO_PLAYING,
    target: '[data-testid="home-section-trending-now"] button[aria-label^="Play "]',
  },
  {
    name: "open a playlist from Home until its rows show",
    mark: PLAYLIST_ROWS,
    target: '[data-testid="home-section-made-for-you"] [data-testid="playlist-card"]',
  },
];

/**
 * The page is driven with plain evaluations only, never a locator: Playwright's injected script (which
 * locators, waitForSelector and boundingBox load) puts capture listeners for every pointer and touch event
 * on the window, and they would run inside the tap's window (about 5 ms at 4x), counted as the page's work.
 * Strings, not functions, for the reason RESULT_MARKS_SCRIPT is one.
 */
const whenReady = `new Promise((resolve) => {
  const check = () => (document.documentElement.dataset.app === "ready" ? resolve(true) : setTimeout(check, 50));
  check();
})`;

/**
 * Settles once `selector` matches: Home renders the sections below its fold in a background render after
 * their reads, which at 4x can end after the network has gone idle.
 */
const whenPresent = (selector: string) => `new Promise((resolve) => {
  const check = () => (document.querySelector(${JSON.stringify(selector)}) ? resolve(true) : setTimeout(check, 50));
  check();
})`;

/** The target's centre in the viewport, once scrolled into view; null when there is none. */
const tapPoint = (selector: string) => `(() => {
  const target = document.querySelector(${JSON.stringify(selector)});
  if (!target) return null;
  target.scrollIntoView({ block: "nearest" });
  const box = target.getBoundingClientRect();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
})()`;

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** One first visit of Home, settled, then one traced tap. */
async function measureOnce(
  baseUrl: string,
  chromePath: string,
  interaction: Interaction,
  asIndex: number | undefined,
): Promise<InteractionRun> {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: INTERACTION_FLAGS,
    headless: true,
  });
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    // On the blank page, before the throttle: as Lighthouse measures it before loading the page.
    const benchmarkIndex = Math.round(
      (await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`)) as number,
    );
    await page.addInitScript({ content: RESULT_MARKS_SCRIPT });
    const network = watchNetwork(page);
    const cdp = await context.newCDPSession(page);
    const slowdown = asIndex ? (CPU_SLOWDOWN * benchmarkIndex) / asIndex : CPU_SLOWDOWN;
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
    await page.goto("/");
    await page.evaluate(whenReady);
    await page.waitForLoadState("networkidle");
    await withTimeout(
      page.evaluate(whenPresent(interaction.target)),
      RESULT_TIMEOUT_MS,
      `nothing to tap for: ${interaction.name}`,
    );
    // The tap's point is found before the trace, with the page's own DOM (see whenReady).
    const point = (await page.evaluate(tapPoint(interaction.target))) as { x: number; y: number } | null;
    if (!point) throw new Error(`nothing to tap for: ${interaction.name}`);
    // Settled: what the app does after its start (the session, idle-time work) is over before the tap.
    await settled(network);
    const events = await traced(cdp, async () => {
      const marked = page.evaluate(
        (mark) => (window as unknown as { __pbMarked(name: string): Promise<void> }).__pbMarked(mark),
        interaction.mark,
      );
      await page.touchscreen.tap(point.x, point.y);
      await withTimeout(marked, RESULT_TIMEOUT_MS, `no ${interaction.mark} mark`);
    });
    if (PROFILE_DIR) {
      mkdirSync(PROFILE_DIR, { recursive: true });
      const file = `${interaction.mark.replace(/\W+/g, "-")}-${++profiledRuns}.trace.json`;
      writeFileSync(path.join(PROFILE_DIR, file), JSON.stringify({ traceEvents: events }));
    }
    return { ...interactionFigures(events, interaction.mark), benchmarkIndex, slowdown };
  } finally {
    await browser.close();
  }
}

/** The runs' benchmarkIndex as "median (min-max)". */
function benchmarkIndexRange(runs: InteractionRun[]): string {
  const indexes = runs.map((run) => run.benchmarkIndex);
  return `${round(percentile(indexes, 50))} (${Math.min(...indexes)}-${Math.max(...indexes)})`;
}

/**
 * `asIndex`: the taps as on a machine whose benchmarkIndex is that, from this one: the slowdown is 4x scaled by
 * each run's benchmarkIndex over it (Lighthouse's "Calibrating the CPU slowdown"). Chromium's throttle slows the
 * renderer's thread itself, so work that yields by the clock (React's slices) slices as it would there; what it
 * cannot bring is the waits for a core that a busy slower machine adds.
 */
export async function interactionBenchmark(
  baseUrl: string,
  runs: number,
  chromePath: string,
  asIndex?: number,
): Promise<BenchResult> {
  const rows: Row[] = [];
  const budgets: Budget[] = [];
  const slowdownLabel = asIndex
    ? `the slowdown of a machine of benchmarkIndex ${asIndex}`
    : `${CPU_SLOWDOWN}x slowdown`;
  for (const interaction of INTERACTIONS) {
    const figures: InteractionRun[] = [];
    for (let i = 0; i < runs; i++) figures.push(await measureOnce(baseUrl, chromePath, interaction, asIndex));
    const median = (pick: (f: InteractionRun) => number) => percentile(figures.map(pick), 50);
    const taskMs = median((f) => f.taskMs);
    rows.push({
      interaction: interaction.name,
      runs,
      "main-thread ms": round(taskMs),
      "CPU ms": round(median((f) => f.cpuMs)),
      "long tasks ms": round(median((f) => f.longTaskMs)),
      "longest task ms": round(median((f) => f.longestMs)),
      "wall ms": round(median((f) => f.wallMs)),
      "to the mark ms": round(median((f) => f.toMarkMs)),
      "main-thread range ms": `${round(
        percentile(
          figures.map((f) => f.taskMs),
          0,
        ),
      )}-${round(
        percentile(
          figures.map((f) => f.taskMs),
          100,
        ),
      )}`,
      benchmarkIndex: benchmarkIndexRange(figures),
      slowdown: `${round(median((f) => f.slowdown))}x`,
    });
    budgets.push({
      figure: `main-thread work at ${slowdownLabel}: ${interaction.name}`,
      budget: `<= ${INTERACTION_BUDGET_MS} ms`,
      measured: `${round(taskMs)} ms`,
      met: taskMs <= INTERACTION_BUDGET_MS,
    });
  }
  return {
    name: "interaction",
    title: `Web: main-thread work per interaction (Chromium trace, ${slowdownLabel}), median of ${runs}`,
    notes: [
      "A fresh browser profile per run: a first visit of Home, settled (the network quiet for 1 s and still quiet after an idle callback: the idle-time fetches done), then one tap.",
      "From the task of the tap's first input event to the page's mark (audio 'playing'; the frame that paints the playlist's first rows in <main>): " +
        "every renderer main-thread task in that window, summed (wall time); long tasks are those over 50 ms. " +
        "The tap is a bare touch at the target's centre (found before the trace with the page's own DOM, no " +
        "locator: Playwright's injected script would listen to every pointer event) and the mark is awaited by one " +
        "evaluation started before it, so no driver script runs in the page inside the window.",
      "CPU ms: the same tasks' thread CPU time (the 4x throttle spins on the thread, so it is in it): their wall " +
        "time on a quiet machine; on a loaded one wall time also counts the waits for a core other processes held.",
      "benchmarkIndex: Lighthouse's measure of the machine's speed, taken in each run's browser before the page " +
        "loads (its range over the runs): the budgets' reference machine measured 2,050-2,710.",
      ...(asIndex
        ? [
            `slowdown: ${CPU_SLOWDOWN}x x the run's benchmarkIndex / ${asIndex}, so that the taps stand for a machine ` +
              `of benchmarkIndex ${asIndex} (its 4x), not this one.`,
          ]
        : []),
      "to the mark ms: the earlier, wider window, to the message posted from the painting frame: it also " +
        "counted the tasks queued before that message (React's passive effects, the rows below the fold), after the paint.",
    ],
    columns: [
      "interaction",
      "runs",
      "main-thread ms",
      "CPU ms",
      "long tasks ms",
      "longest task ms",
      "wall ms",
      "main-thread range ms",
      "to the mark ms",
      "benchmarkIndex",
      "slowdown",
    ],
    rows,
    budgets,
  };
}
