import { expect, type Page } from "@playwright/test";
import { settleAppSession } from "./premium.js";

const CLIENT = { "x-purplebeats-client": "1" };

/** Signs the browser context in through the Pi simulator as an admin named in ADMIN_UIDS. */
export async function signInAsAdmin(page: Page, uid: string, username = "admin_e2e"): Promise<void> {
  await settleAppSession(page);
  const grant = await page.request.post("/pi-sim/__control/users", { data: { username, uid } });
  const login = await page.request.post("/api/pi/login", { data: await grant.json(), headers: CLIENT });
  expect(login.status()).toBe(200);
}
