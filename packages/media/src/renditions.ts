// The three renditions of a song: low (64 kbps MP3, the data saver, for everyone), standard (128 kbps MP3,
// for everyone) and high (320 kbps MP3 for premium members, or the source itself when it is already a lossy
// file at or under that rate: re-encoding it would only lose quality).
//
// The low one is MP3 rather than AAC-LC: AAC would sound better at 64 kbps, but Chromium builds without the
// proprietary codecs (the open-source Chromium, some Android WebViews) do not play it, while every Chromium
// and WebKit plays MP3; and it carries the same LAME gapless header as the other two renditions.
import { runFfmpeg } from "./ffmpeg.js";
import { EBUR128_FILTER, parseEbur128Summary, type Loudness } from "./loudness.js";

export const STANDARD_KBPS = 128;
export const HIGH_KBPS = 320;
/** The data saver: half the bytes of standard (a 3-minute song is 1.4 MB). */
export const LOW_KBPS = 64;
/**
 * The data saver's sample rate and LAME quality: 24 kHz is the rate LAME itself picks for 64 kbps (the bits
 * go to the 12 kHz that carry the music), and quality 7 keeps the third rendition's cost to about a fifth of
 * an ingest's CPU (measured: 128 + 320 kbps + loudness 9.9 s of CPU for 3 minutes; this one 2.0 s).
 */
const LOW_SAMPLE_RATE = 24_000;
const LOW_COMPRESSION_LEVEL = 7;

interface Mp3Settings {
  kbps: number;
  sampleRate?: number;
  compressionLevel?: number;
}

const LOW: Mp3Settings = {
  kbps: LOW_KBPS,
  sampleRate: LOW_SAMPLE_RATE,
  compressionLevel: LOW_COMPRESSION_LEVEL,
};

/** FFmpeg's output options for a constant-bitrate MP3 without tags or pictures, then the output file. */
const mp3Output = ({ kbps, sampleRate, compressionLevel }: Mp3Settings, output: string): string[] => [
  ...["-vn", "-map_metadata", "-1"],
  ...(sampleRate ? ["-ar", String(sampleRate)] : []),
  ...["-c:a", "libmp3lame"],
  ...(compressionLevel === undefined ? [] : ["-compression_level", String(compressionLevel)]),
  ...["-b:a", `${kbps}k`, "-f", "mp3", output],
];

/** Encodes the first audio stream of `input` to a constant-bitrate MP3 at `kbps`, without tags or pictures. */
export async function encodeMp3(
  input: string,
  output: string,
  kbps: number,
  options: { signal?: AbortSignal; sampleRate?: number; compressionLevel?: number } = {},
): Promise<void> {
  const { sampleRate, compressionLevel, ...run } = options;
  await runFfmpeg(
    ["-i", input, "-map", "0:a:0", ...mp3Output({ kbps, sampleRate, compressionLevel }, output)],
    run,
  );
}

/** The data saver's rendition of `input` (LOW_KBPS MP3 at 24 kHz). */
export const encodeLowMp3 = (input: string, output: string, options: { signal?: AbortSignal } = {}) =>
  encodeMp3(input, output, LOW.kbps, { ...options, ...LOW });

/**
 * The standard and low renditions of `input` and its loudness, whichever are asked for, from one FFmpeg run
 * that decodes the file once and feeds every output: the same files and figures as encodeMp3, encodeLowMp3
 * and measureLoudness, without a process and a decode for each. Resolves with the loudness when measured.
 */
export async function encodeRenditions(
  input: string,
  outputs: { standard?: string; low?: string; loudness?: boolean },
  options: { signal?: AbortSignal } = {},
): Promise<Loudness | undefined> {
  const encodes: Array<[Mp3Settings, string]> = [];
  if (outputs.standard) encodes.push([{ kbps: STANDARD_KBPS }, outputs.standard]);
  if (outputs.low) encodes.push([LOW, outputs.low]);
  const branches = encodes.length + (outputs.loudness ? 1 : 0);
  if (branches === 0) return undefined;
  const labels = Array.from({ length: branches }, (_, i) => `[out${i}]`);
  const graph = [`[0:a:0]asplit=${branches}${labels.join("")}`];
  if (outputs.loudness) graph.push(`${labels[encodes.length]}${EBUR128_FILTER}[measured]`);
  const run = await runFfmpeg(
    [
      ...["-i", input, "-filter_complex", graph.join(";")],
      ...encodes.flatMap(([settings, output], i) => [
        "-map",
        labels[i] ?? "",
        ...mp3Output(settings, output),
      ]),
      ...(outputs.loudness ? ["-map", "[measured]", "-f", "null", "-"] : []),
    ],
    options,
  );
  return outputs.loudness ? parseEbur128Summary(run.stderr) : undefined;
}

/**
 * Encodes mono 16-bit PCM at `sampleRate` to a constant-bitrate MP3 at `kbps`. The LAME header FFmpeg
 * writes lets players trim the encoder's delay and padding; `bitexact` keeps the encoder's version out of
 * the bytes, so one FFmpeg build always gives the same file for the same samples.
 */
export async function encodePcmMp3(
  pcm: Int16Array,
  sampleRate: number,
  kbps: number,
  options: { signal?: AbortSignal } = {},
): Promise<Uint8Array> {
  const { stdout } = await runFfmpeg(
    [
      ...["-f", "s16le", "-ar", String(sampleRate), "-ac", "1", "-i", "pipe:0"],
      ...["-fflags", "+bitexact", "-flags:a", "+bitexact", "-map_metadata", "-1", "-id3v2_version", "0"],
      // LAME's quality 5 ("good"): the 2-3 of its default costs 1.5 times the CPU, inaudibly at these rates.
      ...["-c:a", "libmp3lame", "-compression_level", "5", "-b:a", `${kbps}k`, "-f", "mp3", "pipe:1"],
    ],
    { ...options, stdin: new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength) },
  );
  return new Uint8Array(stdout.buffer, stdout.byteOffset, stdout.byteLength);
}

/** Lossy formats every browser's audio element plays (Safari plays no Ogg Vorbis). */
const PLAYABLE_LOSSY = new Set(["mp3", "m4a"]);

/** Whether the source can serve as the high rendition as it is. */
export const sourceServesAsHigh = (source: {
  lossless: boolean;
  bitrateKbps: number | null;
  format: string;
}) =>
  !source.lossless &&
  PLAYABLE_LOSSY.has(source.format) &&
  source.bitrateKbps !== null &&
  source.bitrateKbps <= HIGH_KBPS;
