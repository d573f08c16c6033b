// Prints the results table of the last run (reliability/test-results/results-*.json); with --write, puts it
// into RELIABILITY.md between its markers: `pnpm --filter @purplebeats/reliability report -- --write`.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "./config.js";
import { loadResults, renderTable } from "./results.js";

const suites = loadResults();
if (suites.length === 0) {
  console.error("No results yet: run `pnpm test:reliability` first.");
  process.exit(1);
}
const seeds = [...new Set(suites.map((s) => s.seed))];
const quick = suites.some((s) => s.quick);
const seconds = suites.reduce((sum, s) => sum + s.seconds, 0);
const header = `Last run: seed ${seeds.join(", ")}, ${quick ? "quick" : "full"} mode, ${Math.round(seconds)} s in the suites.`;
const table = `${header}\n\n${renderTable(suites)}`;
console.log(table);

if (process.argv.includes("--write")) {
  const file = path.join(repoRoot, "RELIABILITY.md");
  const text = readFileSync(file, "utf8");
  const start = "<!-- results:start -->";
  const end = "<!-- results:end -->";
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`RELIABILITY.md has no ${start} … ${end} markers`);
  writeFileSync(file, `${text.slice(0, from + start.length)}\n\n${table}\n\n${text.slice(to)}`);
  console.log(`\nUpdated ${file}`);
}
