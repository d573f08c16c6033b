// Accounts end to end: a guest signs in through the Pi simulator's dialog, its name shows,
// a new avatar shows after upload, and logging out returns to a guest.
import type { Page } from "@playwright/test";
import { expect, test, visit } from "../src/harness.js";

// A 1x1 purple PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** The current toast's title, once one with this title shows. */
const toast = (page: Page, title: string) => page.locator("[data-toast]").getByText(title, { exact: true });

/** Signs in through the simulator's dialog as `username`. */
async function signInWithSimulator(page: Page, username: string) {
  // The app loads the SDK once it runs: a tap before it is there gets the 'loading' toast.
  await page.waitForFunction(() => "Pi" in window);
  await page.getByTestId("pi-sign-in").first().click();
  const dialog = page.getByTestId("pi-sim-dialog");
  await dialog.waitFor();
  await page.getByTestId("pi-sim-username").fill(username);
  await page.getByTestId("pi-sim-allow").click();
  await toast(page, "Authenticated").waitFor();
}

test.describe("accounts in the browser", () => {
  test("a guest signs in with Pi, changes the avatar, and logs out back to a guest", async ({ app }) => {
    const { page, context } = await app.phone();
    try {
      await visit(page, "/profile");
      // A guest session starts by itself.
      await page.getByRole("heading", { name: "Guest User", level: 2 }).waitFor();
      const guestId = await page.evaluate(
        () => JSON.parse(localStorage.getItem("pi-user") ?? "{}").uid as string,
      );
      expect(guestId).toMatch(/^guest-/);
      expect(await page.getByText("Free Account").count()).toBe(1);

      await signInWithSimulator(page, "ada_e2e");
      await page.getByRole("heading", { name: "ada_e2e", level: 2 }).waitFor();
      const record = await page.evaluate(
        () => JSON.parse(localStorage.getItem("pi-user") ?? "{}") as { uid: string },
      );
      expect(record.uid).not.toMatch(/^guest-/);
      expect(await page.evaluate(() => document.cookie)).toContain("pi_backup=");

      // A new picture.
      await page.getByRole("link", { name: "Edit Profile" }).click();
      await page.getByRole("heading", { name: "Edit Profile" }).waitFor();
      expect(await page.getByTestId("account-user-id").textContent()).toBe(record.uid);
      await page
        .getByTestId("avatar-input")
        .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
      await toast(page, "Avatar Updated").waitFor();
      const avatar = page.locator('[data-testid="user-avatar"] img').first();
      await expect.poll(() => avatar.getAttribute("src")).toMatch(/^\/objects\/.+\.png$/);
      const src = (await avatar.getAttribute("src"))!;
      const served = await page.request.get(src);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("image/png");
      // What the page shows is the upload at the avatar's size (the server makes it), not the file as sent.
      await expect
        .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
        .toMatch(/\/objects\/.+\.png\?w=\d+$/);

      // The name, through the form.
      const nameInput = page.getByLabel("Display Name");
      await nameInput.fill("");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await page.getByText("Name is required").waitFor();
      await nameInput.fill("Ada Lovelace");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await toast(page, "Profile Updated").waitFor();
      await page.waitForURL(/\/profile$/);
      await page.getByRole("heading", { name: "Ada Lovelace", level: 2 }).waitFor();
      await expect
        .poll(() => page.locator('[data-testid="user-avatar"] img').first().getAttribute("src"))
        .toBe(src);

      // Logging out returns to a (new) guest.
      await page.getByRole("button", { name: "Log out" }).click();
      await toast(page, "Logged Out").waitFor();
      await page.getByRole("heading", { name: "Guest User", level: 2 }).waitFor();
      await page.getByTestId("pi-sign-in").waitFor();
      const after = await page.evaluate(
        () => JSON.parse(localStorage.getItem("pi-user") ?? "{}").uid as string,
      );
      expect(after).toMatch(/^guest-/);
      expect(after).not.toBe(guestId);
    } finally {
      await context.close();
    }
  });
});
