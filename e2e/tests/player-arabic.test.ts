// The player in Arabic at 390x844: its buttons speak Arabic, it mirrors (Next on the left, its icon pointing
// that way), a Latin song name reads left to right (cut at its end), and a swipe keeps its meaning: toward the
// right, where the next song comes from in a right-to-left row, plays the next song, and back to the left the
// previous one (apps/web/src/features/player/ui-helpers.ts, swipeCommand).
import type { Page } from "@playwright/test";
import { expect, test, visit } from "../src/harness.js";
import { becomePremium } from "../src/premium.js";
import { line, touchPath } from "../src/gestures.js";

/** The cookie that keeps the listener's language (packages/contracts, LOCALE_COOKIE). */
const LOCALE_COOKIE = "pb_locale";

/** A finger's swipe along y from x0 to x1. */
const touchSwipe = (page: Page, y: number, x0: number, x1: number) =>
  touchPath(page, line({ x: x0, y }, { x: x1, y }));

test.describe("the player in Arabic", () => {
  test("mirrors, speaks Arabic, keeps a Latin name left to right, and a swipe to the right goes next", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    try {
      await becomePremium(page, "arabic_player");
      await context.addCookies([{ name: LOCALE_COOKIE, value: "ar", url: app.url }]);
      await visit(page, "/");
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      // A member: the header offers no 'Go Premium' (skips are a member's).
      await expect.poll(() => page.getByRole("link", { name: "اشترك في Premium" }).count()).toBe(0);

      const rows = page.getByTestId("home-section-top-charts").getByTestId("song-row");
      await rows.first().getByTestId("song-row-title").click();
      const player = page.getByRole("region", { name: "المشغّل المصغّر" });
      await expect(player.getByRole("button", { name: "إيقاف مؤقت" })).toBeVisible();
      const next = player.getByRole("button", { name: "الأغنية التالية" });
      const previous = player.getByRole("button", { name: "الأغنية السابقة" });
      const nextBox = await next.boundingBox();
      const previousBox = await previous.boundingBox();
      expect(nextBox && previousBox && nextBox.x < previousBox.x).toBe(true);
      // Next's arrow points left, where it sits; Play's triangle means 'play' and keeps its shape.
      await expect(next.locator("svg")).toHaveCSS("transform", "matrix(-1, 0, 0, 1, 0, 0)");
      await expect(player.getByRole("button", { name: "إيقاف مؤقت" }).locator("svg")).toHaveCSS(
        "transform",
        "none",
      );

      const title = page.getByTestId("mini-player-title");
      // The seed's titles are Latin: the line reads left to right (a long one is cut at its end), at the
      // right-to-left player's start.
      await expect(title).toHaveCSS("direction", "ltr");
      await expect(title).toHaveCSS("text-align", "right");
      await expect(player).toHaveCSS("direction", "rtl");
      const first = await title.textContent();
      const box = await title.boundingBox();
      if (!box) throw new Error("the mini player's title has no box");
      // 180 px across the song's name, on the screen both ways.
      const [middle, y] = [box.x + box.width / 2, box.y + box.height / 2];
      await touchSwipe(page, y, middle - 90, middle + 90);
      await expect.poll(() => title.textContent(), { timeout: 10_000 }).not.toBe(first);
      await touchSwipe(page, y, middle + 90, middle - 90);
      await expect.poll(() => title.textContent(), { timeout: 10_000 }).toBe(first);
      await expect(page.getByRole("dialog", { name: "قيد التشغيل الآن" })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
