// What each suite tried and what went wrong, kept as JSON under reliability/test-results for RELIABILITY.md's table.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { outputDir, QUICK } from "./config.js";

export interface ResultRow {
  area: string;
  what: string;
  cases: number;
  failures: number;
  /** Writes a client was told succeeded but the database lacks (or duplicates of one write). */
  writesLost: number;
  notes?: string;
}

export class SuiteResults {
  private rows: ResultRow[] = [];
  private readonly started = Date.now();

  constructor(readonly suite: string) {}

  add(row: ResultRow) {
    this.rows.push(row);
  }

  /** Writes `test-results/results-<suite>.json`; call in afterAll. */
  save(seed: number) {
    mkdirSync(outputDir, { recursive: true });
    writeFileSync(
      path.join(outputDir, `results-${this.suite}.json`),
      JSON.stringify(
        {
          suite: this.suite,
          seed,
          quick: QUICK,
          seconds: (Date.now() - this.started) / 1000,
          rows: this.rows,
        },
        null,
        2,
      ),
    );
  }
}

export interface SavedSuite {
  suite: string;
  seed: number;
  quick: boolean;
  seconds: number;
  rows: ResultRow[];
}

export function loadResults(): SavedSuite[] {
  let files: string[];
  try {
    files = readdirSync(outputDir).filter((f) => /^results-.*\.json$/.test(f));
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(outputDir, f), "utf8")) as SavedSuite);
}

const ORDER = [
  "bad-input",
  "attacks-auth",
  "attacks-cross-site",
  "attacks-simulator",
  "attacks-payments",
  "attacks-files",
  "attacks-hardening",
  "faults",
  "scale-out",
  "load",
  "operations",
];

/** The markdown table of RELIABILITY.md. */
export function renderTable(suites: SavedSuite[]): string {
  const sorted = [...suites].sort((a, b) => ORDER.indexOf(a.suite) - ORDER.indexOf(b.suite));
  const lines = ["| Area | What was tried | Cases | Failures | Writes lost |", "|---|---|---:|---:|---:|"];
  for (const s of sorted) {
    for (const r of s.rows) {
      lines.push(
        `| ${r.area} | ${r.what}${r.notes ? ` (${r.notes})` : ""} | ${r.cases.toLocaleString("en-US")} | ${r.failures} | ${r.writesLost} |`,
      );
    }
  }
  const total = sorted.flatMap((s) => s.rows);
  lines.push(
    `| **Total** | | **${total.reduce((n, r) => n + r.cases, 0).toLocaleString("en-US")}** | **${total.reduce((n, r) => n + r.failures, 0)}** | **${total.reduce((n, r) => n + r.writesLost, 0)}** |`,
  );
  return lines.join("\n");
}
