// The interaction benchmark alone, against a server that is already running (the full bench starts its own):
//   pnpm --filter @purplebeats/bench interaction -- --url http://127.0.0.1:3000 [--runs 3] [--as-index 2050]
// --as-index N: as on a machine of that benchmarkIndex (the CPU slowdown scaled; see interactionBenchmark).
// Its figures are only comparable on a quiet machine: the load average is printed beside them.
import os from "node:os";
import { argValue } from "./config.js";
import { interactionBenchmark } from "./benchmarks/interaction.js";
import { printOne } from "./lib/report.js";
import { chromiumPath } from "@purplebeats/chromium";

const args = process.argv.slice(2).filter((a) => a !== "--");
const url = argValue(args, "--url");
if (!url) {
  console.error("Usage: interaction --url URL [--runs N] [--as-index N]");
  process.exit(2);
}
const chromePath = chromiumPath();
const before = os.loadavg();
const asIndex = argValue(args, "--as-index");
if (asIndex !== undefined && !(Number(asIndex) > 0)) {
  console.error("--as-index takes a benchmarkIndex: --as-index 2050");
  process.exit(2);
}
const result = await interactionBenchmark(
  url,
  Number(argValue(args, "--runs") ?? 3),
  chromePath,
  asIndex === undefined ? undefined : Number(asIndex),
);
printOne(result, before);
