// Prints the last run's bench-results/*.json as Markdown tables (for BENCHMARKS.md and docs/benchmarks/history.md):
//   pnpm --filter @purplebeats/bench markdown
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { RESULTS_DIR } from "./config.js";
import { budgetTable, table, type BenchResult, type RunInfo } from "./lib/report.js";

const order = ["api", "memory", "search", "audio", "admin", "web-size", "lighthouse"];
const summaryFile = path.join(RESULTS_DIR, "summary.json");
if (existsSync(summaryFile)) {
  const summary = JSON.parse(readFileSync(summaryFile, "utf8")) as RunInfo & { seconds: number };
  console.log(`Command: \`${summary.command}\` (${Math.round(summary.seconds)} s), ${summary.startedAt}`);
  console.log(
    `Machine: ${Object.entries(summary.machine)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}\n`,
  );
}
const budgets = [];
for (const name of order) {
  const file = path.join(RESULTS_DIR, `${name}.json`);
  if (!existsSync(file)) continue;
  const result = JSON.parse(readFileSync(file, "utf8")) as BenchResult & RunInfo;
  console.log(`### ${result.title}\n`);
  console.log(table(result.columns, result.rows));
  if (result.notes.length) console.log("\n" + result.notes.map((n) => `- ${n}`).join("\n"));
  console.log("");
  budgets.push(...result.budgets);
}
console.log(`### Budgets\n\n${budgetTable(budgets)}`);
