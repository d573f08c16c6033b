// A first visit's very first tap on play, while the page is still starting the listener's guest session:
// the song's stream needs that session (the server answers 401 without one), so the player waits for it
// and the song plays, instead of failing as unplayable. Found when a loaded CI machine tapped before the
// guest session's response had arrived.
import { appReady, expect, test, visit } from "../src/harness.js";
import { mainAudio, playFirstTrending, probeAudio } from "../src/audio-probe.js";

/** A song's stream (not a chunk whose name says stream, as the player's stream-quality module's does). */
const STREAM = /\/api\/songs\/[^/]+\/stream/;
const isGuestStart = (url: URL) => url.pathname.startsWith("/trpc/") && url.pathname.includes("auth.guest");

test.describe("a first visit's first tap", () => {
  test("plays the song once the guest session exists, and never asks for its stream without one", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    try {
      await probeAudio(page);
      const asked: string[] = [];
      const refused: string[] = [];
      page.on("request", (request) => {
        if (STREAM.test(request.url())) asked.push(request.url());
      });
      page.on("response", (response) => {
        if (STREAM.test(response.url()) && response.status() === 401) refused.push(response.url());
      });
      // The guest session's start is held back until the tap has been made (a slow network's round trip).
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(isGuestStart, async (route) => {
        await held;
        await route.continue();
      });
      await visit(page, "/");
      const player = await playFirstTrending(page);
      // Nothing is asked for without the session (a request would leave within the tap's own task).
      await page.waitForTimeout(500);
      expect(asked).toEqual([]);
      release();
      await expect
        .poll(async () => (await mainAudio(page))?.currentTime ?? 0, { timeout: 20_000 })
        .toBeGreaterThan(0.5);
      expect(asked.length).toBeGreaterThan(0);
      expect(refused).toEqual([]);
      await player.getByRole("button", { name: "Pause", exact: true }).waitFor();
      expect(await page.getByText("Could not play this song.").count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test("a tap on play while the page is still the server's alone plays once the app has taken it over", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    try {
      await probeAudio(page);
      // The app's code is held back until the tap has been made (a slow phone link): the page shows the
      // server's Home, drawn by its HTML, with boot.ts's script and no app yet.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const isAppCode = (url: URL) =>
        url.pathname.startsWith("/assets/") &&
        url.pathname.endsWith(".js") &&
        !url.pathname.includes("/boot-");
      await page.route(isAppCode, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/");
      const play = page
        .getByTestId("home-section-trending-now")
        .getByRole("button", { name: /^Play / })
        .first();
      await play.click();
      expect(await page.locator("html").getAttribute("data-app")).toBeNull();
      release();
      await appReady(page);
      await expect
        .poll(async () => (await mainAudio(page))?.currentTime ?? 0, { timeout: 20_000 })
        .toBeGreaterThan(0.5);
      // Played once, not played and paused again by a second delivery of the tap.
      await page.getByTestId("mini-player").getByRole("button", { name: "Pause", exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
