// Starts the production build of the app on a free loopback port and drives Debian's Chromium at phone size:
// the journeys' `test`, whose `app` fixture is the file's own app (fixtures of Playwright's runner).
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "@playwright/test";
import { chromiumLaunchOptions, PHONE, type AutoplayPolicy } from "./chromium.js";

export { expect } from "@playwright/test";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface RunningApp {
  url: string;
  stop(): Promise<void>;
}

/** How long the app may take to start. */
const APP_START_LIMIT_MS = 15 * 60_000;

/** The built API (apps/api/dist) serving the built web app, on a fresh in-memory database with the Pi simulator. */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ["--enable-source-maps", path.join(repoRoot, "apps/api/dist/main.js")],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: "development",
        DATABASE_URL: "",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: "memory://",
        PI_SIMULATOR: "1",
        LOG_LEVEL: "warn",
        // Journeys check what a person sees, not how fast the server renders: on a loaded CI machine a page
        // rendered in 1.5 s alone can take longer and would be sent not server-rendered (that fallback is an API test).
        RENDER_TIMEOUT_MS: "60000",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    // A start renders Home before it says it runs: on a loaded 2-core machine that has taken minutes. A start
    // that never comes is stopped, not left running.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the app did not start in time:\n${output}`));
    }, APP_START_LIMIT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PurpleBeats is running at (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

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
}

/** What a journey uses: the running app's origin and fresh phone-sized pages on it. */
export interface JourneyApp {
  url: string;
  /** A fresh phone-sized page in its own context (with `options` added to the context's). */
  phone(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
}

/** The launch of the app that journeys with no environment of their own share. */
const SHARED_APP: AppLaunch = { env: {} };

export const test = base.extend<{ app: JourneyApp }, { appLaunch: AppLaunch; server: RunningApp }>({
  // The shared app unless a file asks for its own with useApp (or overrides it, like the S3 journey).
  appLaunch: [SHARED_APP, { scope: "worker", option: true }],
  server: [
    async ({ appLaunch }, use) => {
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
 * own worker, and with it its own app on a fresh in-memory database. A file that does not call it shares
 * one app with the others like it: each journey signs in as its own listener or plays as a new guest, so
 * what one leaves behind is not another's starting point.
 */
export function useApp(
  env: Record<string, string>,
  { autoplayPolicy }: { autoplayPolicy?: AutoplayPolicy } = {},
) {
  test.use({
    appLaunch: { env },
    ...(autoplayPolicy ? { launchOptions: chromiumLaunchOptions(autoplayPolicy) } : {}),
  });
}
