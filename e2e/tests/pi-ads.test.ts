// Pi Ads on the free tier, through the Pi simulator's Ad Network: a free listener hears an interstitial between
// two songs (the next song waits for it), and a rewarded ad, verified by the server, unlocks a skip.
import type { Page } from "@playwright/test";
import { expect, test, useApp, visit } from "../src/harness.js";
import { mainAudio, playFirstTrending, probeAudio } from "../src/audio-probe.js";
import { signInWithSimulator, toastTitled as toast } from "../src/pi-sign-in.js";

// An app of its own: interstitials on (the shared app has them off), one at every song boundary.
useApp({ ADS_INTERSTITIAL: "1", ADS_REWARDED: "1", ADS_EVERY_SONGS: "1", ADS_EVERY_MINUTES: "0" });

const LONG = { timeout: 20_000 };

/** Jumps the playing song to its last half second, as listening to its end would. */
const nearTheEnd = (page: Page) =>
  page.evaluate(() => {
    const all = (window as unknown as { __audios: HTMLAudioElement[] }).__audios;
    const playing = all.find((a) => !a.paused && !a.src.startsWith("data:"))!;
    playing.currentTime = playing.duration - 0.5;
  });

test.describe("Pi Ads on the free tier", () => {
  test("a free listener hears an interstitial between two songs, then the next song plays", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    await probeAudio(page);
    await visit(page, "/");
    const player = await playFirstTrending(page);
    await expect.poll(async () => (await mainAudio(page))?.currentTime ?? 0, LONG).toBeGreaterThan(0.5);
    const first = await page.getByTestId("mini-player-title").textContent();

    await nearTheEnd(page);
    const ad = page.getByTestId("pi-sim-ad");
    await ad.waitFor(LONG);
    expect(await ad.getAttribute("data-ad-type")).toBe("interstitial");
    // The next song is there, waiting: nothing plays under the ad.
    await expect.poll(() => page.getByTestId("mini-player-title").textContent()).not.toBe(first);
    expect((await mainAudio(page))?.paused).toBe(true);
    await expect(player.getByRole("button", { name: "Play", exact: true })).toBeVisible();

    await page.getByTestId("pi-sim-ad-close").click();
    await ad.waitFor({ state: "detached" });
    await expect.poll(async () => (await mainAudio(page))?.currentTime ?? 0, LONG).toBeGreaterThan(0.5);
    expect((await mainAudio(page))?.paused).toBe(false);
    await context.close();
  });

  test("a signed-in free listener at the skip limit watches a rewarded ad and then skips", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    // Signed in with Pi through the wallet on Profile, as Pi shows rewarded ads to authenticated users only;
    // then to Home in the same page (a reload would end the SDK's authentication).
    await visit(page, "/profile");
    await signInWithSimulator(page, "ad_watcher");
    await page.getByTestId("bottom-nav").getByRole("link", { name: "Home" }).click();

    const player = await playFirstTrending(page);
    const first = await page.getByTestId("mini-player-title").textContent();
    await player.getByRole("button", { name: "Next song" }).click();
    await toast(page, "Premium Feature").waitFor(LONG);
    await page.getByRole("button", { name: /^Watch an ad/ }).click();

    const ad = page.getByTestId("pi-sim-ad");
    await ad.waitFor(LONG);
    expect(await ad.getAttribute("data-ad-type")).toBe("rewarded");
    await page.getByTestId("pi-sim-ad-close").click();
    // Granted only once the server verified the ad with the Pi Platform.
    await toast(page, "Skips unlocked").waitFor(LONG);
    expect(await page.getByTestId("mini-player-title").textContent()).toBe(first);

    await player.getByRole("button", { name: "Next song" }).click();
    await expect.poll(() => page.getByTestId("mini-player-title").textContent(), LONG).not.toBe(first);
    await context.close();
  });
});
