// Home's first playlist cards have their songs asked for once the page is idle: a tap on one opens the
// playlist from what is here, with no request of its own (the tap's work), even if the phone has
// lost its connection since.
import { expect, test, visit } from "../src/harness.js";

test.describe("Home's first playlists", () => {
  test("open from the songs asked for at idle, even offline", async ({ app }) => {
    const { page, context } = await app.phone();
    try {
      const asked: string[] = [];
      page.on("response", (response) => {
        if (response.url().includes("playlists.byId") && response.ok()) asked.push(response.url());
      });
      // A guest session that starts late (a slow round trip): songs read before it would be read again after
      // it, at the tap (and, offline, fail).
      await page.route(
        (url) => url.pathname.startsWith("/trpc/") && url.pathname.includes("auth.guest"),
        async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          await route.continue();
        },
      );
      await visit(page, "/");
      const card = page.getByTestId("home-section-made-for-you").getByTestId("playlist-card").first();
      const name = (await card.locator("p").first().textContent())!;
      // Asked for without a touch, once the page was idle.
      await expect.poll(() => asked.length, { timeout: 15_000 }).toBeGreaterThan(0);
      // The playlist screen's code, asked for at idle too, has arrived (offline, it could not).
      await page.waitForLoadState("networkidle");
      await context.setOffline(true);
      await card.getByRole("link").click();
      await page.getByRole("heading", { name, level: 1 }).waitFor();
      await expect(page.getByTestId("song-row").first()).toBeVisible();
      expect(await page.getByText("You are offline. Check your connection and try again.").count()).toBe(0);
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});
