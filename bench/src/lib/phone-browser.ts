// Debian's Chromium as the listening budgets drive it: the project's flags, and a phone-sized page as the
// end-to-end journeys use (e2e/src/chromium.ts).
import { chromium, type Browser, type BrowserContext } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "@purplebeats/chromium";

/** Headless Chromium that plays audio without a gesture history (the bench taps Play itself). */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_FLAGS, "--autoplay-policy=no-user-gesture-required"],
    headless: true,
  });

/** A phone: 390x844, touch, at the app's origin. */
export const newPhoneContext = (browser: Browser, baseURL: string): Promise<BrowserContext> =>
  browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    baseURL,
  });
