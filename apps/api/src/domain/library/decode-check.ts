// Whether the audio decodes: tags can be intact around a broken stream (a download cut short, bytes damaged on a
// disk). FFmpeg decodes the first 30 seconds with its checksum checks on, and the last 10 when the track is
// longer, and must get through about as much audio as the file says it holds.
import { API_ERROR_MESSAGES } from "@purplebeats/contracts/error-codes";
import { FfmpegError, runFfmpeg } from "@purplebeats/media";

/** Said with its code, which the app shows in the reader's language. */
export const CORRUPT = API_ERROR_MESSAGES.fileCorrupt;

const HEAD_MS = 30_000;
const TAIL_MS = 10_000;
/** Containers round durations a little differently from the decoder (encoder delay, padding). */
const SLACK_MS = 500;

/** Null when `file` decodes cleanly for as long as `durationMs` says, else the reason to skip it. */
export async function checkDecodes(file: string, durationMs: number): Promise<string | null> {
  const head = await decode(file, ["-t", String(HEAD_MS / 1000)]);
  if (!head.clean || head.decodedMs < Math.min(durationMs, HEAD_MS) - SLACK_MS) return CORRUPT;
  if (durationMs <= HEAD_MS + TAIL_MS) return null;
  // A file cut after its first 30 seconds: seeking near the end finds little or nothing to decode.
  const tail = await decode(file, ["-ss", String((durationMs - TAIL_MS) / 1000)]);
  return tail.clean && tail.decodedMs >= TAIL_MS / 2 ? null : CORRUPT;
}

async function decode(file: string, window: string[]): Promise<{ clean: boolean; decodedMs: number }> {
  try {
    const run = await runFfmpeg([
      "-v",
      "error",
      "-err_detect",
      "crccheck+bitstream+buffer",
      ...window,
      "-i",
      file,
      "-map",
      "0:a:0",
      "-f",
      "null",
      "-progress",
      "pipe:1",
      "-",
    ]);
    return { clean: run.stderr.trim() === "", decodedMs: lastProgressMs(run.stdout.toString("utf8")) };
  } catch (error) {
    if (error instanceof FfmpegError) return { clean: false, decodedMs: 0 };
    throw error;
  }
}

/** `out_time_ms` is in microseconds (FFmpeg's historic misnomer); the last report is the end. */
function lastProgressMs(progress: string): number {
  const values = [...progress.matchAll(/^out_time_ms=(\d+)$/gm)].map((m) => Number(m[1]));
  return Math.round((values.at(-1) ?? 0) / 1000);
}
