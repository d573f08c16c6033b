// At 390x844: Now Playing opened from the mini player and closed by Back, 'Play next' from a song
// row's menu, reordering the queue by dragging, the sleep timer (a minute shortened by its setting), share,
// and the free listener's Next.
import type { Page } from "@playwright/test";
import { mainAudio, probeAudio } from "../src/audio-probe.js";
import { becomePremium, reloadKnowingMembership } from "../src/premium.js";
import { shareCopiesLinks } from "../src/share.js";
import { expect, test, visit } from "../src/harness.js";
import { line, touchPath } from "../src/gestures.js";

const LONG = { timeout: 20_000 };

/** Plays the first Top Charts song by tapping its row (not a button): the row itself plays. */
async function playFromTopCharts(page: Page) {
  const rows = page.getByTestId("home-section-top-charts").getByTestId("song-row");
  await rows.first().waitFor();
  await rows.first().getByTestId("song-row-title").click(); // the title's text, not a button
  await page.getByTestId("mini-player").waitFor();
  return rows;
}

async function openNowPlaying(page: Page) {
  await page.getByRole("button", { name: "Open Now Playing" }).click();
  const view = page.getByRole("dialog", { name: "Now Playing" });
  await view.waitFor(LONG);
  return view;
}

/** A finger's quick flick (four steps in 40 ms) from y0 to y1 at x. */
const flick = (page: Page, x: number, y0: number, y1: number) =>
  touchPath(page, line({ x, y: y0 }, { x, y: y1 }, 4), 10);

const queueTitles = (page: Page) =>
  page
    .getByRole("dialog", { name: "Now Playing" })
    .getByTestId("queue-entry")
    .evaluateAll((rows) =>
      rows.map((row) => row.querySelector("button[data-queue-play] p")?.textContent?.replace(/^Play /, "")),
    );

