import { expect, reload, test, visit } from "../src/harness.js";

test.describe("browsing on a phone", () => {
  test("shows Home's five sections filled from the API", async ({ app }) => {
    const { page, context } = await app.phone();
    await visit(page, "/");
    // The listener's own history fills Recently Played: play three songs in this browser's guest session.
    await page.waitForFunction(() => localStorage.getItem("pi-user") !== null);
    const songs = (await (await page.request.get("/api/songs?limit=3")).json()) as Array<{ id: string }>;
    for (const s of songs) {
      const played = await page.request.post(`/api/songs/${s.id}/plays`, {
        headers: { "x-purplebeats-client": "1" },
      });
      expect(played.status()).toBe(201);
    }
    await reload(page);
    for (const [testId, min] of [
      ["home-section-recently-played", 1],
      ["home-section-made-for-you", 5],
      ["home-section-trending-now", 4],
      ["home-section-new-releases", 3],
      ["home-section-top-charts", 5],
    ] as const) {
      const section = page.getByTestId(testId);
      await section.waitFor();
      await expect.poll(() => section.locator('[data-testid="skeleton"]').count()).toBe(0);
      const items = section.locator(
        '[data-testid="song-tile"], [data-testid="song-row"], [data-testid="playlist-card"]',
      );
      await expect.poll(() => items.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(min);
    }
    await expect
      .poll(() => page.getByTestId("home-section-top-charts").locator('[data-testid="song-row"]').count())
      .toBe(5);
    await page.getByText("Discover Weekly").first().waitFor();
    await context.close();
  });

  test("suggests from two typed characters and shows results on submit", async ({ app }) => {
    const { page, context } = await app.phone();
    const songs = (await fetch(`${app.url}/api/songs?limit=50`).then((r) => r.json())) as Array<{
      title: string;
    }>;
    const title = songs.find((s) => s.title.length >= 6)!.title;
    await visit(page, "/");
    const box = page.getByPlaceholder("Search songs, artists, albums...").first();
    await box.click();
    await box.pressSequentially(title.slice(0, 1));
    await page.waitForTimeout(400);
    expect(await page.getByTestId("search-suggestions").count()).toBe(0);
    await box.pressSequentially(title.slice(1, 5));
    const suggestions = page.getByTestId("search-suggestions");
    await suggestions.waitFor();
    await expect.poll(() => suggestions.getByRole("option").count()).toBeGreaterThan(0);
    expect(await suggestions.getByRole("option").count()).toBeLessThanOrEqual(8);

    await box.fill(title);
    await box.press("Enter");
    await page.waitForURL(/\/search\?q=/);
    await page.getByText(`Search results for "${title}"`).waitFor();
    await expect.poll(() => page.getByTestId("song-row").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("song-row").first().textContent()).toContain(title);
    await context.close();
  });
});
