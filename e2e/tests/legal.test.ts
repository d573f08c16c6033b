// The legal notice: reached from Premium and the account menu, server-rendered, with the default texts.
import { expect, test, visit } from "../src/harness.js";

test.describe("the legal notice", () => {
  test("a free listener reads the terms and the privacy notice from Premium and from the account menu", async ({
    app,
  }) => {
    // The server's HTML has the texts before any script runs (a crawler or a slow phone sees them).
    const html = await (await fetch(`${app.url}/legal`)).text();
    expect(html).toContain("Privacy Notice");
    expect(html).toContain("what PurpleBeats stores about you");

    const { page, context } = await app.phone();
    await visit(page, "/premium");
    await page.getByRole("link", { name: "Terms of Use and Privacy Notice" }).click();
    await expect(page).toHaveURL(/\/legal$/);
    await expect(page.getByRole("heading", { level: 1, name: "Legal Notice" })).toBeVisible();
    const privacy = page.getByRole("region", { name: "Privacy Notice" });
    await expect(privacy.getByText("Your newest 500 plays", { exact: false })).toBeVisible();
    await expect(page.getByRole("region", { name: "Terms of Use" }).getByRole("listitem")).toHaveCount(5);

    await visit(page, "/");
    await page.getByRole("button", { name: "Open profile menu" }).click();
    await page.getByRole("menuitem", { name: "Terms & Privacy" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Legal Notice" })).toBeVisible();
    await context.close();
  });
});
