// A premium member's header never offers 'Go Premium', not even for the round trip
// after the page loads. The server renders the page for the caller's session with their membership in it,
// so the header is right in the server-rendered HTML and stays right through hydration; a guest's page
// (and the page shared by first visits) still offers it.
import type { Page } from "@playwright/test";
import { expect, test, visit } from "../src/harness.js";
import { becomePremium } from "../src/premium.js";

/** The header's 'Go Premium' link as server-rendered markup (its label is the link's only text). */
const GO_PREMIUM_MARKUP = />\s*Go Premium\s*</;

/** What React says when hydration did not go as planned (as in hydration.test.ts). */
const HYDRATION_REPORT =
  /hydrat|did not match|recoverable|server rendered|switched to client rendering|#418|#419|#421|#423|#425/i;

/** The page's HTML as the server sends it for the page's cookies, before any script could change it. */
async function serverHtml(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path, { headers: { accept: "text/html" } });
  expect(response.ok()).toBe(true);
  return response.text();
}

/**
 * Installed before the page's scripts: notes whether a 'Go Premium' link is ever in the document, from the
 * first parsed markup through hydration and every render after it, and the window's error events (React's
 * default onRecoverableError, a hydration mismatch, is reportError).
 */
function watchForGoPremium() {
  const w = window as unknown as { __goPremiumSeen: boolean; __reported: string[] };
  w.__goPremiumSeen = false;
  w.__reported = [];
  window.addEventListener("error", (event) => w.__reported.push(String(event.message || event.error)));
  const check = () => {
    for (const link of document.querySelectorAll("a")) {
      if (link.textContent?.trim() === "Go Premium") w.__goPremiumSeen = true;
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  document.addEventListener("DOMContentLoaded", check);
}

test.describe("a premium member's header from the first paint", () => {
  test("never offers 'Go Premium' to a premium member, and still offers it to guests", async ({ app }) => {
    const { page, context } = await app.phone();
    try {
      // A first visit (no session): the shared page offers it.
      expect(await serverHtml(page, "/")).toMatch(GO_PREMIUM_MARKUP);
      await visit(page, "/");
      // A guest with a session: their own page offers it too.
      expect(await serverHtml(page, "/")).toMatch(GO_PREMIUM_MARKUP);

      await becomePremium(page, "ada_first_paint");
      // The member's page as the server renders it: the header is already the member's.
      for (const path of ["/", "/search", "/library"]) {
        const html = await serverHtml(page, path);
        expect(html).toContain('data-testid="profile-menu-button"');
        expect(html, path).not.toMatch(GO_PREMIUM_MARKUP);
      }

      // Through hydration and the reads after it, the link never appears, and the member's markup is kept.
      const reported: string[] = [];
      page.on("pageerror", (error) => reported.push(error.message));
      page.on("console", (message) => {
        if (["error", "warning"].includes(message.type()) && HYDRATION_REPORT.test(message.text()))
          reported.push(message.text());
      });
      await page.addInitScript(watchForGoPremium);
      await visit(page, "/");
      await page.waitForLoadState("networkidle");
      await page.getByTestId("profile-menu-button").waitFor();
      const seen = await page.evaluate(() => {
        const w = window as unknown as { __goPremiumSeen: boolean; __reported: string[] };
        return { goPremium: w.__goPremiumSeen, reported: w.__reported };
      });
      expect(seen.goPremium).toBe(false);
      expect([...reported, ...seen.reported]).toEqual([]);
      expect(await page.getByRole("link", { name: "Go Premium" }).count()).toBe(0);

      // The page shared by first visits is not the member's.
      const firstVisit = await fetch(new URL("/", app.url), { headers: { accept: "text/html" } });
      expect(await firstVisit.text()).toMatch(GO_PREMIUM_MARKUP);
    } finally {
      await context.close();
    }
  });
});
