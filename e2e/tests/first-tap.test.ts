// A first visit's very first tap on play, while the page is still starting the listener's guest session:
// the song's stream needs that session (the server answers 401 without one), so the player waits for it
// and the song plays, instead of failing as unplayable. Found when a loaded CI machine tapped before the
// guest session's response had arrived.
import { expect, test, useApp, visit } from "../src/harness.js";
import { mainAudio, playFirstTrending, probeAudio } from "../src/audio-probe.js";

/** How long the guest session's start is held back: a slow network's round trip. */
const SLOW_MS = 2_500;

const isGuestStart = (url: URL) => url.pathname.startsWith("/trpc/") && url.pathname.includes("auth.guest");

useApp();

test.describe("a first visit's first tap", () => {
  test("plays the song once the guest session exists, and never asks for its stream without one", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    try {
      await probeAudio(page);
      const refused: string[] = [];
      page.on("response", (response) => {
        if (response.url().includes("/stream") && response.status() === 401) refused.push(response.url());
      });
      let guestStarted = false;
      await page.route(isGuestStart, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
        await route.continue();
        guestStarted = true;
      });
      await visit(page, "/");
      const player = await playFirstTrending(page);
      expect(guestStarted).toBe(false); // the tap came before the session
      await expect
        .poll(async () => (await mainAudio(page))?.currentTime ?? 0, { timeout: 20_000 })
        .toBeGreaterThan(0.5);
      expect(refused).toEqual([]);
      await player.getByRole("button", { name: "Pause", exact: true }).waitFor();
      expect(await page.getByText("Could not play this song.").count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
