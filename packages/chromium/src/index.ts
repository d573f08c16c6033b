// Debian's Chromium as every headless browser of ours runs it: the end-to-end journeys (Playwright), the
// Lighthouse runs and the interaction traces (bench). One flag list and one executable lookup, so that a
// flag added for one is not missing from the others.

/** Headless, no sandbox or GPU (containers), and none of Chromium's own traffic during a measurement. */
export const CHROMIUM_FLAGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // A container's /dev/shm is small: shared memory goes to /tmp instead of crashing a tab.
  "--disable-dev-shm-usage",
];

/** The system's Chromium (never a downloaded one): CHROME_PATH or CHROMIUM_PATH, else Debian's. */
export const chromiumPath = (env: NodeJS.ProcessEnv = process.env): string =>
  env.CHROME_PATH || env.CHROMIUM_PATH || "/usr/bin/chromium";

export { settled, watchNetwork, type NetworkWatch, type WatchablePage } from "./settled.js";
