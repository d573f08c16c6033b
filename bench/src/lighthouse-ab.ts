// Lighthouse on two servers of the same app, runs alternated (A B A B ...), stock mobile settings as the
// bench's own run (src/benchmarks/web.ts): score, TBT, benchmarkIndex and the load beside each run, and
// the observed main-thread tasks that Lighthouse's simulation turns into blocking time (every task over
// 12.5 ms, since it multiplies each by 4), each with what took its time. Each run's report and trace are
// kept, for a closer look.
//
//   pnpm --filter @purplebeats/bench exec tsx --tsconfig tsconfig.run.json src/lighthouse-ab.ts \
//     --a http://127.0.0.1:3911 --b http://127.0.0.1:3912 --path / --runs 3 --out /tmp/ab [--profile] [--block-scripts]
//     [--as-index 2050,1300]
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, chromiumPath } from "@purplebeats/chromium";
import { argValue } from "./config.js";
import type { TraceEvent } from "./lib/trace-event.js";

const args = process.argv.slice(2);
const servers = (["a", "b"] as const)
  .map((name) => ({ name, url: argValue(args, `--${name}`) }))
  .filter((s): s is { name: "a" | "b"; url: string } => Boolean(s.url));
const route = argValue(args, "--path") ?? "/";
const runs = Number(argValue(args, "--runs") ?? 3);
const out = argValue(args, "--out") ?? "/tmp/lighthouse-ab";
const maxLoad = Number(argValue(args, "--max-load") ?? 2.5);
/** --profile: V8's sampled stacks in the trace too (for a diagnosis: sampling costs time itself). */
const profile = args.includes("--profile");
/**
 * --block-scripts: the page without its scripts (Lighthouse's blockedUrlPatterns), so the server-rendered
 * screen alone: the floor the app's code adds to. On the project's 2-core machine Home scored 85-98 (median 93) with
 * a TBT of 177-585 ms this way over 13 runs, where a page of two lines scores 100 with a TBT of 0-6 ms.
 */
const blockScripts = args.includes("--block-scripts");
/**
 * --as-index N[,M...]: each run's page load is also scored as on a machine whose benchmarkIndex is N: the same
 * gathered trace audited again with Lighthouse's CPU multiplier scaled by the run's own benchmarkIndex over N
 * (its throttling doc's "Calibrating the CPU slowdown"; the stock 4x is for a high-end desktop of 1,500-2,000).
 * A stock score from a faster machine than the budgets' reference, or than the slow machines the project has run
 * on, says little about theirs; this says what their stock run would show, from this machine.
 */
const asIndexes = (argValue(args, "--as-index") ?? "").split(",").filter(Boolean).map(Number);
if (asIndexes.some((n) => !(n > 0)))
  throw new Error("--as-index takes benchmarkIndex values: --as-index 2050,1300");
type LighthouseFlags = NonNullable<Parameters<typeof lighthouse>[1]>;
/** Lighthouse's stock mobile CPU multiplier (simulated throttling). */
const STOCK_CPU_MULTIPLIER = 4;
/** A task observed longer than this blocks once Lighthouse multiplies it by 4. */
const BLOCKING_OBSERVED_MS = 12.5;

/** The renderer's main thread of the page: the CrRendererMain with the most events. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const counts = new Map<string, number>();
  const mains = events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const best = mains.sort(
    (x, y) => (counts.get(`${y.pid}:${y.tid}`) ?? 0) - (counts.get(`${x.pid}:${x.tid}`) ?? 0),
  )[0];
  if (!best) throw new Error("no renderer main thread in the trace");
  return { pid: best.pid, tid: best.tid };
}

const short = (url: unknown) => (typeof url === "string" ? url.replace(/^.*\/assets\//, "") : "");

/** What an event inside a task was, in a word: its name and the script or detail it concerns. */
function label(e: TraceEvent): string {
  const data = e.args?.data ?? e.args?.beginData ?? {};
  switch (e.name) {
    case "EvaluateScript":
    case "v8.evaluateModule":
    case "v8.compileModule":
    case "v8.compile":
      return `${e.name} ${short(data.url ?? (e.args as Record<string, unknown> | undefined)?.fileName)}`;
    case "FunctionCall":
      return `FunctionCall ${short(data.url)}:${String(data.functionName ?? "")}`;
    case "EventDispatch":
      return `EventDispatch ${String(data.type ?? "")}`;
    case "UpdateLayoutTree":
      return `UpdateLayoutTree`;
    default:
      return e.name;
  }
}

