import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions, PHONE } from "./src/chromium.js";

export default defineConfig({
  testDir: "tests",
  globalSetup: "./global-setup.ts",
  testMatch: "**/*.test.ts",
  // One browser journey at a time: two cores also run the server.
  workers: 1,
  fullyParallel: false,
  // A flaky journey is fixed, not retried.
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 90_000,
  // As long as an action may wait: a poll whose read waits for an element (a locator's textContent) is cut at
  // this limit, where vitest's poll let that read finish; on a loaded machine a page takes ~20 s to be ready.
  expect: { timeout: 30_000 },
  outputDir: "test-results/artifacts",
  reporter: [["list"], ["html", { outputFolder: "test-results/report", open: "never" }]],
  use: {
    launchOptions: chromiumLaunchOptions(),
    ...PHONE,
    // Playwright's own library defaults, as the journeys had before the runner.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    trace: "retain-on-failure",
  },
});
