// `pnpm test`: runs the test stages, stops at the first that fails, and prints how long each took (one
// table at the end), so that a CI log shows where its time went. `--full` (`pnpm test:full`) runs every
// database suite on PostgreSQL too and the whole reliability suite, not its quick subset.
//
// The stages that time things (unit and API, end-to-end, reliability) run one after another, each with the
// machine's cores to itself. Lint and typecheck time nothing, so they run beside them from the start at the
// lowest CPU priority (nice 19): they take only what the timed stages leave idle (an end-to-end journey keeps
// about 0.65 of a core busy, so two leave most of a core), instead of holding both cores for two minutes first.
// `pnpm test "lint and typecheck"` (or any stage's name) runs only the stages named, in the foreground.
import { spawn } from "node:child_process";

const args = process.argv.slice(2);
const full = args.includes("--full");
if (full) process.env.TEST_ALL_BACKENDS = "1";

/** name, commands (run at once: ESLint uses one core, so tsc takes the other), and whether it runs beside. */
const stages = [
  { name: "lint and typecheck", commands: ["pnpm lint", "pnpm typecheck"], beside: true },
  {
    name: "unit and API",
    commands: ["turbo run test --concurrency=1 --filter=./apps/* --filter=./packages/*"],
  },
  { name: "end-to-end", commands: ["pnpm test:e2e"] },
  full
    ? { name: "reliability", commands: ["pnpm test:reliability"] }
    : { name: "reliability (quick)", commands: ["pnpm test:reliability:quick"] },
];

/** Every command still running, by process group, so that a failure or Ctrl-C stops them all. */
const running = new Set();
const stopAll = (signal = "SIGTERM") => {
  for (const pid of running) {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  }
};
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    stopAll(signal);
    process.exit(130);
  });

/** Runs one command in a process group of its own; resolves "passed" or "failed (command: code)". */
const run = (command, { lowPriority }) =>
  new Promise((resolve) => {
    const child = spawn(lowPriority ? `nice -n 19 ${command}` : command, {
      stdio: "inherit",
      shell: true,
      detached: true,
    });
    running.add(child.pid);
    child.on("close", (code, signal) => {
      running.delete(child.pid);
      resolve(code === 0 ? "passed" : `failed (${command}: ${signal ?? code})`);
    });
  });

const runStart = process.hrtime.bigint();
const since = (start) => Number(process.hrtime.bigint() - start) / 1e9;
const timings = [];
let failed;

/** Runs a stage's commands at once; records its time and outcome; a failure stops every other stage. */
async function runStage({ name, commands }, lowPriority) {
  console.log(
    `\n=== stage: ${name} (${commands.join(" & ")})${lowPriority ? ", beside the others at nice 19" : ""}`,
  );
  const startedAt = since(runStart);
  const started = process.hrtime.bigint();
  const outcomes = await Promise.all(commands.map((command) => run(command, { lowPriority })));
  const failure = outcomes.find((outcome) => outcome !== "passed");
  timings.push({ name, startedAt, seconds: since(started), outcome: failure ?? "passed" });
  console.log(`\n=== stage ${failure ? "failed" : "passed"}: ${name} (${since(started).toFixed(0)} s)`);
  if (failure && !failed) {
    failed = name;
    stopAll();
  }
}

const only = args.filter((arg) => arg !== "--full");
const chosen = stages.filter((stage) => !only.length || only.includes(stage.name));
// Named on the command line, a stage runs in the foreground like any other.
const besides = only.length ? [] : chosen.filter((stage) => stage.beside);
const besideRuns = besides.map((stage) => runStage(stage, true));
for (const stage of chosen.filter((stage) => !besides.includes(stage))) {
  if (failed) break;
  await runStage(stage, false);
}
await Promise.all(besideRuns);

console.log("\n=== stage timings (wall clock; a stage run beside the others overlaps them)");
const order = (timing) => stages.findIndex((stage) => stage.name === timing.name);
for (const { name, startedAt, seconds, outcome } of timings.sort((a, b) => order(a) - order(b)))
  console.log(
    `${name.padEnd(22)} ${seconds.toFixed(0).padStart(6)} s  from +${startedAt.toFixed(0).padStart(4)} s  ${outcome}`,
  );
console.log(`${"total".padEnd(22)} ${since(runStart).toFixed(0).padStart(6)} s`);
process.exit(failed ? 1 : 0);
