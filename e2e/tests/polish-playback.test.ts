// 'Tap to enable audio' keeps its promise in a Chromium that, like a phone's browser,
// lets a page start sound only from a tap: after a reload the song is back, paused where it was, and one
// tap on the banner plays that song from there.
import { expect, reload, test, useApp, visit } from "../src/harness.js";
import { mainAudio, playFirstTrending, probeAudio } from "../src/audio-probe.js";

useApp({}, { autoplayPolicy: "user-gesture-required" });

test.describe("'Tap to enable audio' where the browser asks for a gesture", () => {
  test("one tap after a reload plays the same song from where it stopped", async ({ app }) => {
    const { page, context } = await app.phone();
    try {
      await probeAudio(page);
      await visit(page, "/");
      const player = await playFirstTrending(page);
      await expect
        .poll(async () => (await mainAudio(page))?.currentTime ?? 0, { timeout: 20_000 })
        .toBeGreaterThan(3);
      await player.getByRole("button", { name: "Pause", exact: true }).click();
      await expect.poll(async () => (await mainAudio(page))?.paused).toBe(true);
      const title = await page.getByTestId("mini-player-title").textContent();
      const before = (await mainAudio(page))!;

      await reload(page);
      await expect.poll(() => page.getByTestId("mini-player-title").textContent()).toBe(title);
      const enable = player.getByRole("button", { name: "Enable audio" });
      await enable.waitFor();
      expect(await enable.textContent()).toBe("Tap to enable audio");

      await enable.click();
      // Playing, aloud, the same song, on from where it was (the position is kept in whole seconds).
      await expect.poll(async () => (await mainAudio(page))?.paused, { timeout: 10_000 }).toBe(false);
      await expect
        .poll(async () => (await mainAudio(page))?.currentTime ?? 0, { timeout: 15_000 })
        .toBeGreaterThan(before.currentTime + 0.5);
      const after = (await mainAudio(page))!;
      expect(after.src).toBe(before.src);
      expect(after.currentTime).toBeLessThan(before.currentTime + 10);
      expect(await page.getByTestId("mini-player-title").textContent()).toBe(title);
      await player.getByRole("button", { name: "Pause", exact: true }).waitFor();
      expect(await enable.count()).toBe(0);
      expect(
        await page.evaluate(() =>
          (window as unknown as { __audios: HTMLAudioElement[] }).__audios.some(
            (a) => !a.paused && a.muted && !a.src.startsWith("data:"),
          ),
        ),
      ).toBe(false);
    } finally {
      await context.close();
    }
  });
});
