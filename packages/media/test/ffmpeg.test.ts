// The real encoder: whichever FFmpeg this machine resolves encodes, decodes and measures loudness.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FfmpegError, ffmpegPath, runFfmpeg } from "../src/index.js";

const dir = mkdtempSync(path.join(tmpdir(), "pb-ffmpeg-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("FFmpeg", () => {
  it("is found (the system's or the one the install brings)", async () => {
    expect(await ffmpegPath()).toMatch(/ffmpeg$/);
  });

  it("encodes a tone to MP3 at the bit rate asked, and reports its loudness", async () => {
    const file = path.join(dir, "tone.mp3");
    await runFfmpeg([
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:duration=3",
      "-c:a",
      "libmp3lame",
      "-b:a",
      "128k",
      file,
    ]);
    const mp3 = readFileSync(file);
    // An MPEG audio frame header (or an ID3 tag before it).
    expect(mp3.subarray(0, 3).toString("latin1") === "ID3" || mp3[0] === 0xff).toBe(true);
    // 3 s at 128 kbps is about 48 KB.
    expect(mp3.length).toBeGreaterThan(40_000);
    expect(mp3.length).toBeLessThan(60_000);
    const { stderr } = await runFfmpeg(["-i", file, "-af", "ebur128=peak=true", "-f", "null", "-"]);
    expect(stderr).toMatch(/Integrated loudness:\s+I:\s+-?\d+\.\d LUFS/);
  });

  it("fails with FFmpeg's own reason on a file that is not audio", async () => {
    const file = path.join(dir, "junk.mp3");
    writeFileSync(file, "this is not audio at all");
    await expect(runFfmpeg(["-i", file, "-f", "null", "-"])).rejects.toBeInstanceOf(FfmpegError);
  });
});