interface Task {
  startMs: number;
  durMs: number;
  /** The renderer's own CPU time in the task (trace `tdur`): its wall time less the waits for a core. */
  cpuMs: number;
  parts: Array<[string, number]>;
}

/** Tasks over the threshold on the page's main thread, each with its children's self time by label. */
function longTasks(events: TraceEvent[]): {
  tasks: Task[];
  navStart: number;
  fcp: number;
  cpuAfterFcp: number;
  cpuTbt: number;
} {
  const { pid, tid } = mainThread(events);
  const own = events.filter((e) => e.pid === pid && e.tid === tid).sort((x, y) => x.ts - y.ts);
  const navStart =
    own.find((e) => e.name === "navigationStart")?.ts ??
    events.find((e) => e.name === "navigationStart")?.ts ??
    own[0]!.ts;
  const fcpEvent = events.find((e) => e.name === "firstContentfulPaint" && e.pid === pid);
  const fcp = fcpEvent ? (fcpEvent.ts - navStart) / 1000 : NaN;
  const complete = own.filter((e) => e.ph === "X" && typeof e.dur === "number");
  // Main-thread CPU after FCP, and "CPU TBT": each task's CPU time x4 over 50 ms, summed. On a shared
  // 2-core machine a task's wall time (what Lighthouse multiplies) is often twice its CPU time; these two
  // say whether the page's own work changed.
  let cpuAfterFcp = 0;
  let cpuTbt = 0;
  for (const task of complete.filter((e) => e.name === "RunTask" && e.ts >= (fcpEvent?.ts ?? 0))) {
    const cpu = (task.tdur ?? task.dur!) / 1000;
    cpuAfterFcp += cpu;
    cpuTbt += Math.max(0, cpu * 4 - 50);
  }
  const tasks: Task[] = [];
  for (const task of complete.filter((e) => e.name === "RunTask" && e.dur! / 1000 > BLOCKING_OBSERVED_MS)) {
    const end = task.ts + task.dur!;
    const inner = complete.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end);
    // Self time: an event's duration less that of the events directly inside it.
    const self = new Map<string, number>();
    const stack: TraceEvent[] = [];
    const selfOf = new Map<TraceEvent, number>();
    for (const e of inner) {
      while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) selfOf.set(parent, (selfOf.get(parent) ?? parent.dur!) - e.dur!);
      selfOf.set(e, selfOf.get(e) ?? e.dur!);
      stack.push(e);
    }
    // Attribute self time to the nearest labelled ancestor that says something (a script or a kind of work).
    const labelled = new Set([
      "EvaluateScript",
      "v8.evaluateModule",
      "v8.compileModule",
      "FunctionCall",
      "EventDispatch",
      "UpdateLayoutTree",
      "Layout",
      "Paint",
      "ParseHTML",
      "ParseAuthorStyleSheet",
      "TimerFire",
      "FireAnimationFrame",
      "RunMicrotasks",
      "V8.GC_SCAVENGER",
      "MajorGC",
      "MinorGC",
      "HitTest",
      "PrePaint",
      "Layerize",
      "UpdateLayer",
      "ResourceReceivedData",
      "ResourceReceiveResponse",
      "ResourceFinish",
      "v8.compile",
      "CompositeLayers",
    ]);
    stack.length = 0;
    let taskSelf = task.dur!;
    for (const e of inner) {
      while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
      if (stack.length === 0) taskSelf -= e.dur!;
      stack.push(e);
      const owner = [...stack].reverse().find((x) => labelled.has(x.name)) ?? e;
      const key = label(owner);
      self.set(key, (self.get(key) ?? 0) + (selfOf.get(e) ?? 0));
    }
    if (taskSelf > 0) self.set("(task)", taskSelf);
    tasks.push({
      startMs: (task.ts - navStart) / 1000,
      durMs: task.dur! / 1000,
      cpuMs: (task.tdur ?? task.dur!) / 1000,
      parts: [...self.entries()]
        .map(([k, v]) => [k, v / 1000] as [string, number])
        .filter(([, v]) => v >= 1)
        .sort((x, y) => y[1] - x[1]),
    });
  }
  return { tasks, navStart, fcp, cpuAfterFcp, cpuTbt };
}

async function quiet(): Promise<number> {
  for (let waited = 0; waited < 180 && (loadavg()[0] ?? 0) > maxLoad; waited += 30) {
    await new Promise((r) => setTimeout(r, 30_000));
  }
  return loadavg()[0] ?? NaN;
}

