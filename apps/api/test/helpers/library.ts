// Music files made at test time with the real encoder, and waiting for a library scan to be done.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { runFfmpeg } from "@purplebeats/media";
import type { LibraryScanDto } from "@purplebeats/contracts";
import type { Client } from "./server.js";

export type ScanDto = LibraryScanDto;

/** A tone of `seconds` with the given tags, as FLAC or MP3 (by the name's extension). */
export async function makeTrack(
  root: string,
  relative: string,
  tags: Record<string, string | number>,
  options: { kbps?: number; frequency?: number; seconds?: number } = {},
): Promise<string> {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  const codec = file.endsWith(".flac")
    ? ["-c:a", "flac"]
    : ["-c:a", "libmp3lame", "-b:a", `${options.kbps ?? 192}k`];
  const metadata = Object.entries(tags).flatMap(([key, value]) => ["-metadata", `${key}=${value}`]);
  await runFfmpeg([
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=${options.frequency ?? 440}:duration=${options.seconds ?? 3}`,
    "-ac",
    "2",
    ...metadata,
    ...codec,
    file,
  ]);
  return file;
}

/** Polls the admin report until the scan (the latest, or `id`) is done and its encodes have run. */
export async function waitForScan(admin: Client, id?: string, timeoutMs = 300_000): Promise<ScanDto> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await admin.get<ScanDto>("/api/admin/library/scans/latest");
    const scan = res.body;
    const settled =
      res.status === 200 &&
      (!id || scan.id === id) &&
      scan.state !== "running" &&
      scan.encode.queued === 0 &&
      scan.encode.active === 0;
    if (settled) return scan;
    if (Date.now() > deadline) throw new Error(`scan not done: ${res.status} ${JSON.stringify(scan)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
