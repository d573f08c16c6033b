// A deploy while the app is open, in Chromium at phone size: the page's build is replaced on the server while a
// listener uses it. A chunk of the old build that is gone (404) is picked up by a reload when nothing plays, and
// otherwise the app says 'A new version is available' with a Reload (the shell stays, the song plays on); a new
// service worker waits and is offered the same way. Never a dead screen. The app serves a copy of the build of its
// own, which the journey changes as a deploy would.
import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { playFirstTrending } from "../src/audio-probe.js";
import { appReady, expect, test, useApp, visit } from "../src/harness.js";
import {
  expectShell,
  markDocument,
  sameDocument,
  screenUnavailable,
  settle,
  tab,
  WITHOUT_WORKER,
} from "../src/network.js";

const webApp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../apps/web");
/** The copy of the web build (and its server renderer, read from beside it) that this file's app serves. */
const build = mkdtempSync(path.join(tmpdir(), "purplebeats-deploy-"));
cpSync(path.join(webApp, "dist"), path.join(build, "dist"), { recursive: true });
cpSync(path.join(webApp, "dist-server"), path.join(build, "dist-server"), { recursive: true });
useApp({ WEB_DIST: path.join(build, "dist") });
test.afterAll(() => rmSync(build, { recursive: true, force: true }));

test.describe("a deploy while the app is open", () => {
  /**
   * After `deploy()`, the chunks matching `pattern` answer 404, as the old build's files do once a new build
   * replaced them, until the page loads again (the reloaded page is the new build's, whose files are there).
   */
  async function deployRemoving(page: Page, pattern: string) {
    let reloads = 0;
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) reloads += 1;
    });
    await page.route(pattern, (route) =>
      reloads > 0 ? route.continue() : route.fulfill({ status: 404, body: "Not Found" }),
    );
    return { reloaded: () => reloads > 0 };
  }

  test("a screen whose chunk is gone: the app reloads into it when nothing plays, else offers the new version", async ({
    app,
  }) => {
    const { page, context } = await app.phone(WITHOUT_WORKER);
    try {
      // Nothing plays: the tap lands on the new build's Library, by a reload.
      await visit(page, "/");
      await settle(page);
      const library = await deployRemoving(page, "**/assets/LibraryPage-*.js");
      await tab(page, "Library").click();
      await expect.poll(library.reloaded).toBe(true);
      await appReady(page);
      await expect(page.getByRole("heading", { name: "Your Library" })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe("/library");
      await page.unrouteAll();

      // A song plays: no reload under it; the app says a new version is there, and the shell stays.
      await visit(page, "/");
      const player = await playFirstTrending(page);
      await expect(player.getByRole("button", { name: "Pause" })).toBeVisible();
      await settle(page);
      await markDocument(page);
      const search = await deployRemoving(page, "**/assets/SearchPage-*.js");
      await tab(page, "Search").click();
      await expect(
        screenUnavailable(page).getByRole("heading", { name: "A new version is available" }),
      ).toBeVisible();
      await expect(page.locator('[data-network-notice="update"]')).toBeVisible();
      await expectShell(page);
      await expect(player.getByRole("button", { name: "Pause" })).toBeVisible();
      expect(await sameDocument(page)).toBe(true);
      expect(search.reloaded()).toBe(false);
      // The listener takes it.
      await screenUnavailable(page).getByRole("button", { name: "Reload" }).click();
      await expect.poll(search.reloaded).toBe(true);
      await appReady(page);
      expect(new URL(page.url()).pathname).toBe("/search");
      await expect(screenUnavailable(page)).toHaveCount(0);
      await expect(page.getByRole("combobox", { name: "Search songs, artists and albums" })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("a new service worker: offered while a song plays (the old build keeps working), and Reload takes it", async ({
    app,
  }) => {
    // Two installs of the worker, each downloading the build's precache, on a loaded machine.
    test.setTimeout(180_000);
    const { page, context } = await app.phone();
    const worker = path.join(build, "dist", "sw.js");
    const notice = page.locator('[data-network-notice="update"]');
    /** The deploy: the server's worker is another one (a new build's, with its own precache list). */
    const deploy = async () => {
      appendFileSync(worker, "\n// the next build\n");
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await expect(notice).toContainText("A new version is available");
    };
    const workerState = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          waiting: registration?.waiting ?? null,
          controlled: navigator.serviceWorker.controller !== null,
        };
      });
    try {
      await visit(page, "/");
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
        timeout: 60_000,
      });
      const player = await playFirstTrending(page);
      await expect(player.getByRole("button", { name: "Pause" })).toBeVisible();
      await markDocument(page);
      await deploy();
      // A song plays: nothing is reloaded under it, and the old build keeps working meanwhile.
      await tab(page, "Library").click();
      await expect(page.getByRole("heading", { name: "Your Library" })).toBeVisible();
      expect(await sameDocument(page)).toBe(true);
      await expect(notice).toBeVisible();
      // The listener takes it: the new worker controls the reloaded page, and none waits.
      const reloaded = page.waitForEvent("load");
      await notice.getByRole("button", { name: "Reload" }).click();
      await reloaded;
      await appReady(page);
      expect(await sameDocument(page)).toBe(false);
      expect(new URL(page.url()).pathname).toBe("/library");
      await expect(notice).toHaveCount(0);
      expect(await workerState()).toEqual({ waiting: null, controlled: true });
    } finally {
      await context.close();
    }
  });
});
