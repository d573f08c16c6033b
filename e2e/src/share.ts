import type { BrowserContext, Page } from "@playwright/test";

/**
 * Makes Share take its last path, copying the link: the clipboard is allowed, and the share sheet is
 * absent (desktop Chromium on Linux has none; this makes sure of it). Returns what the clipboard holds.
 */
export async function shareCopiesLinks(context: BrowserContext, page: Page, origin: string) {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
  });
  return { copied: () => page.evaluate(() => navigator.clipboard.readText()) };
}
