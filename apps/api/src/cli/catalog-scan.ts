// `pnpm catalog:scan`: scans MUSIC_DIR and prints the report (found, new, unchanged, missing, skipped with
// reasons). Beside a running server on the embedded database it asks that server (PGlite cannot be opened by
// two processes); otherwise it runs the scan in this process, as one more instance of the job queue.
import "reflect-metadata";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { openDatabase } from "@purplebeats/db";
import type { LibraryScanDto } from "@purplebeats/contracts";
import { loadConfig } from "../config/env.js";
import {
  OPERATOR_HEADER,
  OPERATOR_REPORT_PATH,
  OPERATOR_SCAN_PATH,
  OPERATOR_TOKEN_FILE,
} from "../web/http/operator.js";
import { startLibrary } from "../domain/library/library-service.js";
import { sourceFetcher } from "../domain/library/library-uploads.js";
import { openObjectStorage } from "../infra/storage/object-storage.js";
import { libraryReader } from "../domain/library/reader.js";
import { bucketMediaStore, diskMediaStore } from "../infra/storage/media-store.js";

const config = loadConfig();
if (config.musicRoots.length === 0) {
  console.error(
    "Set MUSIC_DIR to the folder(s) of music to scan (several separated by " + path.delimiter + ").",
  );
  process.exit(2);
}

const settled = (scan: LibraryScanDto) =>
  scan.state !== "running" && scan.encode.queued === 0 && scan.encode.active === 0;
const pause = () => new Promise((resolve) => setTimeout(resolve, 500));

function print(scan: LibraryScanDto) {
  const c = scan.counts;
  console.log(
    `Scan ${scan.id} ${scan.state}: ${c.found} found, ${c.ingested} new or changed, ${c.unchanged} unchanged, ` +
      `${c.missing} gone, ${c.skipped} skipped; encoded ${scan.encode.completed}, failed ${scan.encode.failed}`,
  );
  for (const skipped of scan.skipped) console.log(`  skipped ${skipped.source}: ${skipped.reason}`);
}

/** The running server's response, or null when no server of ours listens on this machine. */
async function throughServer(): Promise<LibraryScanDto | null> {
  if (config.databaseUrl) return null;
  const token = await readFile(path.join(config.dataDir, OPERATOR_TOKEN_FILE), "utf8").catch(() => null);
  if (!token) return null;
  const base = `http://127.0.0.1:${config.port}`;
  const headers = { [OPERATOR_HEADER]: token };
  const started = await fetch(`${base}${OPERATOR_SCAN_PATH}`, { method: "POST", headers }).catch(() => null);
  if (!started) return null;
  if (!started.ok) throw new Error(`The server refused the scan: ${started.status} ${await started.text()}`);
  console.log(`Asked the running server at ${base} to scan ${config.musicRoots.join(", ")}`);
  for (;;) {
    const scan = (await (
      await fetch(`${base}${OPERATOR_REPORT_PATH}`, { headers })
    ).json()) as LibraryScanDto;
    if (settled(scan)) return scan;
    await pause();
  }
}

async function inProcess(): Promise<LibraryScanDto> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await db.dataSource.runMigrations({ transaction: "each" });
  const storage = openObjectStorage(config);
  const store = storage.kind === "s3" ? bucketMediaStore(storage.client) : diskMediaStore(config.mediaDir);
  const log = { info: () => {}, error: (obj: unknown, message?: string) => console.error(message, obj) };
  const library = await startLibrary({
    dataSource: db.dataSource,
    store,
    reader: libraryReader({ followLinksOut: config.musicFollowSymlinks }),
    log,
    onCatalogChanged() {},
    // This process may run a queued encode of an admin's upload too: a bucket object is fetched for FFmpeg.
    localSource: sourceFetcher(storage),
  });
  try {
    console.log(`Scanning ${config.musicRoots.join(", ")}`);
    const { id } = await library.startScan(config.musicRoots);
    for (;;) {
      const scan = await library.scanReport(id);
      if (scan && settled(scan)) return scan;
      await pause();
    }
  } finally {
    await library.stop();
    await db.close();
  }
}

const scan = (await throughServer()) ?? (await inProcess());
print(scan);
process.exit(scan.state === "failed" ? 1 : 0);
