// A listener switches the app to Arabic on Settings at phone size: the app reads Arabic at once and mirrors
// (right to left), and the next page the server draws is Arabic from its first byte, as the choice is kept.
import { expect, test, visit } from "../src/harness.js";

test.describe("languages", () => {
  test("Settings' language picker switches the app to Arabic, mirrored, and the server draws the next page in it", async ({
    app,
  }) => {
    const { page } = await app.phone();
    await visit(page, "/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings & Privacy" })).toBeVisible();

    await page.getByLabel("App language").selectOption("ar");
    await expect(page.getByRole("heading", { level: 1, name: "الإعدادات والخصوصية" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    const nav = page.getByTestId("bottom-nav");
    await expect(nav.getByRole("link", { name: "الرئيسية" })).toBeVisible();
    // Mirrored: Home, the first tab, is now at the right end of the bar.
    const home = await nav.getByRole("link", { name: "الرئيسية" }).boundingBox();
    const liked = await nav.getByRole("link", { name: "الأغاني التي أعجبتك" }).boundingBox();
    expect(home && liked && home.x > liked.x).toBe(true);

    // The choice is kept: the server draws Home in Arabic (no English first), right to left.
    const response = await page.request.get("/");
    const html = await response.text();
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(html).toContain("الرائج الآن");
    await visit(page, "/");
    await expect(page.getByRole("heading", { name: "الرائج الآن" })).toBeVisible();
    await expect(page.getByTestId("bottom-nav").getByRole("link", { name: "المكتبة" })).toBeVisible();
    // The page carried only Home's messages: the rest of Arabic came after it, so the next screen is Arabic too.
    await page.getByTestId("bottom-nav").getByRole("link", { name: "المكتبة" }).click();
    await expect(page.getByRole("heading", { name: "مكتبتك" })).toBeVisible();

    // And back to English, SPEC.md's words.
    await visit(page, "/settings");
    await page.getByLabel("لغة التطبيق").selectOption("en");
    await expect(page.getByRole("heading", { level: 1, name: "Settings & Privacy" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  });
});
