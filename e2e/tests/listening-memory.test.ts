// What an album holds in memory through Web Audio: a decoded song is float32 per sample and channel (about
// 85 MB for four minutes of stereo), so the player keeps at most the playing song and the next, decodes the
// next only in the playing song's last half minute, and lets a song go once it has played out. The journey
// counts the page's live AudioBuffers (collected through the DevTools protocol before each count) while an
// album of 45-second songs plays.
import type { Page } from "@playwright/test";
import { expect, test, visit } from "../src/harness.js";
import { albumOfTwoOrMore, answerStreams, toneMp3 } from "../src/tone-album.js";

const SONG_SECONDS = 45;
/** The engine's decode-ahead (web-audio-engine.ts). */
const DECODE_AHEAD_SECONDS = 30;

/** Counts every AudioBuffer decodeAudioData gives the page while it is alive. */
async function countAudioBuffers(page: Page) {
  await page.addInitScript(() => {
    const live = { count: 0, megabytes: 0 };
    (window as unknown as { __buffers: typeof live }).__buffers = live;
    const gone = new FinalizationRegistry<number>((megabytes) => {
      live.count--;
      live.megabytes -= megabytes;
    });
    const decode = BaseAudioContext.prototype.decodeAudioData;
    BaseAudioContext.prototype.decodeAudioData = async function (this: BaseAudioContext, bytes: ArrayBuffer) {
      const buffer = await decode.call(this, bytes);
      const megabytes = (buffer.length * buffer.numberOfChannels * 4) / 1e6;
      live.count++;
      live.megabytes += megabytes;
      gone.register(buffer, megabytes);
      return buffer;
    };
  });
}

/** The live buffers after a full garbage collection. */
async function liveBuffers(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  for (let i = 0; i < 3; i++) {
    await cdp.send("HeapProfiler.collectGarbage");
    await page.waitForTimeout(100);
  }
  await cdp.detach();
  return page.evaluate(() => ({
    ...(window as unknown as { __buffers: { count: number; megabytes: number } }).__buffers,
  }));
}

test.describe("an album's decoded songs", () => {
  let song: Buffer;
  test.beforeAll(async () => {
    song = await toneMp3(SONG_SECONDS);
  });

  test("at most the playing song and the next are held, the next only near the join", async ({ app }) => {
    test.setTimeout(180_000);
    const { page, context } = await app.phone();
    try {
      await countAudioBuffers(page);
      await answerStreams(page, () => song);
      await visit(page, "/");
      const { albumId } = await albumOfTwoOrMore(page);
      await visit(page, `/album/${albumId}`);
      const rows = page.getByTestId("song-row-title");
      await rows.nth(1).waitFor({ timeout: 30_000 });
      const titles = await rows.allTextContents();
      await page.getByRole("button", { name: "Play", exact: true }).click();
      const seekBar = page.getByTestId("mini-player").getByRole("slider");
      const at = async () => Number((await seekBar.getAttribute("aria-valuenow")) ?? 0);
      const title = page.getByTestId("mini-player-title");
      await expect(title).toHaveText(titles[0]!, { timeout: 30_000 });

      // Early in the first song: it alone is decoded.
      await expect.poll(at, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
      const early = await liveBuffers(page);
      // In its last half minute: the next one is decoded for the join.
      await expect
        .poll(at, { timeout: 60_000 })
        .toBeGreaterThanOrEqual(SONG_SECONDS - DECODE_AHEAD_SECONDS + 3);
      const nearJoin = await liveBuffers(page);
      // Past the join: the first song let go.
      await expect(title).toHaveText(titles[1]!, { timeout: 60_000 });
      await expect.poll(at, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
      const afterJoin = await liveBuffers(page);

      const figures = { early, nearJoin, afterJoin };
      console.log(`live AudioBuffers: ${JSON.stringify(figures)}`);
      test.info().annotations.push({ type: "live AudioBuffers", description: JSON.stringify(figures) });
      expect(early.count).toBe(1);
      expect(nearJoin.count).toBe(2);
      expect(afterJoin.count).toBe(1);
    } finally {
      await context.close();
    }
  });
});
