import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions, PHONE } from "./src/chromium.js";

export default defineConfig({
  testDir: "tests",
  globalSetup: "./global-setup.ts",
  testMatch: "**/*.test.ts",
  // Two journeys at a time on two cores: one journey alone keeps about one core busy (Chromium, the app and the
  // runner: CPU time about equals wall time with one worker), so a third would only wait for the cores.
  // E2E_WORKERS=1 runs them one at a time, to tell a journey that fails alone from one that fails beside another.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  // A failed journey runs once more, recording its trace (below); passing then, it is flaky, and a flaky
  // journey fails the run as a failed one does: it is fixed, not retried into a pass.
  retries: 1,
  failOnFlakyTests: true,
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
    // Recorded on the retry only: recording every journey (screenshots, DOM snapshots) cost about a fifth of
    // the journeys' CPU, and nearly every journey passes.
    trace: "on-first-retry",
  },
});
