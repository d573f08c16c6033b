// The interaction benchmark alone, against a server that is already running (the full bench starts its own):
//   pnpm --filter @purplebeats/bench interaction -- --url http://127.0.0.1:3000 [--runs 3]
// Its figures are only comparable on a quiet machine: the load average is printed beside them.
import os from "node:os";
import { argValue } from "./config.js";
import { interactionBenchmark } from "./benchmarks/interaction.js";
import { table } from "./lib/report.js";
import { chromiumPath } from "@purplebeats/chromium";

const args = process.argv.slice(2).filter((a) => a !== "--");
const url = argValue(args, "--url");
if (!url) {
  console.error("Usage: interaction --url URL [--runs N]");
  process.exit(2);
}
const chromePath = chromiumPath();
const before = os.loadavg();
const result = await interactionBenchmark(url, Number(argValue(args, "--runs") ?? 3), chromePath);
console.log(`# ${result.title}\n\n${table(result.columns, result.rows)}\n`);
for (const note of result.notes) console.log(`- ${note}`);
for (const b of result.budgets) console.log(`- ${b.figure}: ${b.measured} (budget ${b.budget})`);
console.log(
  `- load average before ${before.map((l) => l.toFixed(2)).join(" ")}, after ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
