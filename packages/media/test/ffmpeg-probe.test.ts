// Which FFmpeg: the probe of the system's runs beside the server's requests, not in place of them.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const dir = mkdtempSync(path.join(tmpdir(), "pb-ffmpeg-probe-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in `ffmpeg` on the PATH that takes `seconds` to answer and exits with `code`. */
function systemFfmpeg(seconds: number, code: number): void {
  writeStandIn(`sleep ${seconds}`, code);
}

/** A stand-in `ffmpeg` that answers only once the test has created `file`. */
function systemFfmpegAnsweringAfter(file: string): void {
  writeStandIn(`while [ ! -e "${file}" ]; do sleep 0.02; done`, 0);
}

function writeStandIn(wait: string, code: number): void {
  const file = path.join(dir, "ffmpeg");
  writeFileSync(file, `#!/bin/sh\n${wait}\nexit ${code}\n`);
  chmodSync(file, 0o755);
}

async function freshFfmpegPath() {
  vi.resetModules(); // the path is resolved once per process: a fresh module resolves it again
  const { ffmpegPath } = await import("../src/ffmpeg.js");
  return ffmpegPath;
}

describe("the FFmpeg this process uses", () => {
  beforeEach(() => {
    vi.stubEnv("FFMPEG_PATH", "");
    vi.stubEnv("PATH", `${dir}:${process.env.PATH ?? ""}`);
  });
  afterEach(() => vi.unstubAllEnvs());

  it("is the system's when it answers, found without blocking the event loop while it does", async () => {
    // The stand-in answers only after the call has returned and the event loop has turned: a probe that
    // blocked would never return (no clock involved, so a loaded machine cannot fail it).
    const go = path.join(dir, "go");
    systemFfmpegAnsweringAfter(go);
    const ffmpegPath = await freshFfmpegPath();
    let settled = false;
    const found = ffmpegPath().finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    writeFileSync(go, "");
    expect(await found).toBe("ffmpeg");
  });

  it("is the one the install brings when the system's fails", async () => {
    systemFfmpeg(0, 1);
    const ffmpegPath = await freshFfmpegPath();
    expect(await ffmpegPath()).toMatch(/@ffmpeg-installer.*ffmpeg$/);
  });

  it("is the operator's FFMPEG_PATH, asked of nothing else", async () => {
    systemFfmpeg(5, 0);
    vi.stubEnv("FFMPEG_PATH", "/opt/ffmpeg/bin/ffmpeg");
    const ffmpegPath = await freshFfmpegPath();
    expect(await ffmpegPath()).toBe("/opt/ffmpeg/bin/ffmpeg");
  });
});
