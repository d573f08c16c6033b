// Moving between pages: Back to a playlist, category, album or artist page finds the list
// where it was left, as Home does; a page opened from a link starts at its top; an unknown path answers
// HTTP 404 with the 404 page.
import type { Locator, Page } from "@playwright/test";
import { expect, test, visit } from "../src/harness.js";

interface SongRef {
  id: string;
  genre?: string | null;
  artist?: { id?: string } | null;
  album?: { id?: string } | null;
}

/** The value that occurs most often in `values` (the fullest genre, artist or album: the longest page). */
function mostCommon(values: Array<string | null | undefined>): string {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  if (!best) throw new Error("no value to pick");
  return best[0];
}

const scrollTop = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls the page to its end once its list is rendered (it must be at least `atLeast` px taller than the screen). */
async function scrollToEnd(page: Page, list: Locator, atLeast = 150): Promise<void> {
  await list.waitFor();
  await page.waitForFunction(
    (min) => document.documentElement.scrollHeight - window.innerHeight >= min,
    atLeast,
  );
  // The list's rows below the fold are rendered in a background render: wait until the page stops growing.
  let height = -1;
  await expect
    .poll(async () => {
      const now = await page.evaluate(() => document.documentElement.scrollHeight);
      const settled = now === height;
      height = now;
      return settled;
    })
    .toBe(true);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(200);
  expect(await scrollTop(page)).toBeGreaterThanOrEqual(atLeast);
}

/** Where `anchor` (the list's last entry) sits on the screen, in px from the top. */
const screenTop = async (anchor: Locator) => Math.round((await anchor.boundingBox())?.y ?? Number.NaN);

/**
 * Back from the page opened by `open`: the list is where it was on the screen, and stays there. (Measured on
 * the list, not the page's scroll offset: a section above it that is rendered again a little taller moves the
 * offset, while the browser keeps what was on screen in place.)
 */
async function expectBackRestores(page: Page, anchor: Locator, open: () => Promise<void>, opened: RegExp) {
  const before = await screenTop(anchor);
  expect(before).toBeLessThan(await page.evaluate(() => window.innerHeight));
  const from = page.url();
  await open();
  await page.waitForURL(opened);
  // A page opened from a link starts at its top.
  await expect.poll(() => scrollTop(page)).toBe(0);
  await page.goBack();
  await page.waitForURL(from);
  const near = async () => Math.abs((await screenTop(anchor)) - before) <= 2;
  await expect.poll(near, { timeout: 5_000 }).toBe(true);
  await page.waitForTimeout(600);
  expect(await near()).toBe(true);
}

test.describe("moving between pages", () => {
  test("Back to a playlist, category, album, artist page or Home finds the list where it was", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    try {
      const songs = (await (await page.request.get("/api/songs?limit=100")).json()) as SongRef[];
      const playlists = (await (await page.request.get("/api/playlists")).json()) as Array<{
        id: string;
        songCount?: number;
      }>;
      const genre = mostCommon(songs.map((song) => song.genre));
      const artistId = mostCommon(songs.map((song) => song.artist?.id));
      const albumId = mostCommon(songs.map((song) => song.album?.id));
      const playlistId = playlists[0]!.id;

      const lastOf = (list: Locator) => list.locator(":scope > li").last();
      const artistLink = (list: Locator) => list.locator('a[href^="/artist/"]').last();
      const searchTab = page.getByTestId("bottom-nav").getByRole("link", { name: "Search" });

      // A playlist: Back from the artist of its last song.
      await visit(page, `/playlist/${playlistId}`);
      let list = page.locator("ul[aria-label^='Songs in']");
      await scrollToEnd(page, list);
      await expectBackRestores(page, lastOf(list), () => artistLink(list).click(), /\/artist\//);

      // Shorter pages, on a smaller phone. A category: Back from a song's artist.
      await page.setViewportSize({ width: 390, height: 560 });
      await visit(page, `/category/${encodeURIComponent(genre)}`);
      list = page.locator("main ul").first();
      await scrollToEnd(page, list);
      await expectBackRestores(page, lastOf(list), () => artistLink(list).click(), /\/artist\//);

      // An album and an artist: Back from Search.
      await visit(page, `/album/${albumId}`);
      list = page.locator("main ul").first();
      await scrollToEnd(page, list, 60);
      await expectBackRestores(page, lastOf(list), () => searchTab.click(), /\/search/);

      await visit(page, `/artist/${artistId}`);
      list = page.locator("main ul").first();
      await scrollToEnd(page, list, 60);
      await expectBackRestores(page, lastOf(list), () => searchTab.click(), /\/search/);
      await page.setViewportSize({ width: 390, height: 844 });

      // Home, as before.
      await visit(page, "/");
      await scrollToEnd(page, page.getByTestId("home-section-made-for-you"));
      await expectBackRestores(
        page,
        page.locator("main section").last(),
        () => searchTab.click(),
        /\/search/,
      );
    } finally {
      await context.close();
    }
  });

  test("an unknown path answers 404 with the 404 page", async ({ app }) => {
    const { page, context } = await app.phone();
    try {
      for (const path of ["/no-such-page", "/playlists/discover-weekly/extra"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
        await page.getByRole("link", { name: "Go Home" }).waitFor();
      }
    } finally {
      await context.close();
    }
  });
});
