// "Your music" in Chromium at phone size, against the built app on a fresh database with the Pi simulator:
// a premium listener likes a song and finds it in Liked Songs, makes a playlist and fills it from search;
// a guest sees the Liked Songs teaser and greyed premium options.
import type { Page } from "@playwright/test";
import { appReady, expect, test, visit } from "../src/harness.js";
import { becomePremium } from "../src/premium.js";

/** The toast currently shown (one at a time). */
const toast = (page: Page, title: string) => page.locator("[data-toast]").filter({ hasText: title }).first();

test.describe("your music", () => {
  test("a premium listener likes a song and finds it in Liked Songs", async ({ app }) => {
    const { page, context } = await app.phone();
    await becomePremium(page, "liker");
    await visit(page, "/");
    const row = page.getByTestId("home-section-new-releases").getByTestId("song-row").first();
    await row.waitFor();
    const heart = row.getByTestId("like-song");
    // The heart knows the listener is premium once the membership has arrived.
    await expect.poll(() => heart.getAttribute("data-locked"), { timeout: 15_000 }).toBeNull();
    const label = (await heart.getAttribute("aria-label"))!;
    const title = label.replace(/^Like /, "");
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    // What the listener sees: an outline heart, drawn filled once liked.
    const heartFill = () => heart.locator("svg").evaluate((svg) => getComputedStyle(svg).fill);
    expect(await heartFill()).toBe("none");

    await heart.click();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    expect(await heartFill()).toMatch(/^rgb/);
    await toast(page, "Added to Liked Songs").waitFor();
    expect(await toast(page, "Added to Liked Songs").textContent()).toContain(
      `${title} added to your liked songs`,
    );

    await page.getByTestId("bottom-nav").getByRole("link", { name: "Liked Songs" }).click();
    await page.getByRole("heading", { name: "Liked Songs", level: 2 }).waitFor();
    const liked = page.getByTestId("liked-songs-list").getByTestId("song-row");
    await expect.poll(() => liked.count()).toBe(1);
    expect(await liked.first().textContent()).toContain(title);
    await page.getByText("1 song", { exact: true }).waitFor();

    // The Library's card counts it too.
    await page.getByTestId("bottom-nav").getByRole("link", { name: "Library" }).click();
    await page.getByTestId("library-liked-songs").getByText("1 song", { exact: true }).waitFor();
    await context.close();
  });

  test("a premium listener makes a playlist, adds a song through search and finds it at position 1", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    await becomePremium(page, "maker");
    const name = `Road Trip ${Date.now() % 100000}`;
    await visit(page, "/library");
    const newPlaylist = page.getByRole("button", { name: "New Playlist" });
    await newPlaylist.waitFor();
    // The membership decides which dialog opens: wait until it is known (the header says so).
    await expect
      .poll(() => page.getByRole("link", { name: "Go Premium" }).count(), { timeout: 15_000 })
      .toBe(0);
    await newPlaylist.click();
    const dialog = page.getByRole("dialog", { name: "Create Playlist" });
    await dialog.getByRole("button", { name: "Create" }).click();
    await dialog.getByText("Playlist name is required").waitFor();
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Description").fill("Songs for the car");
    await dialog.getByRole("button", { name: "Create" }).click();
    await toast(page, "Playlist Created").waitFor();
    // SPEC.md section 4: the page reloads a second later.
    await page.waitForEvent("load", { timeout: 10_000 });
    await appReady(page);

    const created = page
      .getByTestId("library-recently-added")
      .getByTestId("playlist-row")
      .filter({ hasText: name });
    await created.waitFor({ timeout: 15_000 });
    await created.getByRole("link").click();
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    await page.getByText("This playlist is empty").waitFor();
    await appReady(page);
    const playlistUrl = page.url();

    await page.getByRole("button", { name: `Options for ${name}` }).click();
    await page.getByRole("menuitem", { name: "Add song" }).click();
    await page.waitForURL(/\/search\?playlist=/);
    await page.getByText(`Adding songs to: ${name}`).waitFor();

    const songs = (await (await page.request.get("/api/songs?limit=5")).json()) as Array<{ title: string }>;
    const wanted = songs[2]!.title;
    const box = page.getByPlaceholder("Search songs, artists, albums...").first();
    await box.fill(wanted);
    await box.press("Enter");
    await page.waitForURL(/\/search\?q=.+&playlist=/);
    const add = page.getByRole("button", { name: `Add ${wanted} to ${name}` }).first();
    await add.waitFor();
    await add.click();
    await toast(page, "Added to Playlist").waitFor();
    // Once in the playlist, the result shows a check instead.
    await page
      .getByRole("button", { name: `${wanted} is in ${name}` })
      .first()
      .waitFor();

    await page.getByRole("link", { name: `Back to ${name}` }).click();
    await page.waitForURL(playlistUrl);
    const rows = page.getByTestId("song-row");
    await expect.poll(() => rows.count()).toBe(1);
    const first = (await rows.first().textContent()) ?? "";
    expect(first.startsWith("1")).toBe(true);
    expect(first).toContain(wanted);
    await page.getByText("1 song", { exact: true }).waitFor();
    await context.close();
  });

  test("a first visit to the library asks for the listener's playlists once, as the new guest", async ({
    app,
  }) => {
    const { page, context } = await app.phone(); // a fresh profile: no session yet
    const refused: string[] = [];
    page.on("response", (response) => {
      if (response.status() === 401) refused.push(new URL(response.url()).pathname);
    });
    await visit(page, "/library");
    await page.getByTestId("library-recently-added").getByText("No playlists yet").waitFor();
    await page.getByTestId("library-liked-songs").getByText("No liked songs yet").waitFor();
    await page.waitForLoadState("networkidle");
    // Read before the guest session existed, they were refused (a 401 in the console) and read again.
    expect(refused).toEqual([]);
    await context.close();
  });

  test("a guest sees the Liked Songs teaser and greyed premium options", async ({ app }) => {
    const { page, context } = await app.phone();
    await visit(page, "/liked-songs");
    const teaser = page.getByTestId("liked-songs-teaser");
    await teaser.waitFor({ timeout: 15_000 });
    await teaser.getByRole("heading", { name: "Premium Feature" }).waitFor();
    expect(await teaser.getByRole("link", { name: "Upgrade to Premium" }).getAttribute("href")).toBe(
      "/premium",
    );

    await visit(page, "/playlist/discover-weekly");
    await page.getByRole("heading", { name: "Discover Weekly", level: 1 }).waitFor();
    // Not the owner: the playlist menu (like, library, copy), not the owner's.
    await page.getByTestId("playlist-menu").click();
    const items = page.getByRole("menuitem");
    await expect.poll(() => items.count()).toBe(3);
    for (let index = 0; index < 3; index += 1) {
      expect(await items.nth(index).getAttribute("data-locked")).toBe("true");
    }
    await items.filter({ hasText: "Add to Liked Playlists" }).click();
    await toast(page, "Premium Feature").waitFor();
    expect(await toast(page, "Premium Feature").textContent()).toContain(
      "Liking playlists is a premium feature.",
    );

    const heart = page.getByTestId("song-row").first().getByTestId("like-song");
    await heart.waitFor();
    expect(await heart.getAttribute("data-locked")).toBe("true");
    await context.close();
  });
});
