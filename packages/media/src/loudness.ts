// EBU R128 loudness with FFmpeg's ebur128 filter: integrated loudness (LUFS) and true peak (dBTP), from the
// summary the filter prints at the end of a run.
import { runFfmpeg } from "./ffmpeg.js";

export interface Loudness {
  integratedLufs: number;
  truePeakDb: number;
}

/** Silence measures -70 LUFS (the filter's floor) and a true peak of -inf: kept finite for storage. */
const FLOOR_DB = -70;

/** The filter that measures, printing its summary when the run ends. */
export const EBUR128_FILTER = "ebur128=peak=true:framelog=verbose";

export async function measureLoudness(
  file: string,
  options: { signal?: AbortSignal } = {},
): Promise<Loudness> {
  const run = await runFfmpeg(
    ["-i", file, "-map", "0:a:0", "-af", EBUR128_FILTER, "-f", "null", "-"],
    options,
  );
  return parseEbur128Summary(run.stderr);
}

/** Reads `I: -14.3 LUFS` and the True peak section's `Peak: -1.2 dBFS` from the filter's summary. */
export function parseEbur128Summary(log: string): Loudness {
  const summary = log.slice(log.lastIndexOf("Summary:"));
  const integrated = /I:\s+(-?[\d.]+|-inf)\s+LUFS/.exec(summary)?.[1];
  const peak = /True peak:\s+Peak:\s+(-?[\d.]+|-inf)\s+dBFS/.exec(summary)?.[1];
  if (integrated === undefined || peak === undefined)
    throw new Error("FFmpeg's ebur128 summary was not in its log");
  const finite = (value: string) => (value === "-inf" ? FLOOR_DB : Math.max(FLOOR_DB, Number(value)));
  return { integratedLufs: finite(integrated), truePeakDb: finite(peak) };
}

/**
 * An album's loudness from its tracks' (weighted by length): the energy mean of the integrated loudness,
 * the highest true peak. Close to measuring the album as one programme without decoding it again.
 */
export function albumLoudness(tracks: ReadonlyArray<Loudness & { durationMs: number }>): Loudness | null {
  const total = tracks.reduce((sum, track) => sum + track.durationMs, 0);
  if (tracks.length === 0 || total <= 0) return null;
  const energy =
    tracks.reduce((sum, track) => sum + track.durationMs * 10 ** (track.integratedLufs / 10), 0) / total;
  return {
    integratedLufs: Math.max(FLOOR_DB, 10 * Math.log10(energy)),
    truePeakDb: Math.max(...tracks.map((track) => track.truePeakDb)),
  };
}
