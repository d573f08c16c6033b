// A song uploaded in a journey is encoded by the server before it can be found: search until its play
// button shows, then play it and wait until its audio runs.
import { expect, type Page } from "@playwright/test";
import { mainAudio } from "./audio-probe.js";
import { visit } from "./harness.js";

/** Searches for `title` until it is found (encoding takes minutes on a busy machine), then plays it. */
export async function playOnceFound(page: Page, title: string): Promise<void> {
  const play = page.getByRole("button", { name: `Play ${title}` }).first();
  await expect
    .poll(
      async () => {
        await visit(page, `/search?q=${encodeURIComponent(title)}`);
        await page.waitForTimeout(1000);
        return play.count();
      },
      { timeout: 180_000, intervals: [2000] },
    )
    .toBeGreaterThan(0);
  await play.click();
  await expect
    .poll(async () => (await mainAudio(page))?.currentTime ?? 0, { timeout: 30_000 })
    .toBeGreaterThan(0.5);
  await page.getByTestId("mini-player-title").getByText(title).waitFor();
}
