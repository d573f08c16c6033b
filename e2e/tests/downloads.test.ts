// A member keeps a playlist on the phone: one tap downloads it (the button counts the songs as they arrive),
// Library's Downloads lists it with the storage it takes, and with the network gone it plays from there, also after
// the app is opened again offline (its header still showing the member, and that it is offline); a month without
// confirming the membership online, the downloads say they are paused and do not play.
import { expect, test, visit } from "../src/harness.js";
import { mainAudio, probeAudio } from "../src/audio-probe.js";
import { becomePremium } from "../src/premium.js";
import { tab } from "../src/network.js";

test.describe("downloads for members", () => {
  test("a member downloads a playlist, goes offline and plays it from Library's Downloads", async ({
    app,
  }) => {
    // The app is opened four times (online, offline twice, a month later) around a download: over 90 s on a
    // loaded 2-core machine.
    test.setTimeout(180_000);
    const { page, context } = await app.phone();
    const downloaded: string[] = [];
    page.on("response", (response) => {
      if (/\/api\/songs\/[^/]+\/download\?quality=high$/.test(response.url()) && response.ok())
        downloaded.push(response.url());
    });
    try {
      await probeAudio(page);
      await visit(page, "/");
      await becomePremium(page, "offline_member");
      await visit(page, "/");
      await expect(page.getByRole("link", { name: "Go Premium" })).toHaveCount(0);
      // The songs are answered offline by the service worker: it must control the page.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
        timeout: 30_000,
      });

      const card = page.getByTestId("home-section-made-for-you").getByTestId("playlist-card").first();
      const name = (await card.locator("p").first().textContent()) ?? "";
      await card.getByRole("link").click();
      await page.getByRole("heading", { name, level: 1 }).waitFor();
      const songs = await page.getByTestId("song-row").count();
      await page.getByRole("button", { name: "Download", exact: true }).click();
      await expect(page.getByRole("button", { name: "Downloaded", exact: true })).toBeVisible({
        timeout: 60_000,
      });
      // At the member's chosen quality (High by default), one request a song.
      expect(downloaded).toHaveLength(songs);

      await tab(page, "Library").click();
      const row = page.getByTestId("library-downloads").getByTestId("download-row");
      await expect(row).toContainText(name);
      await expect(row).toContainText(`${songs} songs`);
      await expect(page.getByTestId("library-downloads")).toContainText(/\d+\.\d MB used/);

      await context.setOffline(true);
      await row.getByRole("button", { name: `Play ${name}` }).click();
      await expect
        .poll(async () => (await mainAudio(page))?.currentTime ?? 0, { timeout: 30_000 })
        .toBeGreaterThan(1);
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);

      // The app opened again with no network (a reload): the session cannot be read, the downloads still play.
      await page.getByRole("button", { name: "Pause" }).first().click();
      await page.reload();
      // The header still shows the member as last seen online, and says the app is offline: not a guest.
      await expect(page.getByRole("status").filter({ hasText: /^Offline$/ })).toBeVisible();
      await expect(page.getByRole("link", { name: "Go Premium" })).toHaveCount(0);
      await page.getByRole("button", { name: "Open profile menu" }).click();
      const menu = page.getByTestId("profile-menu");
      await expect(menu).toContainText("offline_member");
      await expect(menu).toContainText("Premium Member");
      await expect(menu.getByRole("menuitem", { name: "Log out" })).toBeVisible();
      await expect(menu.getByRole("menuitem", { name: "Sign in with Pi" })).toHaveCount(0);
      await page.keyboard.press("Escape");
      await tab(page, "Library").click();
      await page
        .getByTestId("library-downloads")
        .getByTestId("download-row")
        .getByRole("button", { name: `Play ${name}` })
        .click();
      await expect
        .poll(async () => (await mainAudio(page))?.currentTime ?? 0, { timeout: 30_000 })
        .toBeGreaterThan(1);

      // A month later, still offline: the membership was last confirmed 31 days ago, past the 30-day grace
      // (the worker and the page read when it was; the server was not there to confirm it again).
      await page.getByRole("button", { name: "Pause" }).first().click();
      await page.evaluate(async () => {
        const monthAgo = Date.now() - 31 * 24 * 60 * 60 * 1000;
        const cache = await caches.open("purplebeats-downloads");
        await cache.put("/offline/membership", new Response(JSON.stringify({ confirmedAt: monthAgo })));
        const kept = JSON.parse(localStorage.getItem("pb.downloads") ?? "{}") as Record<string, unknown>;
        localStorage.setItem("pb.downloads", JSON.stringify({ ...kept, confirmedAt: monthAgo }));
      });
      await page.reload();
      await tab(page, "Library").click();
      await expect(page.getByTestId("library-downloads")).toContainText(
        "Your downloads are paused: go online with an active Premium membership to play them.",
      );
      const before = (await mainAudio(page))?.src ?? "";
      await page
        .getByTestId("library-downloads")
        .getByTestId("download-row")
        .getByRole("button", { name: `Play ${name}` })
        .click();
      // The worker no longer answers the stream from the downloads: nothing plays.
      await page.waitForTimeout(3000);
      const after = await mainAudio(page);
      expect(after === null || after.src === before || after.currentTime < 0.5).toBe(true);
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});
