// Sharing at 390x844: the album page's Share copies the album's link where the browser has no
// share sheet, and the copied link opens the album's page with its title in the server-rendered head
// (og:title, for link previews).
import { expect, test, visit } from "../src/harness.js";
import { shareCopiesLinks } from "../src/share.js";

const LONG = { timeout: 20_000 };

test.describe("share", () => {
  test("the album page's Share copies a link that opens the album with its og:title", async ({ app }) => {
    const { page, context } = await app.phone();
    const clipboard = await shareCopiesLinks(context, page, app.url);
    await visit(page, "/");
    const row = page.getByTestId("home-section-top-charts").getByTestId("song-row").first();
    await row.waitFor(LONG);
    await row.getByRole("button", { name: /^Options for / }).click();
    await page.getByRole("menuitem", { name: "Go to album" }).click();
    await page.waitForURL(/\/album\/[0-9a-f-]{36}$/, LONG);
    const albumPath = new URL(page.url()).pathname;
    const title = (await page.getByTestId("page-title").textContent())!;

    const shareButton = page.getByRole("button", { name: `Share ${title}` });
    const box = (await shareButton.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await shareButton.click();
    await page.getByText("Link copied").waitFor(LONG);
    const copied = await clipboard.copied();
    expect(copied).toBe(new URL(albumPath, app.url).toString());

    // The link as a preview bot reads it: the server's HTML names the album.
    const html = await (await page.request.get(copied)).text();
    const ogTitle = /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1];
    const attribute = (text: string) =>
      text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    expect(ogTitle).toBe(attribute(title));

    // And as a person opens it: the album's page.
    await visit(page, copied);
    await page.getByTestId("page-title").getByText(title, { exact: true }).waitFor(LONG);
    expect(await page.title()).toContain(title);
    await context.close();
  });
});
