// Who you are, in Chromium at phone size: everyone has an account entry in
// the header (a guest: Profile and Sign in with Pi; an admin: Admin); a second tab follows a sign-in and a
// log-out at once; a premium member whose membership read is slow or failed is never offered 'Upgrade to
// Premium'; one listener's playlist stays out of another's Home and Library.
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test, useApp, visit } from "../src/harness.js";
import { becomePremium, settleAppSession } from "../src/premium.js";

const ADMIN_UID = "e2e-polish-admin";
const CLIENT = { "x-purplebeats-client": "1" };

const toast = (page: Page, title: string) => page.locator("[data-toast]").getByText(title, { exact: true });

/** Opens the header's account entry and returns its menu. */
async function openAccountMenu(page: Page) {
  await page.getByTestId("profile-menu-button").first().click();
  const menu = page.getByTestId("profile-menu");
  await menu.waitFor();
  return menu;
}

const menuItems = async (page: Page) =>
  (await page.getByTestId("profile-menu").getByRole("menuitem").allTextContents()).map((text) => text.trim());

/** Signs in through the Pi simulator's dialog as `username`, as a listener would. */
async function signInWithSimulator(page: Page, username: string) {
  await page.waitForFunction(() => "Pi" in window);
  await page.getByTestId("pi-sign-in").first().click();
  await page.getByTestId("pi-sim-dialog").waitFor();
  await page.getByTestId("pi-sim-username").fill(username);
  await page.getByTestId("pi-sim-allow").click();
  await toast(page, "Authenticated").waitFor();
}

/** The names of the playlist cards in Home's 'Made For You' once the listener's own have had time to arrive. */
async function madeForYou(page: Page): Promise<string[]> {
  const section = page.getByTestId("home-section-made-for-you");
  await section.getByTestId("playlist-card").first().waitFor();
  return section.getByTestId("playlist-card").allTextContents();
}

async function createPlaylist(page: Page, name: string): Promise<string> {
  const created = await page.request.post("/api/playlists", { data: { name }, headers: CLIENT });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

useApp({ ADMIN_UIDS: ADMIN_UID });

test.describe("who you are", () => {
  test("a guest's account entry offers Profile and Sign in with Pi; an admin's offers Admin", async ({
    app,
  }) => {
    const guest = await app.phone();
    try {
      const page = guest.page;
      await visit(page, "/");
      await settleAppSession(page);
      await openAccountMenu(page);
      const items = await menuItems(page);
      expect(items).toContain("Profile");
      expect(items).toContain("Sign in with Pi");
      expect(items).not.toContain("Admin");
      expect(items).not.toContain("Log out");
      await page.getByRole("menuitem", { name: "Profile", exact: true }).click();
      await page.waitForURL(/\/profile$/);
      await page.getByRole("heading", { name: "Guest User", level: 2 }).waitFor();
    } finally {
      await guest.context.close();
    }

    const admin = await app.phone();
    try {
      const page = admin.page;
      await visit(page, "/");
      await settleAppSession(page);
      const grant = await page.request.post("/pi-sim/__control/users", {
        data: { username: "polish_admin", uid: ADMIN_UID },
      });
      const login = await page.request.post("/api/pi/login", { data: await grant.json(), headers: CLIENT });
      expect(login.status()).toBe(200);
      await visit(page, "/");
      // A free (not premium) admin: 'Go Premium' and the entry side by side, the entry leading to /admin.
      await page.getByRole("link", { name: "Go Premium" }).first().waitFor();
      await expect
        .poll(async () => {
          await openAccountMenu(page);
          const items = await menuItems(page);
          await page.keyboard.press("Escape");
          return items;
        })
        .toEqual(expect.arrayContaining(["Profile", "Admin", "Log out"]));
      await openAccountMenu(page);
      await page.getByRole("menuitem", { name: "Admin", exact: true }).click();
      await page.waitForURL(/\/admin$/);
    } finally {
      await admin.context.close();
    }
  });

  test("a second tab follows a sign-in and a log-out at once", async ({ app }) => {
    const { context, page } = await app.phone();
    try {
      await visit(page, "/profile");
      await page.getByRole("heading", { name: "Guest User", level: 2 }).waitFor();
      const second = await context.newPage();
      await visit(second, "/profile");
      await second.getByRole("heading", { name: "Guest User", level: 2 }).waitFor();

      await signInWithSimulator(page, "two_tabs");
      await second.getByRole("heading", { name: "two_tabs", level: 2 }).waitFor({ timeout: 8_000 });

      await page.getByRole("button", { name: "Log out" }).click();
      await toast(page, "Logged Out").waitFor();
      // At once, not at the second tab's next call (nothing is tapped there).
      await second.getByRole("heading", { name: "Guest User", level: 2 }).waitFor({ timeout: 8_000 });
      expect(await second.getByRole("heading", { name: "two_tabs", level: 2 }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test("one listener's playlists stay out of another's Home and Library; your newest comes first", async ({
    app,
  }) => {
    const contexts: BrowserContext[] = [];
    try {
      const a = await app.phone();
      contexts.push(a.context);
      await visit(a.page, "/");
      await becomePremium(a.page, "maker_a");
      const older = `Ada Older Mix ${Date.now() % 100000}`;
      const newer = `Ada Newer Mix ${Date.now() % 100000}`;
      await createPlaylist(a.page, older);
      await a.page.waitForTimeout(50);
      await createPlaylist(a.page, newer);

      const b = await app.phone();
      contexts.push(b.context);
      await visit(b.page, "/");
      await becomePremium(b.page, "listener_b");
      const own = `Bea Own Mix ${Date.now() % 100000}`;
      await createPlaylist(b.page, own);

      // B's Home: the editorial playlists and B's own, never A's.
      await visit(b.page, "/");
      await expect
        .poll(() => madeForYou(b.page), { timeout: 20_000 })
        .toEqual(expect.arrayContaining([expect.stringContaining(own)]));
      const bHome = (await madeForYou(b.page)).join("\n");
      expect(bHome).not.toContain(older);
      expect(bHome).not.toContain(newer);

      // B's Library: B's own only.
      await visit(b.page, "/library");
      const bRecent = b.page.getByTestId("library-recently-added");
      await bRecent.getByText(own).waitFor();
      expect(await bRecent.getByText(older).count()).toBe(0);
      expect(await bRecent.getByText(newer).count()).toBe(0);

      // A's own: in A's Home, and in A's Library newest first.
      await visit(a.page, "/");
      await expect
        .poll(() => madeForYou(a.page), { timeout: 20_000 })
        .toEqual(expect.arrayContaining([expect.stringContaining(older), expect.stringContaining(newer)]));
      expect((await madeForYou(a.page)).join("\n")).not.toContain(own);
      await visit(a.page, "/library");
      const aRecent = a.page.getByTestId("library-recently-added");
      await aRecent.getByText(older).waitFor();
      const text = (await aRecent.textContent()) ?? "";
      expect(text.indexOf(newer)).toBeGreaterThanOrEqual(0);
      expect(text.indexOf(newer)).toBeLessThan(text.indexOf(older));
      expect(text).not.toContain(own);
    } finally {
      for (const context of contexts) await context.close();
    }
  });
});

/** The membership read of the signed-in listener (tRPC may batch it with other reads in one request). */
