import { expect, test, visit } from "../src/harness.js";

/** How far the page can scroll sideways at 390 px (0 when nothing sticks out). */
const sidewaysScroll = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;

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

  test("a new listener's Home does not move when 'Recently Played' learns it is empty", async ({ app }) => {
    const { page, context } = await app.phone();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    await visit(page, "/");
    // The session is read once the page is idle; then the section says there is nothing yet.
    await page.getByText("Nothing played yet: start with what's trending.").waitFor();
    await page.waitForTimeout(500);
    const shifted = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    expect(shifted.reduce((sum, value) => sum + value, 0)).toBe(0);
    await context.close();
  });
});
