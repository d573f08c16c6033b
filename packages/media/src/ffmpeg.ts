// FFmpeg, the encoder behind renditions and loudness: the system's `ffmpeg` when there is one on the PATH
// (Debian's 5.1 is newer), else the static build that `@ffmpeg-installer/ffmpeg` brings with the project's own
// install, so that `pnpm install && pnpm start` works on a machine with only Node.js
// (docs/adr/0006-ffmpeg-binary.md).
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

/** Settable for operators who keep FFmpeg elsewhere. */
const FFMPEG_ENV = "FFMPEG_PATH";

let resolved: Promise<string> | undefined;

/** The FFmpeg binary this process uses (resolved once). */
export function ffmpegPath(): Promise<string> {
  resolved ??= findFfmpeg();
  return resolved;
}

async function findFfmpeg(): Promise<string> {
  const configured = process.env[FFMPEG_ENV];
  if (configured) return configured;
  if (await answers("ffmpeg")) return "ffmpeg";
  // A static import specifier, so that a bundle of this module (the API's dist/) lists the package among
  // the ones it needs installed (apps/api/test/bundle-dependencies.test.ts).
  const installer = await import("@ffmpeg-installer/ffmpeg");
  return installer.default.path;
}

/** Whether `binary -version` runs and exits 0; asked asynchronously, so the server answers meanwhile. */
function answers(binary: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(binary, ["-hide_banner", "-version"], { stdio: "ignore" });
    child.on("error", () => resolve(false)); // not on the PATH
    child.on("close", (code) => resolve(code === 0));
  });
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

export interface FfmpegRun {
  stdout: Buffer;
  /** FFmpeg's log (filters such as ebur128 report there). */
  stderr: string;
}

/**
 * Runs FFmpeg once with `args` (input and output files named in them; `pipe:0` reads `options.stdin`,
 * `pipe:1` collects stdout) and at most `slots()` processes at a time in this process: encoding is
 * CPU-bound, and more processes than cores only slow each other and the API down.
 */
export function runFfmpeg(
  args: readonly string[],
  options: { signal?: AbortSignal; stdin?: Uint8Array } = {},
): Promise<FfmpegRun> {
  return pool.run(async () => {
    const binary = await ffmpegPath();
    return new Promise<FfmpegRun>((resolve, reject) => {
      const child = spawn(binary, ["-hide_banner", "-nostdin", "-y", ...args], {
        stdio: ["pipe", "pipe", "pipe"],
        signal: options.signal,
      });
      // FFmpeg may exit before reading all of stdin (a bad argument): its exit code tells why, not EPIPE.
      child.stdin.on("error", () => {});
      child.stdin.end(options.stdin);
      const out: Buffer[] = [];
      let err = "";
      child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        // The tail is what says why a run failed; a long ebur128 log is kept whole up to 4 MB.
        err = (err + chunk).slice(-4 * 1024 * 1024);
      });
      child.on("error", (error) => reject(new FfmpegError(error.message, err)));
      child.on("close", (code) => {
        if (code === 0) resolve({ stdout: Buffer.concat(out), stderr: err });
        else {
          const last = err.trim().split("\n").at(-1) ?? "";
          reject(new FfmpegError(`ffmpeg exited with ${code}: ${last}`, err));
        }
      });
    });
  });
}

/** A queue of at most `size` concurrent tasks. */
class Pool {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly size: () => number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size()) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}

/** Encoder processes at once: one per core. */
export const ffmpegSlots = () => Math.max(1, availableParallelism());
const pool = new Pool(ffmpegSlots);
