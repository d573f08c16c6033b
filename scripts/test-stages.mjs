// `pnpm test`: runs the test stages in order, stops at the first that fails, and prints how long each
// took (one table at the end), so that a CI log shows where its time went. `--full` (`pnpm test:full`)
// runs every database suite on PostgreSQL too and the whole reliability suite, not its quick subset.
import { spawn } from "node:child_process";

const args = process.argv.slice(2);
const full = args.includes("--full");
if (full) process.env.TEST_ALL_BACKENDS = "1";

// A stage of several commands runs them at once: ESLint uses one core, so tsc takes the other.
const stages = [
  ["lint and typecheck", ["pnpm lint", "pnpm typecheck"]],
  ["unit and API", "turbo run test --concurrency=1 --filter=./apps/* --filter=./packages/*"],
  ["end-to-end", "pnpm test:e2e"],
  full ? ["reliability", "pnpm test:reliability"] : ["reliability (quick)", "pnpm test:reliability:quick"],
];

/** Runs one command with this terminal; resolves "passed" or "failed (code)". */
const run = (command) =>
  new Promise((resolve) => {
    const child = spawn(command, { stdio: "inherit", shell: true });
    child.on("close", (code, signal) =>
      resolve(code === 0 ? "passed" : `failed (${command}: ${signal ?? code})`),
    );
  });

const only = args.filter((arg) => arg !== "--full");
const timings = [];
let failed;
for (const [name, command] of stages) {
  if (only.length && !only.includes(name)) continue;
  const commands = [command].flat();
  console.log(`\n=== stage: ${name} (${commands.join(" & ")})`);
  const started = process.hrtime.bigint();
  const outcomes = await Promise.all(commands.map(run));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const failure = outcomes.find((outcome) => outcome !== "passed");
  timings.push([name, seconds, failure ?? "passed"]);
  if (failure) {
    failed = name;
    break;
  }
}

const total = timings.reduce((sum, [, s]) => sum + s, 0);
console.log("\n=== stage timings");
for (const [name, seconds, outcome] of timings)
  console.log(`${name.padEnd(22)} ${seconds.toFixed(0).padStart(6)} s  ${outcome}`);
console.log(`${"total".padEnd(22)} ${total.toFixed(0).padStart(6)} s`);
process.exit(failed ? 1 : 0);
