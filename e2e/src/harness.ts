// Starts the production build of the app on a free loopback port and drives Debian's Chromium at phone size.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll } from "vitest";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

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
        // Journeys check what a person sees, not how fast the server draws: on a loaded CI machine a page
        // drawn in 1.5 s alone can take longer and would be sent undrawn (that fallback is an API test).
        RENDER_TIMEOUT_MS: "60000",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    // A first start encodes the seed's renditions and draws Home before it says it runs: on a loaded 2-core
    // machine that has taken minutes. A start that never comes is stopped, not left running.
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

export interface BrowserOptions {
  /**
   * Chromium's autoplay policy. Journeys press play without a real gesture history by default; a journey on
   * what a blocked play() does asks for a gesture, as a phone browser does.
   */
  autoplayPolicy?: "no-user-gesture-required" | "user-gesture-required";
}

export async function launchBrowser({
  autoplayPolicy = "no-user-gesture-required",
}: BrowserOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [...CHROMIUM_FLAGS, `--autoplay-policy=${autoplayPolicy}`],
    headless: true,
  });
}

/** A phone-sized page (390×844, touch) at the app's origin. */
export async function newPhone(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Opens `path` and waits for the app to have its first screen: a page the server drew shows before its
 * code has run, and a tap until then does nothing (apps/web/src/components/shell/AppLayout.tsx marks it).
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

/** For a journey suite: the app and a browser start before its tests and stop after them. */
export function useAppInBrowser(env: Record<string, string> = {}, browserOptions: BrowserOptions = {}) {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    app = await startApp(env);
    browser = await launchBrowser(browserOptions);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  const started = () => {
    if (!app || !browser) throw new Error("the app is not running yet");
    return { app, browser };
  };
  return {
    get url() {
      return started().app.url;
    },
    /** A fresh phone-sized page in its own context. */
    phone: () => newPhone(started().browser, started().app.url),
  };
}
