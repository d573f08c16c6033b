// Background playback comes before the effects. Where a browser stops Web Audio with the screen locked (iOS
// WebKit), the music plays through the audio element from the start; on a browser seen to stop it, the song
// goes on through the element where it stood, and from then on Settings says why the effects are off.
import type { Page } from "@playwright/test";
import { expect, test, visit } from "../src/harness.js";
import { mainAudio, playFirstTrending, probeAudio } from "../src/audio-probe.js";

const LONG = { timeout: 30_000 };
const STOPS_WHEN_LOCKED =
  "Not available on this device: its browser stops these effects while the screen is locked, and music that keeps playing comes first.";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

/** Gapless for every queue: the player would play through Web Audio wherever the browser lets it. */
async function gaplessForEveryQueue(page: Page) {
  await page.addInitScript(() => {
    window.localStorage.setItem(
      "pb.audio-preferences",
      JSON.stringify({ quality: "high", normalize: false, gaplessAlways: true, crossfadeSeconds: 0 }),
    );
  });
}

/** Keeps every AudioContext the page makes, so that the journey can see (and stop) them. */
async function keepAudioContexts(page: Page) {
  await page.addInitScript(() => {
    const Original = window.AudioContext;
    const made: AudioContext[] = [];
    (window as unknown as { __contexts: AudioContext[] }).__contexts = made;
    window.AudioContext = class extends Original {
      constructor(options?: AudioContextOptions) {
        super(options);
        made.push(this);
      }
    };
  });
}

const contextStates = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __contexts: AudioContext[] }).__contexts.map((ctx) => ctx.state),
  );

/** The element's position, while it plays (0 when no element plays). */
async function elementPlayingAt(page: Page): Promise<number> {
  const audio = await mainAudio(page);
  return audio && !audio.paused ? audio.currentTime : 0;
}

test.describe("background playback before the effects", () => {
  test("on an iPhone the music plays through the audio element, and Settings says why the effects are off", async ({
    app,
  }) => {
    const { page, context } = await app.phone({ userAgent: IPHONE });
    try {
      await probeAudio(page);
      await keepAudioContexts(page);
      await gaplessForEveryQueue(page);
      await visit(page, "/");
      await playFirstTrending(page);
      await expect.poll(() => elementPlayingAt(page), LONG).toBeGreaterThan(1);
      // No Web Audio graph was made to play it.
      expect(await contextStates(page)).toEqual([]);

      await visit(page, "/settings");
      await expect(page.getByText(STOPS_WHEN_LOCKED)).toBeVisible();
      await expect(page.getByRole("switch", { name: /gapless/i })).toBeDisabled();
    } finally {
      await context.close();
    }
  });

  test("Web Audio stopped with the screen locked: the song goes on through the element, and stays there", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    try {
      await probeAudio(page);
      await keepAudioContexts(page);
      await gaplessForEveryQueue(page);
      await visit(page, "/");
      await playFirstTrending(page);
      // Playing through Web Audio, 3 s in: a running context, and no element playing.
      const seekBar = page.getByTestId("mini-player").getByRole("slider");
      await expect
        .poll(async () => Number((await seekBar.getAttribute("aria-valuenow")) ?? 0), LONG)
        .toBeGreaterThanOrEqual(3);
      expect(await contextStates(page)).toContain("running");
      expect(await elementPlayingAt(page)).toBe(0);

      // The screen locks and the browser stops the context, as iOS WebKit may.
      const lockedAt = Date.now();
      await page.evaluate(async () => {
        Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
        document.dispatchEvent(new Event("visibilitychange"));
        const contexts = (window as unknown as { __contexts: AudioContext[] }).__contexts;
        await Promise.all(contexts.map((ctx) => ctx.suspend()));
      });
      // The song goes on through the audio element from where it stood (3 s in), not from its start.
      await expect.poll(() => elementPlayingAt(page), LONG).toBeGreaterThan(0);
      const at = await elementPlayingAt(page);
      expect(at - (Date.now() - lockedAt) / 1000).toBeGreaterThan(2.5);

      await page.evaluate(() => {
        Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
        document.dispatchEvent(new Event("visibilitychange"));
      });
      // Remembered on this device: Settings says why the effects are off, after a reload too.
      await visit(page, "/settings");
      await expect(page.getByText(STOPS_WHEN_LOCKED)).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
