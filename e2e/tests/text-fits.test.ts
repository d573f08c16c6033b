// Arabic and the pseudo-locale (English accented and 40 % longer) at 390x844: no text a listener reads is cut or runs out of its box in the header, the bottom
// navigation, the cards, the player and the dialogs. Text meant to end in an ellipsis (a long song or playlist
// name, the listeners' own words) is left out: the interface's words must fit whole.
import type { Locator } from "@playwright/test";
import { expect, test, visit, type JourneyApp } from "../src/harness.js";

/** The cookie that keeps the listener's language (packages/contracts, LOCALE_COOKIE). */
const LOCALE_COOKIE = "pb_locale";

/** The texts inside `root` that run past their box, each with how far: none when everything fits. */
async function overflowingTexts(root: Locator): Promise<string[]> {
  await expect(root.first()).toBeVisible();
  const found = await root.evaluateAll((roots) => {
    const cut: string[] = [];
    for (const root of roots)
      for (const element of [root, ...root.querySelectorAll<HTMLElement>("*")] as HTMLElement[]) {
        const ownText = [...element.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent ?? "")
          .join("")
          .trim();
        if (!ownText || element.clientWidth === 0) continue;
        const style = getComputedStyle(element);
        // Meant to be cut: a name that ends in an ellipsis or is clamped to its lines.
        if (style.textOverflow === "ellipsis" || style.webkitLineClamp !== "none") continue;
        if (element.closest("[data-truncate], .mantine-Text-root[data-truncate]")) continue;
        const wide = element.scrollWidth - element.clientWidth;
        const tall = element.scrollHeight - element.clientHeight;
        if (wide > 1 || (tall > 1 && style.overflowY !== "visible"))
          cut.push(`${ownText} (${wide > 1 ? `${wide}px too wide` : `${tall}px too tall`})`);
      }
    return cut;
  });
  return found;
}

async function arabicPhone(app: JourneyApp) {
  const phone = await app.phone();
  await phone.context.addCookies([{ name: LOCALE_COOKIE, value: "ar", url: app.url }]);
  return phone;
}

test.describe("text fits at 390x844", () => {
  test("the header, the bottom navigation, Home's cards, Premium's cards, the player and the dialogs", async ({
    app,
  }) => {
    const { page, context } = await arabicPhone(app);
    try {
      await visit(page, "/");
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page.getByRole("heading", { name: "الرائج الآن" })).toBeVisible();
      // Nothing runs past the screen's edge: the page does not scroll sideways (the header's long 'Go Premium').
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        "page width",
      ).toBeLessThanOrEqual(390);
      expect(await overflowingTexts(page.locator("header").first()), "header").toEqual([]);
      expect(await overflowingTexts(page.getByTestId("bottom-nav")), "bottom navigation").toEqual([]);
      expect(await overflowingTexts(page.locator("main")), "Home").toEqual([]);

      await visit(page, "/premium");
      await expect(page.getByTestId("premium-feature").first()).toBeVisible();
      expect(await overflowingTexts(page.locator("main")), "Premium").toEqual([]);

      await visit(page, "/");
      await page
        .getByTestId("home-section-top-charts")
        .getByTestId("song-row")
        .first()
        .getByTestId("song-row-title")
        .click();
      const player = page.getByRole("region", { name: "المشغّل المصغّر" });
      await expect(player.getByRole("button", { name: "إيقاف مؤقت" })).toBeVisible();
      expect(await overflowingTexts(player), "mini player").toEqual([]);
      await player.getByRole("button", { name: "فتح شاشة قيد التشغيل الآن" }).click();
      const nowPlaying = page.getByRole("dialog", { name: "قيد التشغيل الآن" });
      await expect(nowPlaying).toBeVisible();
      expect(await overflowingTexts(nowPlaying), "Now Playing").toEqual([]);
      await page.keyboard.press("Escape");
      await expect(nowPlaying).toBeHidden();

      await visit(page, "/settings");
      await page.getByRole("button", { name: "حذف حسابي" }).click();
      const dialog = page.getByRole("dialog", { name: "حذف حسابي" });
      await expect(dialog).toBeVisible();
      expect(await overflowingTexts(dialog), "Delete my account").toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the pseudo-locale, offered by a development server: the header, the bottom navigation, the cards, the player and a dialog", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    try {
      await visit(page, "/settings");
      await page.getByLabel("App language").selectOption("en-XA");
      await expect(page.getByRole("heading", { level: 1, name: /Šéţţîñĝš/ })).toBeVisible();
      expect(await overflowingTexts(page.getByTestId("bottom-nav")), "bottom navigation").toEqual([]);
      expect(await overflowingTexts(page.locator("main")), "Settings").toEqual([]);
      const dialogButton = page.getByRole("button", { name: /Ðéļéţé ɱý àççöûñţ/ });
      await dialogButton.click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      expect(await overflowingTexts(dialog), "Delete my account").toEqual([]);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();

      // In the app, not a new page: the pseudo-locale is not kept in the cookie.
      await page.getByTestId("bottom-nav").getByRole("link").first().click();
      await expect(page.getByTestId("home-section-top-charts")).toBeVisible();
      expect(await overflowingTexts(page.locator("header").first()), "header").toEqual([]);
      await page.locator('header a[href="/premium"]').click();
      await expect(page.getByTestId("premium-feature").first()).toBeVisible();
      expect(await overflowingTexts(page.locator("main")), "Premium").toEqual([]);

      await page.getByTestId("bottom-nav").getByRole("link").first().click();
      const topCharts = page.getByTestId("home-section-top-charts");
      await expect(topCharts).toBeVisible();
      expect(await overflowingTexts(page.locator("main")), "Home").toEqual([]);
      await topCharts.getByTestId("song-row").first().getByTestId("song-row-title").click();
      const player = page.locator('[role="region"]').filter({ has: page.getByTestId("mini-player-title") });
      await expect(player).toBeVisible();
      expect(await overflowingTexts(player), "mini player").toEqual([]);
      await player.getByRole("button", { name: /Ñöŵ Þļàýîñĝ/ }).click();
      const nowPlaying = page.getByRole("dialog", { name: /Ñöŵ Þļàýîñĝ/ });
      await expect(nowPlaying).toBeVisible();
      expect(await overflowingTexts(nowPlaying), "Now Playing").toEqual([]);
    } finally {
      await context.close();
    }
  });
});
