// A first visit's page is server-rendered and then hydrated. Hydration must reuse the
// server's markup: a mismatch makes React throw that markup away and render the screen again on the
// phone's main thread (React 19 reports it as a recoverable error: window.reportError, or console.error
// in development). This journey marks server-rendered elements before any of the app's code runs and
// checks, once the app is ready, that the same nodes are still on screen and that nothing was reported.
import type { Page } from "@playwright/test";
import { appReady, expect, test } from "../src/harness.js";

interface DiscoverWeekly {
  songs: Array<{ artistId: string; albumId: string | null }>;
}

/** What React says when hydration did not go as planned (its production builds name the error by number). */
const HYDRATION_REPORT =
  /hydrat|did not match|recoverable|server rendered|switched to client rendering|#418|#419|#421|#423|#425/i;

/** Server-rendered elements the app must keep: the screen's heading and rows, cards, tiles and covers. */
const KEPT = [
  "main h1",
  'main [data-testid="song-row"]',
  'main [data-testid="playlist-card"]',
  'main [data-testid="album-tile"]',
  "main img",
].join(", ");

/**
 * Installed before the page's scripts: on DOMContentLoaded (the server's markup parsed, none of the app's
 * code run: src/boot.ts waits for the first paint) the elements to keep are noted, and the window's error
 * events are recorded (React's default onRecoverableError is reportError).
 */
function noteServerMarkup(selector: string) {
  const w = window as unknown as { __reported: string[]; __serverElements: Element[] };
  w.__reported = [];
  w.__serverElements = [];
  window.addEventListener("error", (event) => w.__reported.push(String(event.message || event.error)));
  document.addEventListener("DOMContentLoaded", () => {
    w.__serverElements = [...document.querySelectorAll(selector)];
  });
}

async function visitFirstTime(page: Page, path: string) {
  const reported: string[] = [];
  page.on("pageerror", (error) => reported.push(error.message));
  page.on("console", (message) => {
    if (["error", "warning"].includes(message.type()) && HYDRATION_REPORT.test(message.text()))
      reported.push(message.text());
  });
  await page.addInitScript(noteServerMarkup, KEPT);
  await page.goto(path);
  await appReady(page);
  await page.waitForLoadState("networkidle");
  const result = await page.evaluate(() => {
    const w = window as unknown as { __reported: string[]; __serverElements: Element[] };
    return {
      noted: w.__serverElements.length,
      // Elements the server sent that are no longer in the page: the app rendered them again.
      replaced: w.__serverElements
        .filter((element) => !element.isConnected)
        .map((element) => element.outerHTML.slice(0, 120)),
      reported: w.__reported,
    };
  });
  return { ...result, reported: [...reported, ...result.reported] };
}

test.describe("hydration of a server-rendered first visit", () => {
  test("reuses the server's markup on Home, search, a playlist, an artist and an album, with nothing reported", async ({
    app,
  }) => {
    const { page: api, context: apiContext } = await app.phone();
    const playlist = (await (
      await api.request.get("/api/playlists/discover-weekly")
    ).json()) as DiscoverWeekly;
    await apiContext.close();
    const song = playlist.songs.find((candidate) => candidate.albumId !== null)!;
    const routes = [
      "/",
      "/search?q=a",
      "/playlist/discover-weekly",
      `/artist/${song.artistId}`,
      `/album/${song.albumId}`,
    ];

    const problems: string[] = [];
    for (const route of routes) {
      const { page, context } = await app.phone(); // a fresh browser profile: a first visit
      const visit = await visitFirstTime(page, route);
      await context.close();
      if (visit.noted === 0) problems.push(`${route}: the server sent no heading, row, card or cover`);
      for (const element of visit.replaced) problems.push(`${route}: rendered again: ${element}`);
      for (const message of visit.reported) problems.push(`${route}: reported: ${message}`);
    }
    expect(problems).toEqual([]);
  });
});
