// The interaction benchmark alone, against a server that is already running (the full bench starts its own):
//   pnpm --filter @purplebeats/bench interaction -- --url http://127.0.0.1:3000 [--runs 3]
// Its figures are only comparable on a quiet machine: the load average is printed beside them.
import os from "node:os";
import { argValue } from "./config.js";
import { interactionBenchmark } from "./benchmarks/interaction.js";
import { printOne } from "./lib/report.js";
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
printOne(result, before);
