// Artist and album pages at 390x844: from a song row's menu 'Go to artist', the artist page shows its popular
// songs and albums; tapping an album opens its page with the tracks in order, and Play starts its first.
import { expect, test, visit } from "../src/harness.js";

const LONG = { timeout: 20_000 };

test.describe("artist and album pages", () => {
  test("'Go to artist' shows popular songs and albums; an album lists its tracks in order and plays the first", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await visit(page, "/");
    const row = page.getByTestId("home-section-top-charts").getByTestId("song-row").first();
    await row.waitFor(LONG);
    await row.getByRole("button", { name: /^Options for / }).click();
    await page.getByRole("menuitem", { name: "Go to artist" }).click();
    await page.waitForURL(/\/artist\/[0-9a-f-]{36}$/, LONG);
    const artistUrl = new URL(page.url()).pathname;

    // The screen's own heading (the header's logo is a heading too).
    const artistHeading = page.getByTestId("page-title");
    await artistHeading.waitFor(LONG);
    const artistName = await artistHeading.textContent();
    expect(artistName).toBeTruthy();
    const popular = page.getByTestId("artist-popular").getByTestId("song-row");
    await popular.first().waitFor(LONG);
    expect(await popular.count()).toBeGreaterThanOrEqual(1);
    const tiles = page.getByTestId("artist-albums").getByTestId("album-tile");
    await tiles.first().waitFor(LONG);
    expect(await tiles.count()).toBeGreaterThanOrEqual(2);
    for (const name of ["Play", "Shuffle"]) {
      const box = await page.getByRole("button", { name, exact: true }).boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const albumTitle = (await tiles.first().locator("p").first().textContent())!;
    await tiles.first().click();
    await page.waitForURL(/\/album\/[0-9a-f-]{36}$/, LONG);
    await page.getByTestId("page-title").getByText(albumTitle, { exact: true }).waitFor(LONG);
    const artistLink = page.getByRole("link", { name: artistName!, exact: true }).first();
    expect(await artistLink.getAttribute("href")).toMatch(/^\/artist\//);
    expect(await page.getByTestId("album-summary").textContent()).toMatch(/^\d{4} • \d+ songs?, \d+ min$/);

    const tracks = page.getByRole("list", { name: `Songs in ${albumTitle}` }).getByTestId("song-row");
    await tracks.first().waitFor(LONG);
    const titles = await tracks.getByTestId("song-row-title").allTextContents();
    // Numbered 1, 2, 3... in the API's disc and track order (apps/api/test/artist-album-pages.test.ts).
    expect(titles.length).toBeGreaterThanOrEqual(1);
    expect(await tracks.evaluateAll((rows) => rows.map((r) => r.firstElementChild?.textContent))).toEqual(
      titles.map((_, i) => String(i + 1)),
    );

    await page.getByRole("button", { name: "Play", exact: true }).click();
    await page.getByTestId("mini-player").waitFor(LONG);
    expect(await page.getByTestId("mini-player-title").textContent()).toBe(titles[0]);
    // An album in order plays through Web Audio (its joins are gapless): the song's time on the seek bar moves.
    const seek = page.getByTestId("mini-player").getByRole("slider", { name: "Seek" });
    await expect
      .poll(async () => Number(await seek.getAttribute("aria-valuenow")), LONG)
      .toBeGreaterThan(0.3);

    // Opened from a shared link, each page is server-rendered and hydrated without a mismatch.
    const albumUrl = new URL(page.url()).pathname;
    for (const path of [artistUrl, albumUrl]) await visit(page, path);
    await page.getByTestId("page-title").waitFor(LONG);
    // A hydration mismatch is reported as an error (React's #418).
    expect(errors).toEqual([]);
    await context.close();
  });
});
