// What the app tells a listener, in Chromium at phone size: one toast at a time,
// the newest replacing the one shown and the same message never shown twice in a row; a failed read in a
// listener's words, offline ('You are offline...') and on a server error (SPEC.md section 8's
// '{status}: {body}'), with a retry that works once the line or the server is back.
import type { Page, Route } from "@playwright/test";
import { playFirstTrending } from "../src/audio-probe.js";
import { expect, test, visit } from "../src/harness.js";

const SKIP_MESSAGE = "Skipping songs is a premium feature.";
const SEEK_MESSAGE = "Seeking is a premium feature.";

/** Starts recording every toast the page shows (each appearance once, with its text). */
async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    const known = new WeakSet<Element>();
    const note = () => {
      for (const toast of document.querySelectorAll("[data-toast]")) {
        if (known.has(toast)) continue;
        known.add(toast);
        seen.push(toast.textContent ?? "");
      }
    };
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
    note();
  });
}

const toastsShown = (page: Page) =>
  page.evaluate(() => [...(window as unknown as { __toasts: string[] }).__toasts]);

/** The toasts on screen now (one at most). */
const toastsOnScreen = (page: Page) => page.locator("[data-toast]").allTextContents();

/** A tRPC request that carries `procedure` (httpBatchLink may batch it with other reads). */
const carries = (procedure: string) => (url: URL) =>
  url.pathname.startsWith("/trpc/") && url.pathname.includes(procedure);

test.describe("what the app tells a listener", () => {
  test("shows one toast at a time: the newest replaces it, and the same message is not repeated", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    try {
      await visit(page, "/");
      const player = await playFirstTrending(page);
      await recordToasts(page);

      // A free listener taps Next three times: one 'Premium Feature', not three in a row.
      const next = player.getByRole("button", { name: "Next song" });
      for (let tap = 0; tap < 3; tap++) {
        await next.click();
        await page.waitForTimeout(300);
      }
      await page.locator("[data-toast]").getByText("Premium Feature", { exact: true }).waitFor();
      // Past the toast's 5 s: nothing queued behind it comes up.
      await page.waitForTimeout(6500);
      const afterSkips = await toastsShown(page);
      expect(afterSkips).toHaveLength(1);
      expect(afterSkips[0]).toContain(SKIP_MESSAGE);
      expect(await toastsOnScreen(page)).toEqual([]);

      // A different message replaces the one on screen at once.
      await next.click();
      await page.locator("[data-toast]").getByText(SKIP_MESSAGE, { exact: false }).waitFor();
      const slider = player.getByRole("slider", { name: "Seek" });
      const track = slider.locator("xpath=..");
      const box = (await track.boundingBox())!;
      // A locator's click waits until the track takes the tap: the new toast slides up past the player's
      // top row to its place above it, and a tap at that instant would land on the toast.
      await track.click({ position: { x: box.width * 0.7, y: box.height / 2 } });
      await expect
        .poll(() => toastsOnScreen(page), { timeout: 2_000 })
        .toEqual([expect.stringContaining(SEEK_MESSAGE)]);
      await page.waitForTimeout(6000);
      expect((await toastsShown(page)).slice(1)).toEqual([
        expect.stringContaining(SKIP_MESSAGE),
        expect.stringContaining(SEEK_MESSAGE),
      ]);
    } finally {
      await context.close();
    }
  });

  test("says a failed read in a listener's words, offline and on a server error, and retries", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    try {
      // A phone that saves data: Home asks for none of its first cards' songs ahead (at idle), so opening one
      // reads them at the tap, and that read is what fails below.
      await page.addInitScript(() =>
        Object.defineProperty(navigator, "connection", { configurable: true, value: { saveData: true } }),
      );
      // The playlist screen's code is here already (a first visit), so only its reads fail below.
      const playlists = (await (await page.request.get("/api/playlists")).json()) as Array<{
        id: string;
        name: string;
      }>;
      expect(playlists.length).toBeGreaterThanOrEqual(3);
      await visit(page, `/playlist/${playlists[0]!.id}`);
      await page.getByRole("heading", { name: playlists[0]!.name, level: 1 }).waitFor();
      const home = page.getByTestId("bottom-nav").getByRole("link", { name: "Home" });
      const open = async (name: string) => {
        await home.click();
        await page.getByTestId("home-section-made-for-you").getByRole("link", { name }).click();
      };

      // Offline.
      await home.click();
      await page.getByTestId("home-section-made-for-you").getByTestId("playlist-card").first().waitFor();
      await context.setOffline(true);
      await page
        .getByTestId("home-section-made-for-you")
        .getByRole("link", { name: playlists[1]!.name })
        .click();
      const alert = page.getByRole("alert");
      await alert.getByText("You are offline. Check your connection and try again.").waitFor();
      expect(await alert.textContent()).not.toMatch(/Failed to fetch|JSON/);
      await context.setOffline(false);
      await alert.getByRole("button", { name: "Try again" }).click();
      await page.getByRole("heading", { name: playlists[1]!.name, level: 1 }).waitFor();

      // A server error with a plain-text body.
      const byId = carries("playlists.byId");
      await page.route(byId, (route: Route) =>
        route.fulfill({ status: 500, contentType: "text/plain", body: "boom" }),
      );
      await open(playlists[2]!.name);
      await alert.getByText("500: boom", { exact: true }).waitFor();
      expect(await alert.textContent()).not.toMatch(/Unexpected token|JSON/);
      await page.unroute(byId);
      await alert.getByRole("button", { name: "Try again" }).click();
      await page.getByRole("heading", { name: playlists[2]!.name, level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });
});
