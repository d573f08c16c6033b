import { it } from "vitest";
import { launchBrowser, newPhone, startApp } from "/work/main/e2e/src/harness.js";
it("debug", async () => {
  const app = await startApp();
  const browser = await launchBrowser();
  const { page } = await newPhone(browser, app.url);
  page.on("console", (m) => console.log("CONSOLE", m.type(), m.text()));
  page.on("response", (r) => { if (r.url().includes("/trpc") || r.url().includes("pi")) console.log("RESP", r.status(), r.url().slice(0, 150)); });
  await page.goto("/profile");
  await page.getByRole("heading", { name: "Guest User", level: 2 }).waitFor();
  await page.getByTestId("pi-sign-in").first().click();
  await page.getByTestId("pi-sim-dialog").waitFor();
  await page.getByTestId("pi-sim-username").fill("ada_e2e");
  await page.getByTestId("pi-sim-allow").click();
  await page.waitForTimeout(4000);
  console.log("TOASTS", await page.locator("[data-toast]").allTextContents());
  await browser.close(); await app.stop();
}, 90000);
