// A song whose audio cannot be played (here: its stream answers 404) says so in the mini player, rather than
// offering 'Tap to enable audio', which cannot help. Playback stops on it (SPEC.md section 4: "Audio load
// errors stop playback"), with the play control there to try again and every other song playable.
import type { Page } from "@playwright/test";
import { expect, test, visit } from "../src/harness.js";
import { mainAudio, playFirstTrending, probeAudio } from "../src/audio-probe.js";

interface TrendingSong {
  id: string;
  title: string;
}

/** Home's 'Trending Now' songs, in the order of its tiles (the same read as the page's). */
async function trendingNow(page: Page): Promise<TrendingSong[]> {
  const response = await page.request.get("/api/songs/trending?limit=5");
  expect(response.ok()).toBe(true);
  const songs = ((await response.json()) as TrendingSong[]).slice(0, 4);
  const firstTile = page.getByTestId("home-section-trending-now").getByRole("button", { name: /^Play / });
  await expect(firstTile.first()).toHaveAccessibleName(`Play ${songs[0]!.title}`);
  return songs;
}

/** The mini player's own message line (a toast is a status too). */
const playerMessage = (page: Page) => page.getByTestId("mini-player").getByRole("status");

test.describe("a song that cannot be played", () => {
  test("stops on it and says so; another song then plays", async ({ app }) => {
    const { page, context } = await app.phone();
    try {
      await probeAudio(page);
      await visit(page, "/");
      const [missing, other] = await trendingNow(page);
      await page.route(`**/api/songs/${missing!.id}/stream**`, (route) =>
        route.fulfill({ status: 404, body: "Not Found" }),
      );

      const player = await playFirstTrending(page);
      await expect(playerMessage(page)).toHaveText("Could not play this song.", { timeout: 15_000 });
      await expect(page.getByTestId("mini-player-title")).toHaveText(missing!.title);
      await player.getByRole("button", { name: "Play", exact: true }).waitFor();
      expect(await player.getByRole("button", { name: "Enable audio" }).count()).toBe(0);

      await page
        .getByTestId("home-section-trending-now")
        .getByRole("button", { name: `Play ${other!.title}` })
        .click();
      await expect
        .poll(async () => (await mainAudio(page))?.currentTime ?? 0, { timeout: 20_000 })
        .toBeGreaterThan(0.5);
      expect((await mainAudio(page))?.src).toContain(`/api/songs/${other!.id}/stream`);
      await expect(playerMessage(page)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test("Play tries it again, and it plays once its audio is served", async ({ app }) => {
    const { page, context } = await app.phone();
    try {
      await probeAudio(page);
      await visit(page, "/");
      const [first] = await trendingNow(page);
      await page.route("**/api/songs/*/stream**", (route) =>
        route.fulfill({ status: 404, body: "Not Found" }),
      );

      const player = await playFirstTrending(page);
      await expect(playerMessage(page)).toHaveText("Could not play this song.", { timeout: 15_000 });
      const play = player.getByRole("button", { name: "Play", exact: true });
      await play.waitFor();
      expect(await player.getByRole("button", { name: "Enable audio" }).count()).toBe(0);

      // The line is back: Play fetches the song again and it plays.
      await page.unroute("**/api/songs/*/stream**");
      await play.click();
      await expect
        .poll(async () => (await mainAudio(page))?.currentTime ?? 0, { timeout: 20_000 })
        .toBeGreaterThan(0.5);
      expect((await mainAudio(page))?.src).toContain(`/api/songs/${first!.id}/stream`);
      await expect(playerMessage(page)).toHaveCount(0);
      await player.getByRole("button", { name: "Pause", exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
