// Accessibility of the listening screens at 390x844: Now Playing, the queue, and the artist and album pages have
// no serious or critical axe-core findings; every button of the mini player and the song rows is at least
// 44 x 44 px, and a row's title has most of the row's width.
import { seriousFindings } from "../src/axe.js";
import { expect, test, visit } from "../src/harness.js";

const LONG = { timeout: 20_000 };

test.describe("accessibility of the listening screens", () => {
  test("Now Playing, the queue, the artist page and the album page have no serious or critical findings", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    await visit(page, "/");
    const row = page.getByTestId("home-section-top-charts").getByTestId("song-row").first();
    await row.waitFor(LONG);
    await row.getByTestId("song-row-title").click();
    await page.getByTestId("mini-player").waitFor(LONG);

    // Touch targets and the room titles get.
    const small = await page
      .locator("[data-testid=mini-player] button, [data-testid=song-row] button")
      .evaluateAll((buttons) =>
        buttons
          .map((b) => ({
            name: b.getAttribute("aria-label") ?? b.textContent,
            box: b.getBoundingClientRect(),
          }))
          .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
          .map(({ name, box }) => `${name}: ${box.width}x${box.height}`),
      );
    expect(small).toEqual([]);
    const titleWidth = (await row.getByTestId("song-row-title").boundingBox())!.width;
    const rowWidth = (await row.boundingBox())!.width;
    expect(titleWidth / rowWidth).toBeGreaterThan(0.45);

    const found: Record<string, unknown> = {};
    await page.getByRole("button", { name: "Show queue" }).click();
    const queue = page.getByRole("dialog").filter({ has: page.getByRole("list", { name: "Queue" }) });
    await queue.waitFor(LONG);
    found.queue = await seriousFindings(page, queue);
    await page.keyboard.press("Escape");
    await queue.waitFor({ state: "hidden", ...LONG });

    await page.getByRole("button", { name: "Open Now Playing" }).click();
    const nowPlaying = page.getByRole("dialog", { name: "Now Playing" });
    await nowPlaying.waitFor(LONG);
    found.nowPlaying = await seriousFindings(page, nowPlaying);
    await page.getByRole("button", { name: "Close Now Playing" }).click();
    await nowPlaying.waitFor({ state: "hidden", ...LONG });

    await row.getByRole("button", { name: /^Options for / }).click();
    await page.getByRole("menuitem", { name: "Go to artist" }).click();
    await page.getByTestId("artist-popular").getByTestId("song-row").first().waitFor(LONG);
    await page.getByTestId("artist-albums").getByTestId("album-tile").first().waitFor(LONG);
    found.artist = await seriousFindings(page);

    await page.getByTestId("artist-albums").getByTestId("album-tile").first().click();
    await page.waitForURL(/\/album\//, LONG);
    await page
      .getByRole("list", { name: /^Songs in / })
      .getByTestId("song-row")
      .first()
      .waitFor(LONG);
    found.album = await seriousFindings(page);

    expect(found).toEqual({ queue: [], nowPlaying: [], artist: [], album: [] });
    await context.close();
  });
});
