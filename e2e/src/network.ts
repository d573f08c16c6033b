// What the network journeys share (polish-network*.test.ts): the shell's parts, the app's notices about the
// network and its build, and telling a reload from the same document.
import { expect, type Page } from "@playwright/test";

/** A visit whose code is not in a service worker's cache: the first one, or a browser without a worker. */
export const WITHOUT_WORKER = { serviceWorkers: "block" } as const;

export const nav = (page: Page) => page.getByTestId("bottom-nav");
export const tab = (page: Page, name: string) => nav(page).getByRole("link", { name, exact: true });
export const header = (page: Page) => page.getByRole("link", { name: "PurpleBeats home" });
export const offlineNotice = (page: Page) => page.locator('[data-network-notice="offline"]');
export const screenUnavailable = (page: Page) => page.locator('[data-chunk-unavailable="screen"]');
export const overlayUnavailable = (page: Page) => page.locator('[data-chunk-unavailable="overlay"]');

/** Marks the document: a reload loses the mark. */
export const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
export const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/** Waits for the page's own requests to settle (the chunks it loads after the first screen, at idle). */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  await page.waitForLoadState("networkidle");
}

/** The shell is there: the header (on a screen that has it, not a playlist's), the bottom navigation's four tabs. */
export async function expectShell(page: Page, { withHeader = true } = {}): Promise<void> {
  if (withHeader) await expect(header(page)).toBeVisible();
  await expect(nav(page)).toBeVisible();
  for (const name of ["Home", "Search", "Library", "Liked Songs"])
    await expect(tab(page, name)).toBeVisible();
}
