// The ingest budget for the data saver: the pipeline's throughput with the third (low, data saver) rendition within 25 % of
// today's with two. What each song costs is the CPU time of its encoder processes (user + system, read by
// /usr/bin/time around each FFmpeg the pipeline starts), for the same FLAC sources, two renditions and three in
// turns in one run. Wall time would measure the machine's other work; CPU time is the pipeline's own.
//   pnpm --filter @purplebeats/bench ingest-renditions [-- --songs 2 --seconds 120 --rounds 4]
import { spawnSync } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { encodeLowMp3, encodeMp3, HIGH_KBPS, measureLoudness, STANDARD_KBPS } from "@purplebeats/media";
import { argValue, REPO_ROOT } from "./config.js";
import { alternate, ratioText } from "./lib/alternate.js";
import { machineInfo, printOne, round, writeResult, type BenchResult } from "./lib/report.js";

const args = process.argv.slice(2).filter((a) => a !== "--");
const SONGS = Number(argValue(args, "--songs") ?? 2);
const SECONDS = Number(argValue(args, "--seconds") ?? 120);
const ROUNDS = Number(argValue(args, "--rounds") ?? 4);
/** The budget: three renditions cost at most this much more than two (throughput within 25 %). */
const BUDGET_RATIO = 1.25;

/** The FFmpeg the media package would run (packages/media/src/ffmpeg.ts's order), found without caching it there. */
function findFfmpeg(): string {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  if (spawnSync("ffmpeg", ["-hide_banner", "-version"]).status === 0) return "ffmpeg";
  const installer = spawnSync(
    process.execPath,
    ["-e", "process.stdout.write(require('@ffmpeg-installer/ffmpeg').path)"],
    { cwd: path.join(REPO_ROOT, "packages/media") },
  );
  return installer.stdout.toString();
}
const realFfmpeg = findFfmpeg();
if (spawnSync(realFfmpeg, ["-hide_banner", "-version"]).status !== 0) {
  console.error(`No FFmpeg at '${realFfmpeg}': set FFMPEG_PATH.`);
  process.exit(2);
}
if (spawnSync("/usr/bin/time", ["-f", "%U", "true"]).status !== 0) {
  console.error("/usr/bin/time (GNU time) is needed to read each encoder's CPU time.");
  process.exit(2);
}

const work = await mkdtemp(path.join(os.tmpdir(), "pb-bench-ingest-"));
const timesFile = path.join(work, "times.txt");
// Every FFmpeg the media package starts goes through this wrapper, which appends its CPU time to timesFile.
const wrapper = path.join(work, "ffmpeg-timed.sh");
await writeFile(
  wrapper,
  `#!/bin/sh\nexec /usr/bin/time -a -o '${timesFile}' -f '%U %S' '${realFfmpeg}' "$@"\n`,
);
await chmod(wrapper, 0o755);
process.env.FFMPEG_PATH = wrapper;

/** Music-like sources: a chord with pink noise, a different one per song, stereo 44.1 kHz FLAC. */
async function makeSources(): Promise<string[]> {
  const sources: string[] = [];
  for (let i = 0; i < SONGS; i++) {
    const file = path.join(work, `song-${i}.flac`);
    const tone = (f: number) => `sine=frequency=${f}:sample_rate=44100:duration=${SECONDS}`;
    const made = spawnSync(realFfmpeg, [
      ...["-hide_banner", "-nostdin", "-y"],
      ...["-f", "lavfi", "-i", tone(220 + 30 * i), "-f", "lavfi", "-i", tone(330 + 45 * i)],
      ...["-f", "lavfi", "-i", `anoisesrc=color=pink:amplitude=0.15:sample_rate=44100:duration=${SECONDS}`],
      ...["-filter_complex", "amix=inputs=3,volume=2", "-ac", "2", file],
    ]);
    if (made.status !== 0) throw new Error(`could not make ${file}: ${made.stderr.toString().slice(-500)}`);
    sources.push(file);
  }
  return sources;
}

/** The CPU seconds the encoder processes recorded since the last call. */
async function takeCpuSeconds(): Promise<number> {
  const text = await readFile(timesFile, "utf8").catch(() => "");
  await writeFile(timesFile, "");
  return text
    .split("\n")
    .map((line) => /^(\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .reduce((sum, m) => sum + Number(m[1]) + Number(m[2]), 0);
}

/**
 * What apps/api's encodeSong runs for a lossless source, the encoders at once: loudness, standard and high,
 * and with `low` the data saver too. Songs one after another, as one ingest worker takes them.
 */
async function ingest(sources: string[], low: boolean): Promise<number> {
  await takeCpuSeconds();
  for (const [i, input] of sources.entries()) {
    const out = (name: string) => path.join(work, `out-${i}-${name}.mp3`);
    await Promise.all([
      measureLoudness(input),
      encodeMp3(input, out("standard"), STANDARD_KBPS),
      encodeMp3(input, out("high"), HIGH_KBPS),
      ...(low ? [encodeLowMp3(input, out("low"))] : []),
    ]);
  }
  return takeCpuSeconds();
}

const loadBefore = os.loadavg();
try {
  const sources = await makeSources();
  const result = await alternate(
    ROUNDS,
    () => ingest(sources, false),
    () => ingest(sources, true),
    (n, { a, b }) => console.log(`round ${n}: two ${round(a, 2)} s CPU, three ${round(b, 2)} s CPU`),
  );
  const audioMinutes = (SONGS * SECONDS) / 60;
  const bench: BenchResult = {
    name: "ingest-renditions",
    title: `Ingest CPU: two renditions against three (${SONGS} songs of ${SECONDS} s, ${ROUNDS} rounds alternated)`,
    notes: [
      "CPU s: user + system time of every FFmpeg the pipeline started (loudness, 128 and 320 kbps, and the 64 kbps " +
        "data saver for three), summed over the songs; one round runs both, in turns",
      `machine: ${JSON.stringify(machineInfo())} (shared with other jobs: CPU time, not wall time, is compared)`,
    ],
    columns: ["round", "two renditions (CPU s)", "three renditions (CPU s)", "three / two"],
    rows: result.rounds.map((r, i) => ({
      round: i + 1,
      "two renditions (CPU s)": round(r.a, 2),
      "three renditions (CPU s)": round(r.b, 2),
      "three / two": round(r.ratio, 3),
    })),
    budgets: [
      {
        figure: "ingest CPU, three renditions / two (median, spread)",
        budget: `<= ${BUDGET_RATIO} (throughput within 25 %)`,
        measured: `${ratioText(result)}; ${round(result.medianA / audioMinutes, 2)} vs ${round(result.medianB / audioMinutes, 2)} CPU s per minute of audio`,
        met: result.ratio <= BUDGET_RATIO,
      },
    ],
  };
  printOne(bench, loadBefore);
  writeResult(bench, {
    command: "ingest-renditions",
    startedAt: new Date().toISOString(),
    machine: machineInfo(),
    dataset: { songs: SONGS, seconds: SECONDS, rounds: ROUNDS },
  });
} finally {
  await rm(work, { recursive: true, force: true });
}
