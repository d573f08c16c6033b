// `pnpm test`: runs the test stages in order, stops at the first that fails, and prints how long each
// took (one table at the end), so that a CI log shows where its time went. `--full` (`pnpm test:full`)
// runs every database suite on PostgreSQL too and the whole reliability suite, not its quick subset.
import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
const full = args.includes("--full");
if (full) process.env.TEST_ALL_BACKENDS = "1";

const stages = [
  ["lint", "pnpm lint"],
  ["typecheck", "pnpm typecheck"],
  ["unit and API", "turbo run test --concurrency=1 --filter=./apps/* --filter=./packages/*"],
  ["end-to-end", "pnpm test:e2e"],
  full ? ["reliability", "pnpm test:reliability"] : ["reliability (quick)", "pnpm test:reliability:quick"],
];

const only = args.filter((arg) => arg !== "--full");
const timings = [];
let failed;
for (const [name, command] of stages) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n=== stage: ${name} (${command})`);
  const started = process.hrtime.bigint();
  const { status, signal } = spawnSync(command, { stdio: "inherit", shell: true });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  timings.push([name, seconds, status === 0 ? "passed" : `failed (${signal ?? status})`]);
  if (status !== 0) {
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
