// Radio at 390x844: radio started from an artist page (Home never opened in this page load, so
// no screen handed the player a pool of songs) continues after the song with another song, never the same
// one (the free listener's rules are the reducer's tests: reducer-radio.test.ts).
import { becomePremium, reloadKnowingMembership } from "../src/premium.js";
import { expect, test, visit } from "../src/harness.js";

const LONG = { timeout: 20_000 };

test.describe("radio", () => {
  test("'Start radio' on an artist page plays its top song; Next moves on to a song like it", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    await visit(page, "/");
    const row = page.getByTestId("home-section-top-charts").getByTestId("song-row").first();
    await row.waitFor(LONG);
    const artistHref = await row.evaluate(
      (el) => el.querySelector<HTMLAnchorElement>("a[href^='/artist/']")?.getAttribute("href") ?? null,
    );
    expect(artistHref).toMatch(/^\/artist\//);
    await becomePremium(page, "radio-listener");

    // A fresh page load straight onto the artist page.
    await visit(page, artistHref!);
    await reloadKnowingMembership(page);
    const artistName = (await page.getByTestId("page-title").textContent())!;
    const top = page.getByTestId("artist-popular").getByTestId("song-row-title").first();
    await top.waitFor(LONG);
    const topTitle = (await top.textContent())!;

    const radioAsked = page.waitForResponse((response) => response.url().includes("songs.radio"));
    await page.getByRole("button", { name: `Start radio of ${artistName}` }).click();
    await page.getByTestId("mini-player").waitFor(LONG);
    expect(await page.getByTestId("mini-player-title").textContent()).toBe(topTitle);
    expect((await radioAsked).ok()).toBe(true);

    await page.getByRole("button", { name: "Next song" }).click();
    await expect.poll(() => page.getByTestId("mini-player-title").textContent(), LONG).not.toBe(topTitle);
    await context.close();
  });
});
