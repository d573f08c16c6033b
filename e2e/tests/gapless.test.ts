// Gapless albums, measured: one continuous tone made with FFmpeg is cut into two tracks, each encoded by the
// renditions' own MP3 encoder (@purplebeats/media), and served as the first two songs of an album. The
// journey plays the album from its page and records what the page sends to its speakers, through an
// AudioWorklet tap on every AudioContext's destination; at the join the silence must be at most 5 ms.
//
// The old path can be measured with the same journey: GAPLESS_ELEMENT_PATH=1 hides Web Audio from the app
// (so it plays through the audio element and its preloader, as browsers without Web Audio do) and routes the
// elements through the tap instead; the join then measures hundreds of milliseconds and the journey fails.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { encodeMp3, runFfmpeg, STANDARD_KBPS } from "@purplebeats/media";
import { expect, test, visit } from "../src/harness.js";
import { tapAudioOutput } from "../src/audio-tap.js";
import { albumOfTwoOrMore, answerStreams } from "../src/tone-album.js";

const LONG = { timeout: 30_000 };
const RATE = 44100;
const PART_SECONDS = 3;

/** The longest silence (ms) between the first and the last sound of the busiest recording, and how long it sounded. */
function measureJoin(page: Page) {
  return page.evaluate(() => {
    const recordings = (
      window as unknown as { __recordings: { sampleRate: number; blocks: Float32Array[] }[] }
    ).__recordings;
    const longest = [...recordings].sort((a, b) => b.blocks.length - a.blocks.length)[0];
    if (!longest) return null;
    const samples = new Float32Array(longest.blocks.length * 4096);
    longest.blocks.forEach((block, i) => samples.set(block, i * 4096));
    const loud = (x: number) => Math.abs(x) > 1e-3;
    const first = samples.findIndex(loud);
    let last = samples.length - 1;
    while (last > 0 && !loud(samples[last]!)) last--;
    let run = 0;
    let silence = 0;
    for (let i = first; i <= last; i++) {
      run = Math.abs(samples[i]!) < 1e-4 ? run + 1 : 0;
      silence = Math.max(silence, run);
    }
    return {
      silenceMs: (silence / longest.sampleRate) * 1000,
      soundingSeconds: (last - first) / longest.sampleRate,
    };
  });
}

test.describe("gapless albums", () => {
  let work: string;
  const parts: Buffer[] = [];
  test.beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "pb-e2e-gapless-"));
    const tone = path.join(work, "tone.wav");
    await runFfmpeg([
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=440:sample_rate=${RATE}:duration=${2 * PART_SECONDS}`,
      "-ac",
      "2",
      tone,
    ]);
    for (const [i, range] of [
      `end_sample=${PART_SECONDS * RATE}`,
      `start_sample=${PART_SECONDS * RATE}`,
    ].entries()) {
      const wav = path.join(work, `part${i}.wav`);
      const mp3 = path.join(work, `part${i}.mp3`);
      await runFfmpeg(["-i", tone, "-af", `atrim=${range},asetpts=N/SR/TB`, wav]);
      await encodeMp3(wav, mp3, STANDARD_KBPS);
      parts.push(await readFile(mp3));
    }
  });
  test.afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  test("an album's two halves of one tone join with at most 5 ms of silence", async ({ app }) => {
    // The tap's worklet module is a blob, which the app's Content-Security-Policy would refuse.
    const { page, context } = await app.phone({ bypassCSP: true });
    try {
      await tapAudioOutput(page, process.env.GAPLESS_ELEMENT_PATH === "1");
      // The album's first two songs are the tone's two halves; any other song is the second half too.
      const albumSongs: string[] = [];
      await answerStreams(page, (id) => parts[id === albumSongs[0] ? 0 : 1]!);

      // The Web Audio engine's code arrives late, as on a slow network: the album's first song still plays
      // through it (a first song on the audio element left the join to chance).
      await context.route("**/assets/web-audio-engine-*.js", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });

      await visit(page, "/");
      const album = await albumOfTwoOrMore(page);
      albumSongs.push(...album.songIds);
      const albumId = album.albumId;
      await visit(page, `/album/${albumId}`);
      const tracks = page.getByTestId("song-row-title");
      await tracks.nth(1).waitFor(LONG);
      const titles = await tracks.allTextContents();
      expect(titles.length).toBeGreaterThanOrEqual(2);

      await page.getByRole("button", { name: "Play", exact: true }).click();
      const title = page.getByTestId("mini-player-title");
      await expect(title).toHaveText(titles[0]!, LONG);
      // The second half plays on from the first, and runs a second past the join.
      await expect(title).toHaveText(titles[1]!, LONG);
      await page.waitForTimeout(1000);

      const join = await measureJoin(page);
      expect(join).not.toBeNull();
      expect(join!.soundingSeconds).toBeGreaterThan(PART_SECONDS + 0.5);
      test
        .info()
        .annotations.push({ type: "silence at the join (ms)", description: join!.silenceMs.toFixed(3) });
      console.log(`gapless join: ${join!.silenceMs.toFixed(3)} ms of silence`);
      expect(join!.silenceMs).toBeLessThanOrEqual(5);
    } finally {
      await context.close();
    }
  });
});
