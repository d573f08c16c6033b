// Runs the media benchmarks (benchmarks/media.ts) in order: ingest first, since the high rendition's time to
// first byte is measured over the catalog the FLAC ingest made.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT } from "../config.js";
import { machineInfo, report, type RunInfo } from "../lib/report.js";
import {
  dropMediaDatabases,
  ingestResult,
  ingestRun,
  scanMemoryBenchmark,
  streamHighBenchmark,
  workDir,
  type IngestRun,
} from "./media.js";

export interface MediaOptions {
  wants(name: string): boolean;
  quick: boolean;
  build: boolean;
  ingestFiles: number;
  scanFiles: number;
  command: string;
  log(line: string): void;
}

export async function runMediaBenchmarks(options: MediaOptions): Promise<void> {
  const { wants, log } = options;
  const run: RunInfo = {
    command: options.command,
    startedAt: new Date().toISOString(),
    machine: machineInfo(),
    dataset: {
      media: "made at bench time",
      uptime: os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" "),
    },
  };
  const work = await workDir();
  try {
    let flac: IngestRun | null = null;
    if (wants("ingest")) {
      const runs: IngestRun[] = [];
      for (const kind of ["flac", "mp3"] as const) {
        log(`ingest: ${options.ingestFiles} ${kind.toUpperCase()} songs of 3 minutes`);
        runs.push(await ingestRun(kind, options.ingestFiles, work));
      }
      flac = runs[0]!;
      report(ingestResult(runs), run);
    }
    if (wants("scan")) {
      log(`scan: ${options.scanFiles.toLocaleString("en-US")} files`);
      report(await scanMemoryBenchmark(options.scanFiles, work), run);
    }
    if (wants("stream-high")) {
      if (!flac) {
        log("stream-high: ingesting 2 FLAC songs to stream");
        flac = await ingestRun("flac", 2, work);
      }
      if (options.build || !existsSync(path.join(REPO_ROOT, "apps/api/dist/main.js"))) {
        log("building the API");
        execFileSync(process.execPath, ["build.mjs"], {
          cwd: path.join(REPO_ROOT, "apps/api"),
          stdio: "inherit",
        });
      }
      log("stream-high: time to first byte of quality=high");
      report(await streamHighBenchmark(flac, options.quick ? 40 : 200), run);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
    await dropMediaDatabases();
  }
}
