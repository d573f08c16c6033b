// A premium member is never offered 'Upgrade to Premium' while the app does not know the
// membership yet. A member's page is normally server-rendered with their membership (no unknown moment); it is
// unknown when the server could not render the page in time and the browser reads the membership itself, so this
// app renders nothing on the server (RENDER_TIMEOUT_MS=1: no page is sent server-rendered).
import { test, useApp, visit, expect } from "../src/harness.js";
import { becomePremium } from "../src/premium.js";

useApp({ RENDER_TIMEOUT_MS: "1" });

function isMembershipRead(url: URL): boolean {
  return url.pathname.startsWith("/trpc/") && url.pathname.includes("membership.get");
}

test.describe("a membership the browser reads itself", () => {
  test("a premium member is never offered 'Upgrade to Premium' while the membership is unknown", async ({
    app,
  }) => {
    const { context, page } = await app.phone();
    try {
      await visit(page, "/");
      await becomePremium(page, "slow_member");

      // A slow membership read: nothing offered and no error while it is under way, then 'You're Premium!'.
      const SLOW_MS = 4000;
      await page.route(isMembershipRead, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
        await route.continue();
      });
      await visit(page, "/premium");
      const started = Date.now();
      while (Date.now() - started < SLOW_MS - 1000) {
        expect(await page.getByRole("button", { name: "Upgrade to Premium" }).count()).toBe(0);
        expect(await page.getByRole("alert").count()).toBe(0);
        await page.waitForTimeout(250);
      }
      await page.getByText("You're Premium!").waitFor({ timeout: 20_000 });
      expect(await page.getByRole("button", { name: "Upgrade to Premium" }).count()).toBe(0);
      await page.unroute(isMembershipRead);

      // A failed read: the error (SPEC's '{status}: {body}') with a retry, and still no offer.
      await page.route(isMembershipRead, (route) =>
        route.fulfill({ status: 500, contentType: "text/plain", body: "membership store down" }),
      );
      await visit(page, "/premium");
      await page.getByRole("alert").getByText("500: membership store down").waitFor();
      expect(await page.getByRole("button", { name: "Upgrade to Premium" }).count()).toBe(0);
      await page.unroute(isMembershipRead);
      await page.getByRole("button", { name: "Try again" }).click();
      await page.getByText("You're Premium!").waitFor();
      expect(await page.getByRole("button", { name: "Upgrade to Premium" }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