test.describe("Now Playing and the queue", () => {
  test("a row tap plays; the mini player opens Now Playing, which Back closes", async ({ app }) => {
    const { page, context } = await app.phone();
    await probeAudio(page);
    await visit(page, "/");
    await playFromTopCharts(page);
    const title = await page.getByTestId("mini-player-title").textContent();
    await expect.poll(async () => (await mainAudio(page))?.currentTime ?? 0, LONG).toBeGreaterThan(0.5);

    const view = await openNowPlaying(page);
    expect(await view.getByTestId("now-playing-title").textContent()).toBe(title);
    expect(page.url()).toMatch(/#now-playing$/);
    for (const name of [
      "Previous song",
      "Pause",
      "Next song",
      "Shuffle",
      "Repeat: off",
      "Close Now Playing",
    ]) {
      const box = await view.getByRole("button", { name, exact: true }).boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(44);
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    const seek = await view.locator(".mantine-Slider-root").first().boundingBox();
    expect(seek!.height).toBeGreaterThanOrEqual(44);

    await page.goBack();
    await expect.poll(() => view.count()).toBe(0);
    expect(page.url()).not.toMatch(/#now-playing/);
    await page.getByTestId("mini-player").waitFor(); // still playing, on the same screen
    await context.close();
  });

  test("'Play next' from a row's menu puts the song right after the one playing", async ({ app }) => {
    const { page, context } = await app.phone();
    await visit(page, "/");
    const rows = await playFromTopCharts(page);
    const third = rows.nth(2);
    const thirdTitle = await third.getByTestId("song-row-title").textContent();
    await third.getByRole("button", { name: /^Options for / }).click();
    await page.getByRole("menuitem", { name: "Play next" }).click();

    await openNowPlaying(page);
    const titles = await queueTitles(page);
    expect(titles[1]).toBe(thirdTitle);
    await context.close();
  });

  test("dragging an entry's handle reorders the queue", async ({ app }) => {
    const { page, context } = await app.phone();
    await visit(page, "/");
    await playFromTopCharts(page);
    await openNowPlaying(page);

    // Drag the third entry above the second, with the mouse on its handle.
    const before = await queueTitles(page);
    const handles = page.getByRole("dialog").getByRole("button", { name: /^Reorder / });
    await handles.nth(2).scrollIntoViewIfNeeded(); // the queue sits below the player's controls
    const from = (await handles.nth(1).boundingBox())!;
    const to = (await handles.nth(0).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 5; step += 1) {
      const y = from.y + ((to.y - from.y) * step) / 5 + from.height / 2;
      await page.mouse.move(from.x + from.width / 2, y);
    }
    await page.mouse.up();
    await expect.poll(() => queueTitles(page)).toEqual([before[0], before[2], before[1], ...before.slice(3)]);
    await context.close();
  });

  test("the sleep timer fades out and pauses (a minute shortened to 200 ms by its setting)", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    await probeAudio(page);
    await page.addInitScript(() => localStorage.setItem("purplebeats-sleep-minute-ms", "200"));
    await visit(page, "/");
    await playFromTopCharts(page);
    await expect.poll(async () => (await mainAudio(page))?.currentTime ?? 0, LONG).toBeGreaterThan(0.5);
    const view = await openNowPlaying(page);
    await view.getByRole("button", { name: "Sleep timer" }).click();
    await page.getByRole("menuitem", { name: "15 minutes" }).click(); // 15 x 200 ms = 3 s
    await view.getByRole("button", { name: "Sleep timer: on" }).waitFor();
    await expect.poll(async () => (await mainAudio(page))?.paused, LONG).toBe(true);
    await view.getByRole("button", { name: "Play", exact: true }).waitFor();
    await view.getByRole("button", { name: "Sleep timer", exact: true }).waitFor();
    await context.close();
  });

  test("share copies the link of the song's page where there is no share sheet", async ({ app }) => {
    const { page, context } = await app.phone();
    const clipboard = await shareCopiesLinks(context, page, app.url);
    await visit(page, "/");
    await playFromTopCharts(page);
    const view = await openNowPlaying(page);
    await view.getByRole("button", { name: /^Share / }).click();
    await page.getByText("Link copied").waitFor(LONG);
    const copied = await clipboard.copied();
    expect(copied.startsWith(app.url)).toBe(true);
    expect(new URL(copied).pathname).toMatch(/^\/(album|artist|search)/);
    await context.close();
  });

  test("the mini player links to the album and artist; a flick up opens Now Playing, a flick down closes it", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    await visit(page, "/");
    await playFromTopCharts(page);
    const mini = page.getByTestId("mini-player");
    const titleLink = mini.getByTestId("mini-player-title").getByRole("link");
    expect(await titleLink.getAttribute("href")).toMatch(/^\/album\/[0-9a-f-]{36}$/);
    const artistLink = mini.getByRole("link").nth(1);
    expect(await artistLink.getAttribute("href")).toMatch(/^\/artist\/[0-9a-f-]{36}$/);

    // The elapsed time (not a control) takes the flick, as any of the player's free space would.
    const box = (await mini.boundingBox())!;
    const before = box.y;
    await flick(page, box.x + 20, box.y + box.height - 14, box.y + box.height - 160);
    const view = page.getByRole("dialog", { name: "Now Playing" });
    await view.waitFor(LONG);
    expect((await mini.boundingBox())!.y).toBe(before); // the flick did not move the player
    await flick(page, 200, 300, 480);
    await view.waitFor({ state: "hidden", ...LONG });

    await artistLink.click();
    await page.waitForURL(/\/artist\//, LONG);
    await page.getByTestId("page-title").waitFor(LONG);
    await titleLink.click();
    await page.waitForURL(/\/album\//, LONG);
    await context.close();
  });

  test("a free listener's Next in Now Playing asks for premium; a premium listener's moves on", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    await visit(page, "/");
    await playFromTopCharts(page);
    let view = await openNowPlaying(page);
    const title = await view.getByTestId("now-playing-title").textContent();
    await view.getByRole("button", { name: "Next song" }).click();
    await page.getByText("Premium Feature").first().waitFor(LONG);
    expect(await view.getByTestId("now-playing-title").textContent()).toBe(title);

    await becomePremium(page, "queue-skipper");
    // Next is the free listener's until the page knows the membership: wait for it.
    await reloadKnowingMembership(page);
    view = page.getByRole("dialog", { name: "Now Playing" }); // the address still opens it
    await view.waitFor(LONG);
    await view.getByRole("button", { name: "Next song" }).click();
    await expect.poll(() => view.getByTestId("now-playing-title").textContent()).not.toBe(title);
    await context.close();
  });
});
