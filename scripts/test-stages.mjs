// `pnpm test`: runs the test stages, stops at the first that fails, and prints how long each took (one
// table at the end), so that a CI log shows where its time went. `--full` (`pnpm test:full`) runs every
// database suite on PostgreSQL too and the whole reliability suite, not its quick subset.
//
// The stages that time things run one after another, each with the machine's cores to itself: the API and
// database suites (real servers, PostgreSQL, the seed's media), the journeys, the reliability suite. The rest
// runs beside them at a lower CPU priority and takes only the cores they leave idle: an API suite waits on its
// server, its database and its timers (two journeys at a time fill both cores themselves). The unit suites (web app,
// contracts, Pi, S3, media, admin CLI: no database, no seed media, waits of 15 s and more) run at nice 10 beside
// the API suites, and the journeys start once they are done; lint and typecheck, which time nothing, run at
// nice 19 from the start to whenever they finish.
// `pnpm test "lint and typecheck"` (or any stages' names) runs only the stages named, one after another.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus } from "node:os";

const args = process.argv.slice(2);
const full = args.includes("--full");
if (full) process.env.TEST_ALL_BACKENDS = "1";

/** Packages whose suites need the PostgreSQL server or write the seed's media: run by the API stage. */
const WITH_SERVERS = ["@purplebeats/api", "@purplebeats/db", "@purplebeats/seed"];
const testsOf = (filters) =>
  `turbo run test --concurrency=1 ${filters.map((f) => `--filter=${f}`).join(" ")}`;

/**
 * name, commands (run at once: ESLint uses one core, so tsc takes the other), and for a stage run beside the
 * timed ones its niceness and the stage that waits for it to finish (none: the run's end).
 */
const stages = [
  { name: "lint and typecheck", commands: ["pnpm lint", "pnpm typecheck"], beside: { nice: 19 } },
  {
    name: "unit",
    commands: [testsOf(["./apps/*", "./packages/*", ...WITH_SERVERS.map((name) => `!${name}`)])],
    beside: { nice: 10, before: "end-to-end" },
  },
  { name: "API and database", commands: [testsOf(WITH_SERVERS)] },
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

/** Runs one command line in a process group of its own; resolves "passed" or "failed (command: code)". */
const run = (command, nice) =>
  new Promise((resolve) => {
    // The whole command line at that priority, and every process it starts.
    const shell = ["sh", "-c", command];
    const [file, ...rest] = nice ? ["nice", "-n", String(nice), ...shell] : shell;
    const child = spawn(file, rest, { stdio: "inherit", detached: true });
    running.add(child.pid);
    child.on("close", (code, signal) => {
      running.delete(child.pid);
      resolve(code === 0 ? "passed" : `failed (${command}: ${signal ?? code})`);
    });
  });

/**
 * The machine's busy CPU seconds so far (all cores, every process: /proc/stat's first line, in clock ticks of
 * 1/100 s), or undefined where there is no /proc. A stage's share of the cores tells a stage that waits (on
 * timers, audio, the network: more at once would finish sooner) from one the cores hold back.
 */
function machineBusySeconds() {
  try {
    const [, user, nice, system, , , irq, softirq] = readFileSync("/proc/stat", "utf8")
      .split("\n", 1)[0]
      .trim()
      .split(/\s+/)
      .map(Number);
    return (user + nice + system + irq + softirq) / 100;
  } catch {
    return undefined;
  }
}
const cores = cpus().length;

const runStart = process.hrtime.bigint();
const runBusyBefore = machineBusySeconds();
const since = (start) => Number(process.hrtime.bigint() - start) / 1e9;
const timings = [];
let failed;

/** Runs a stage's commands at once; records its time and outcome; a failure stops every other stage. */
async function runStage({ name, commands }, nice) {
  console.log(
    `\n=== stage: ${name} (${commands.join(" & ")})${nice ? `, beside the others at nice ${nice}` : ""}`,
  );
  const startedAt = since(runStart);
  const started = process.hrtime.bigint();
  const busyBefore = machineBusySeconds();
  const outcomes = await Promise.all(commands.map((command) => run(command, nice)));
  const busyAfter = machineBusySeconds();
  const busy = busyBefore === undefined || busyAfter === undefined ? undefined : busyAfter - busyBefore;
  // Stopped because another stage failed first: not a failure of its own.
  const failure = failed ? undefined : outcomes.find((outcome) => outcome !== "passed");
  const outcome = failed && outcomes.some((o) => o !== "passed") ? `stopped (${failed} failed)` : failure;
  timings.push({ name, startedAt, seconds: since(started), busy, outcome: outcome ?? "passed" });
  console.log(`\n=== stage ${outcome ?? "passed"}: ${name} (${since(started).toFixed(0)} s)`);
  if (failure && !failed) {
    failed = name;
    stopAll();
  }
}

const only = args.filter((arg) => arg !== "--full");
const chosen = stages.filter((stage) => !only.length || only.includes(stage.name));
// Named on the command line, stages run one after another in the foreground.
const besides = only.length ? [] : chosen.filter((stage) => stage.beside);
const besideRuns = besides.map((stage) => ({ stage, done: runStage(stage, stage.beside.nice) }));
for (const stage of chosen.filter((stage) => !besides.includes(stage))) {
  await Promise.all(
    besideRuns.filter((run) => run.stage.beside.before === stage.name).map((run) => run.done),
  );
  if (failed) break;
  await runStage(stage, 0);
}
await Promise.all(besideRuns.map((run) => run.done));

console.log(
  `\n=== stage timings (wall clock; a stage run beside the others overlaps them; machine CPU: every process's` +
    ` busy seconds meanwhile, and that as a share of the ${cores} cores)`,
);
const order = (timing) => stages.findIndex((stage) => stage.name === timing.name);
const cpuColumn = (busy, seconds) =>
  busy === undefined
    ? ""
    : `  machine CPU ${busy.toFixed(0).padStart(5)} s (${((100 * busy) / (seconds * cores)).toFixed(0).padStart(3)} %)`;
for (const { name, startedAt, seconds, busy, outcome } of timings.sort((a, b) => order(a) - order(b)))
  console.log(
    `${name.padEnd(22)} ${seconds.toFixed(0).padStart(6)} s  from +${startedAt.toFixed(0).padStart(4)} s${cpuColumn(busy, seconds)}  ${outcome}`,
  );
const runBusy =
  runBusyBefore === undefined ? undefined : (machineBusySeconds() ?? runBusyBefore) - runBusyBefore;
console.log(
  `${"total".padEnd(22)} ${since(runStart).toFixed(0).padStart(6)} s${" ".repeat(17)}${cpuColumn(runBusy, since(runStart))}`,
);
process.exit(failed ? 1 : 0);
