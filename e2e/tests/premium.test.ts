// Premium end to end: sign in through the Pi simulator, open Premium, upgrade, approve the payment
// in the simulator's dialog, then see 'You're Premium!' and the profile dropdown in the header.
import type { Page } from "@playwright/test";
import { expect, test, visit } from "../src/harness.js";

const toast = (page: Page, title: string) => page.locator("[data-toast]").getByText(title, { exact: true });

test.describe("premium in the browser", () => {
  test("a listener pays 3.14 π through the wallet and becomes a premium member", async ({ app }) => {
    const { page, context } = await app.phone();
    try {
      await visit(page, "/");
      // Everyone who is not premium sees 'Go Premium'.
      await page.getByRole("link", { name: "Go Premium" }).click();
      await page.waitForURL(/\/premium$/);
      await page.getByRole("heading", { name: "Free Plan" }).waitFor();

      await page.getByRole("button", { name: "Upgrade to Premium" }).click();
      const card = page.getByTestId("payment-card");
      await card.waitFor();

      // Not connected: connect the wallet (sign in with the payments scope), once the app has loaded the SDK.
      await page.waitForFunction(() => "Pi" in window);
      await card.getByRole("button", { name: "Connect Pi Wallet" }).click();
      await page.getByTestId("pi-sim-dialog").waitFor();
      await page.getByTestId("pi-sim-username").fill("grace_e2e");
      await page.getByTestId("pi-sim-allow").click();
      await toast(page, "Authenticated").waitFor();

      // Connected: pay, and approve in the wallet once the server has approved.
      await card.getByRole("button", { name: "Pay 3.14π" }).click();
      await page.getByTestId("pi-sim-memo").waitFor({ timeout: 30_000 });
      expect(await page.getByTestId("pi-sim-memo").textContent()).toContain("PurpleBeats Premium - 1 month");
      await page.getByTestId("pi-sim-approve").click();

      await toast(page, "Payment Successful").waitFor({ timeout: 30_000 });
      await page.getByText("You're Premium!").waitFor();
      const membership = page.getByTestId("membership-card");
      await membership.getByText("Premium Member").waitFor();
      await membership.getByText("Active").waitFor();
      expect(await membership.textContent()).toMatch(/Expires in (28|29|30|31) days/);
      expect(await page.getByRole("button", { name: "Upgrade to Premium" }).count()).toBe(0);
      expect(await page.getByTestId("premium-feature").filter({ hasText: "Active" }).count()).toBe(5);

      // The header now has the profile dropdown instead of 'Go Premium'.
      await visit(page, "/");
      const menuButton = page.getByTestId("profile-menu-button");
      await menuButton.waitFor();
      // The membership is read after hydration (the header offers 'Go Premium' until it is known).
      await page.getByRole("link", { name: "Go Premium" }).waitFor({ state: "detached", timeout: 15_000 });
      await menuButton.click();
      const menu = page.getByTestId("profile-menu");
      await menu.getByText("Premium Member").waitFor();
      await menu.getByText("grace_e2e").waitFor();
      for (const item of [
        "Profile",
        "Account",
        "Notifications",
        "Recently played",
        "News & Updates",
        "Settings & Privacy",
        "Log out",
      ]) {
        await menu.getByRole("menuitem", { name: item }).waitFor();
      }
      expect(await menu.getByRole("menuitem", { name: "Reset Profile" }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
