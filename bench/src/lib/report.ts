// Every benchmark ends as a table: printed, and written to bench-results/<name>.json.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { RESULTS_DIR } from "../config.js";

export type Value = string | number | boolean | null;
export type Row = Record<string, Value>;

export interface Budget {
  figure: string;
  budget: string;
  measured: string;
  met: boolean;
}

export interface BenchResult {
  name: string;
  title: string;
  /** What the reference column is and how it was measured. */
  notes: string[];
  columns: string[];
  rows: Row[];
  budgets: Budget[];
}

export interface RunInfo {
  command: string;
  startedAt: string;
  machine: Record<string, Value>;
  dataset: Record<string, Value>;
}

export function machineInfo(extra: Record<string, Value> = {}): Record<string, Value> {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    // Other work on the machine skews every figure: the load when the run started says how much.
    load1: Math.round(os.loadavg()[0]! * 100) / 100,
    ...extra,
  };
}

const format = (v: Value): string => {
  if (v === null) return "-";
  if (typeof v === "number") {
    if (Number.isInteger(v)) return v.toLocaleString("en-US");
    return Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2);
  }
  return String(v);
};

export function table(columns: string[], rows: Row[]): string {
  const cells = rows.map((r) => columns.map((c) => format(r[c] ?? null)));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  const line = (parts: string[]) =>
    "| " + parts.map((p, i) => (i === 0 ? p.padEnd(widths[i]!) : p.padStart(widths[i]!))).join(" | ") + " |";
  return [
    line(columns),
    "|" +
      widths.map((w, i) => (i === 0 ? "-" : "") + "-".repeat(w + 1) + (i === 0 ? "" : ":")).join("|") +
      "|",
    ...cells.map(line),
  ].join("\n");
}

export function budgetTable(budgets: Budget[]): string {
  return table(
    ["figure", "budget", "measured", "met"],
    budgets.map((b) => ({
      figure: b.figure,
      budget: b.budget,
      measured: b.measured,
      met: b.met ? "yes" : "NO",
    })),
  );
}

export function report(result: BenchResult, run: RunInfo): void {
  console.log(`\n## ${result.title}\n`);
  console.log(table(result.columns, result.rows));
  for (const note of result.notes) console.log(`  ${note}`);
  if (result.budgets.length) console.log(`\n${budgetTable(result.budgets)}`);
  writeResult(result, run);
}

/** bench-results/<name>.json: the run and its result. */
export function writeResult(result: BenchResult, run: RunInfo): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    path.join(RESULTS_DIR, `${result.name}.json`),
    JSON.stringify({ ...run, ...result }, null, 2) + "\n",
  );
}

export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
};

export const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

/** What a one-benchmark command prints: the table, its notes and budgets, and the load average around it. */
export function printOne(result: BenchResult, loadBefore: number[]): void {
  const load = (figures: number[]) => figures.map((l) => l.toFixed(2)).join(" ");
  console.log(`# ${result.title}\n\n${table(result.columns, result.rows)}\n`);
  for (const note of result.notes) console.log(`- ${note}`);
  for (const b of result.budgets) console.log(`- ${b.figure}: ${b.measured} (budget ${b.budget})`);
  console.log(`- load average before ${load(loadBefore)}, after ${load(os.loadavg())}`);
}