/** The run's score and TBT as on a machine of each --as-index: "as 2050: score", "as 2050: tbt". */
async function asOtherMachines(
  artifacts: string,
  benchmarkIndex: number,
  flags: LighthouseFlags,
): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  const saved = path.join(artifacts, "artifacts.json");
  for (const index of asIndexes) {
    const cpuSlowdownMultiplier = (STOCK_CPU_MULTIPLIER * benchmarkIndex) / index;
    // Lighthouse audits saved artifacts only with the settings they were gathered with. A simulated run
    // gathers unthrottled (the multiplier acts in the simulation alone), so the recorded multiplier is the only
    // thing to change: the trace is the one the stock audit read.
    const gathered = JSON.parse(readFileSync(saved, "utf8")) as {
      settings: { throttling: { cpuSlowdownMultiplier: number } };
    };
    gathered.settings.throttling.cpuSlowdownMultiplier = cpuSlowdownMultiplier;
    writeFileSync(saved, JSON.stringify(gathered));
    const lhr = (
      await lighthouse(undefined, { ...flags, auditMode: artifacts, throttling: { cpuSlowdownMultiplier } })
    )?.lhr;
    figures[`as ${index}: score`] = Math.round((lhr?.categories.performance?.score ?? NaN) * 100);
    figures[`as ${index}: tbt`] = Math.round(lhr?.audits["total-blocking-time"]?.numericValue ?? NaN);
  }
  return figures;
}

mkdirSync(out, { recursive: true });
const summary: Array<Record<string, string | number>> = [];
for (let i = 0; i < runs; i++) {
  // --b-first: B A B A ..., so that neither build always runs first after a pause.
  for (const server of args.includes("--b-first") ? [...servers].reverse() : servers) {
    const load = await quiet();
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: [...CHROMIUM_FLAGS],
      logLevel: "silent",
    });
    try {
      const tag = `${server.name}-${i + 1}`;
      // Gathered to disk, so that the same page load can be audited again as on another machine.
      const artifacts = path.join(out, `${tag}.artifacts`);
      const flags: LighthouseFlags = {
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        ...(profile ? { additionalTraceCategories: "disabled-by-default-v8.cpu_profiler" } : {}),
        ...(blockScripts ? { blockedUrlPatterns: ["*.js"] } : {}),
      };
      const answer = await lighthouse(server.url + route, {
        ...flags,
        port: chrome.port,
        ...(asIndexes.length ? { gatherMode: artifacts, auditMode: artifacts } : {}),
      });
      const lhr = answer?.lhr;
      if (!lhr || lhr.runtimeError) {
        console.log(`${server.name} run ${i + 1}: ${lhr?.runtimeError?.message ?? "no result"}`);
        continue;
      }
      const trace = (answer.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace;
      writeFileSync(path.join(out, `${tag}.lhr.json`), JSON.stringify(lhr));
      writeFileSync(path.join(out, `${tag}.trace.json`), JSON.stringify(trace));
      const { tasks, fcp, cpuAfterFcp, cpuTbt } = longTasks(trace.traceEvents);
      const row = {
        run: tag,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        tbt: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
        lcp: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
        cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3)),
        benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
        load: Number(load.toFixed(2)),
        "observed tasks > 12.5 ms": tasks.length,
        "their sum x4 - 50 (ms)": Math.round(
          tasks.reduce((sum, t) => sum + Math.max(0, t.durMs * 4 - 50), 0),
        ),
        "main-thread CPU after FCP (ms)": Math.round(cpuAfterFcp),
        "CPU TBT (ms)": Math.round(cpuTbt),
        ...(await asOtherMachines(artifacts, lhr.environment?.benchmarkIndex ?? NaN, flags)),
      };
      summary.push(row);
      console.log(JSON.stringify(row));
      console.log(`  observed FCP ${fcp.toFixed(0)} ms`);
      for (const t of tasks) {
        const parts = t.parts
          .slice(0, 4)
          .map(([k, v]) => `${k} ${v.toFixed(1)}`)
          .join(" | ");
        console.log(
          `  @${t.startMs.toFixed(0)} ${t.durMs.toFixed(1)} ms (CPU ${t.cpuMs.toFixed(1)}): ${parts}`,
        );
      }
    } finally {
      chrome.kill();
    }
  }
}
console.table(summary);
writeFileSync(path.join(out, "summary.json"), JSON.stringify(summary, null, 2));
