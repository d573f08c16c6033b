// Long translations fit at phone size: the Library's heading and its 'New Playlist' button share one row in
// every language, and neither is cut ('Nova plejlista' was clipped in Serbian).
import { expect, test, visit } from "../src/harness.js";

/** Whether an element's text runs past its box (what the listener would see cut off). */
const isClipped = (element: HTMLElement) =>
  element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;

const LONG = [
  { locale: "sr-Latn", button: "Nova plejlista", heading: "Tvoja biblioteka" },
  { locale: "fil", button: "Bagong Playlist", heading: "Iyong Library" },
  { locale: "vi", button: "Danh sách phát mới", heading: "Thư viện" },
  { locale: "es", button: "Nueva playlist", heading: "Tu biblioteca" },
  { locale: "ar", button: "قائمة تشغيل جديدة", heading: "مكتبتك" },
];

test.describe("long translations", () => {
  for (const { locale, button, heading } of LONG) {
    test(`${locale}: the Library's heading and 'New Playlist' are whole`, async ({ app }) => {
      const { context, page } = await app.phone();
      await context.addCookies([{ name: "pb_locale", value: locale, url: app.url }]);
      await visit(page, "/library");
      const newPlaylist = page.getByRole("button", { name: button });
      await expect(newPlaylist).toBeVisible();
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
      for (const part of [
        newPlaylist,
        newPlaylist.locator(".mantine-Button-label"),
        page.getByRole("heading", { name: heading }),
      ])
        expect(await part.evaluate(isClipped), `${locale}: ${await part.textContent()}`).toBe(false);
      // Both inside the phone's width.
      const box = await newPlaylist.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    });
  }
});
