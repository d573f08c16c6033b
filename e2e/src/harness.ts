// Drives Debian's Chromium at phone size against the app under test (src/app-process.ts): the journeys'
// `test`, whose `app` fixture is the file's app (fixtures of Playwright's runner).
import {
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "@playwright/test";
import { APP_START_LIMIT_MS, startApp, type RunningApp } from "./app-process.js";
import { chromiumLaunchOptions, PHONE, type AutoplayPolicy } from "./chromium.js";
import { SHARED_APP_URL_VARIABLE } from "./shared-app.js";

export { expect } from "@playwright/test";
export { startApp, type RunningApp } from "./app-process.js";

/**
 * A phone-sized page (390×844, touch) at the app's origin; `options` add to the context's (e.g.
 * `serviceWorkers: "block"`: a visit before the app's service worker is installed, or a browser without one).
 */
export async function newPhone(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PHONE, ...options, baseURL });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Opens `path` and waits for the app to have its first screen: a server-rendered page shows before its
 * code has run, and a tap until then does nothing (apps/web/src/app/shell/AppLayout.tsx marks it).
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await appReady(page);
}

/** Reloads the page and waits for the app, as visit does. */
export async function reload(page: Page): Promise<void> {
  await page.reload();
  await appReady(page);
}

/** Waits for the app to have the page's first screen (after a navigation the page started itself). */
export async function appReady(page: Page): Promise<void> {
  await page.waitForSelector('html[data-app="ready"]', { state: "attached" });
}

export interface AppLaunch {
  /** The app's environment on top of the journeys' (an admin's uid, a music folder, a bucket...). */
  env: Record<string, string>;
  /** The one app the global setup started for every worker (env is then empty). */
  shared?: boolean;
}

/** What a journey uses: the running app's origin and fresh phone-sized pages on it. */
export interface JourneyApp {
  url: string;
  /** A fresh phone-sized page in its own context. */
  phone(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
}

/** The launch of the app that journeys with no environment of their own share. */
const SHARED_APP: AppLaunch = { env: {}, shared: true };

export const test = base.extend<{ app: JourneyApp }, { appLaunch: AppLaunch; server: RunningApp }>({
  // The shared app unless a file asks for its own with useApp (or overrides it, like the S3 journey).
  appLaunch: [SHARED_APP, { scope: "worker", option: true }],
  server: [
    async ({ appLaunch }, use) => {
      const sharedUrl = process.env[SHARED_APP_URL_VARIABLE];
      if (appLaunch.shared && sharedUrl) {
        // Started once for the run by the global setup, which also stops it.
        await use({ url: sharedUrl, stop: async () => {} });
        return;
      }
      const server = await startApp(appLaunch.env);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    // Its own time: a first start can take minutes on a loaded machine (APP_START_LIMIT_MS).
    { scope: "worker", timeout: APP_START_LIMIT_MS + 60_000 },
  ],
  app: async ({ server, browser }, use) => {
    await use({ url: server.url, phone: (options) => newPhone(browser, server.url, options) });
  },
});

/**
 * At the top of a journey file that needs an app of its own: one started with `env` (an admin's uid, a
 * render limit) or a Chromium with another autoplay policy. Every call gives the runner a new worker-scoped
 * option value, and a worker serves only files whose worker options are the same ones: so the file gets its
 * own worker, and with it its own app on a fresh in-memory database (a call with no environment, for another
 * Chromium only, keeps the shared app). A file that does not call it shares the one app the global setup
 * started, with every worker: each journey signs in as its own listener or plays as a new guest, so what
 * one leaves behind, or does at the same time, is not another's starting point.
 */
export function useApp(
  env: Record<string, string>,
  { autoplayPolicy }: { autoplayPolicy?: AutoplayPolicy } = {},
) {
  test.use({
    // No environment of its own: a file that only needs another Chromium keeps the shared app.
    appLaunch: { env, shared: Object.keys(env).length === 0 },
    ...(autoplayPolicy ? { launchOptions: chromiumLaunchOptions(autoplayPolicy) } : {}),
  });
}
