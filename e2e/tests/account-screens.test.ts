// The account menu's screens in Chromium at phone size: a premium listener opens Account (sign-in, the
// receipt of their payment), Recently played (their plays, newest first) and Settings & Privacy from the
// avatar menu, downloads their data as a JSON file, then deletes the account and continues as a new guest.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test, visit } from "../src/harness.js";
import { becomePremium } from "../src/premium.js";

const CLIENT = { "x-purplebeats-client": "1" };

/** The avatar menu lives in Home's header: a screen of the menu goes back there first (its back arrow). */
async function openFromMenu(page: Page, item: string) {
  const back = page.getByRole("link", { name: "Back to Home" });
  if (await back.isVisible()) await back.click();
  await page.getByRole("button", { name: "Open profile menu" }).click();
  await page.getByTestId("profile-menu").getByRole("menuitem", { name: item }).click();
}

test.describe("the account menu's screens", () => {
  test("Account, Recently played and Settings from the avatar menu; download my data; delete my account", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    await visit(page, "/");
    const name = `acct_${Date.now() % 100000}`;
    const uid = await becomePremium(page, name);
    const songs = (await (await page.request.get("/api/songs?limit=2")).json()) as Array<{
      id: string;
      title: string;
    }>;
    for (const song of songs) {
      expect((await page.request.post(`/api/songs/${song.id}/plays`, { headers: CLIENT })).ok()).toBe(true);
    }
    await visit(page, "/");

    // Account: signed in with Pi, premium, the payment's receipt.
    await openFromMenu(page, "Account");
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    await expect(page.getByTestId("account-pi-username")).toHaveText(name);
    await expect(page.getByRole("region", { name: "Membership" }).getByText("Premium Member")).toBeVisible();
    const receipt = page.getByTestId("receipt");
    await expect(receipt).toHaveCount(1);
    await expect(receipt.getByText("3.14 π")).toBeVisible();
    await expect(receipt.getByText("Paid")).toBeVisible();

    // Recently played: the two plays, the latest first.
    await openFromMenu(page, "Recently played");
    await expect(page).toHaveURL(/\/recently-played$/);
    const history = page.getByRole("list", { name: "Play history" });
    await expect(history.getByRole("listitem")).toHaveCount(2);
    await expect(history.getByRole("listitem").first()).toContainText(songs[1]!.title);

    // Settings & Privacy: the data as a file, with this listener's account in it.
    await openFromMenu(page, "Settings & Privacy");
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("region", { name: "Listening settings" })).toBeVisible();
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download my data" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^purplebeats-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await download.path())!, "utf8")) as {
      userId: string;
      sections: { account: Array<{ username: string }>; plays: unknown[]; payments: unknown[] };
    };
    expect(exported.userId).toBe(uid);
    expect(exported.sections.account[0]!.username).toBe(name);
    expect(exported.sections.plays).toHaveLength(2);
    expect(exported.sections.payments).toHaveLength(1);

    // Delete my account: asked first, then a new guest at Home with nothing of the old account.
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete my account" });
    await dialog.getByRole("button", { name: "Delete account" }).click();
    await page.locator("[data-toast]").filter({ hasText: "Account Deleted" }).first().waitFor();
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(
        async () =>
          ((await (await page.request.get("/api/me", { headers: CLIENT })).json()) as { uid: string } | null)
            ?.uid,
      )
      .toMatch(/^guest-/);
    await openFromMenu(page, "Recently played");
    await expect(page.getByText("Nothing played yet")).toBeVisible();
    await context.close();
  });
});
