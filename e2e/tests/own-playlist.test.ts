// "Your playlists, fully yours" in Chromium at phone size: the owner of a playlist finds one menu on its
// page, edits its description, reorders its songs by dragging a handle with the mouse and by arrow keys,
// and deletes it after a confirmation, landing in a library that no longer lists it.
import type { Locator, Page } from "@playwright/test";
import { appReady, expect, test, visit } from "../src/harness.js";
import { becomePremium } from "../src/premium.js";

const CLIENT = { "x-purplebeats-client": "1" };

const toast = (page: Page, title: string) => page.locator("[data-toast]").filter({ hasText: title }).first();

interface SongRef {
  id: string;
  title: string;
}

/** The titles of the reorder mode's rows, top to bottom. */
async function reorderTitles(page: Page, songs: SongRef[]): Promise<string[]> {
  const texts = await page.getByTestId("reorder-row").allTextContents();
  return texts.map((text) => songs.find((song) => text.includes(song.title))?.title ?? text);
}

/** Drags `handle` down by `rows` rows with the mouse, in small steps as a hand would. */
async function dragDown(page: Page, handle: Locator, row: Locator, rows: number) {
  const box = (await handle.boundingBox())!;
  const rowHeight = (await row.boundingBox())!.height;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + rows * rowHeight, { steps: 10 });
  await page.mouse.up();
}

test.describe("your own playlist", () => {
  test("its owner edits the description, reorders by drag and by keyboard, and deletes it", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    await becomePremium(page, "owner");
    const name = `Night Drive ${Date.now() % 100000}`;
    const created = await page.request.post("/api/playlists", {
      data: { name, description: "Old words" },
      headers: CLIENT,
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const songs = ((await (await page.request.get("/api/songs?limit=3")).json()) as SongRef[]).slice(0, 3);
    for (const song of songs) {
      const added = await page.request.post(`/api/playlists/${id}/songs`, {
        data: { songId: song.id },
        headers: CLIENT,
      });
      expect(added.status()).toBe(201);
    }
    const [a, b, c] = songs.map((song) => song.title) as [string, string, string];

    await visit(page, `/playlist/${id}`);
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    // The membership decides whether the options are greyed: wait until it is known (the header says so).
    await expect
      .poll(() => page.getByRole("link", { name: "Go Premium" }).count(), { timeout: 15_000 })
      .toBe(0);
    // One 'more' button for the owner, not two side by side.
    const menuButton = page.getByRole("button", { name: `Options for ${name}` });
    await menuButton.waitFor();
    expect(await page.getByTestId("playlist-menu").count()).toBe(1);
    expect(await page.getByRole("button", { name: "More options" }).count()).toBe(0);

    // The description.
    await menuButton.click();
    await page.getByRole("menuitem", { name: "Edit description" }).click();
    const editor = page.getByRole("dialog", { name: "Edit description" });
    expect(await editor.getByLabel("Description").inputValue()).toBe("Old words");
    await editor.getByLabel("Description").fill("Songs for the long road home");
    await editor.getByRole("button", { name: "Save" }).click();
    await toast(page, "Playlist updated successfully").waitFor();
    await page.getByText("Songs for the long road home").waitFor();

    // Reorder: the first song dragged two rows down with the mouse, then the last one up by a key.
    await menuButton.click();
    await page.getByRole("menuitem", { name: "Reorder songs" }).click();
    await page.getByRole("button", { name: "Done" }).waitFor();
    expect(await reorderTitles(page, songs)).toEqual([a, b, c]);
    const handle = (title: string) =>
      page.getByRole("button", { name: `Reorder ${title} (arrow keys move it)` });
    await dragDown(page, handle(a), page.getByTestId("reorder-row").first(), 2);
    await expect.poll(() => reorderTitles(page, songs)).toEqual([b, c, a]);
    await handle(a).focus();
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => reorderTitles(page, songs)).toEqual([b, a, c]);
    // The handle moved with its song and keeps the keyboard.
    await expect.poll(() => handle(a).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByRole("button", { name: "Done" }).click();
    await toast(page, "Playlist updated successfully").waitFor();
    await page.getByRole("button", { name: "Done" }).waitFor({ state: "detached" });
    const saved = (await (await page.request.get(`/api/playlists/${id}`)).json()) as { songs: SongRef[] };
    expect(saved.songs.map((song) => song.title)).toEqual([b, a, c]);
    const rows = page.getByTestId("song-row");
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.first().textContent()).toContain(b);

    // Delete, after a confirmation naming it.
    await menuButton.click();
    await page.getByRole("menuitem", { name: "Delete playlist" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete playlist" });
    expect(await confirm.textContent()).toContain(name);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(/\/library$/);
    await appReady(page);
    await toast(page, "Playlist deleted").waitFor();
    expect((await page.request.get(`/api/playlists/${id}`)).status()).toBe(404);
    await page.getByTestId("library-recently-added").waitFor();
    await expect
      .poll(() => page.getByTestId("playlist-row").filter({ hasText: name }).count(), { timeout: 10_000 })
      .toBe(0);
    await context.close();
  });
});
