import { expect, test, useApp, visit } from "../src/harness.js";

/** How far the page can scroll sideways at 390 px (0 when nothing sticks out). */
const sidewaysScroll = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;

useApp();

test.describe("layout at 390 px", () => {
  test("never scrolls sideways, even for a pasted 200-character search", async ({ app }) => {
    const { page, context } = await app.phone();
    const pasted = `https://example.com/${"a1b2c3d4e5".repeat(18)}`;
    expect(pasted.length).toBeGreaterThanOrEqual(200);
    await visit(page, `/search?q=${encodeURIComponent(pasted)}`);
    await page.getByTestId("search-results").waitFor();
    await page.getByText(/No results found for/).waitFor();
    expect(await page.evaluate(sidewaysScroll)).toBe(0);

    // Typed into the box too, with the suggestions open.
    const box = page.getByPlaceholder("Search songs, artists, albums...").first();
    await box.fill(pasted);
    await page.waitForTimeout(500);
    expect(await page.evaluate(sidewaysScroll)).toBe(0);
    await context.close();
  });
});
