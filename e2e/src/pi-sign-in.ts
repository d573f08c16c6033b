import type { Page } from "@playwright/test";

/** The toast whose title this is, once one shows. */
export const toastTitled = (page: Page, title: string) =>
  page.locator("[data-toast]").getByText(title, { exact: true });

/**
 * Signs in through the Pi simulator's dialog as `username`, as a listener would (a page showing the 'Sign in
 * with Pi' button: Profile). The SDK stays authenticated for this page load only, as Pi's does.
 */
export async function signInWithSimulator(page: Page, username: string): Promise<void> {
  // The app loads the SDK once it runs: a tap before it is there gets the 'loading' toast.
  await page.waitForFunction(() => "Pi" in window);
  await page.getByTestId("pi-sign-in").first().click();
  await page.getByTestId("pi-sim-dialog").waitFor();
  await page.getByTestId("pi-sim-username").fill(username);
  await page.getByTestId("pi-sim-allow").click();
  await toastTitled(page, "Authenticated").waitFor({ timeout: 20_000 });
}
