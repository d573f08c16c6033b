// The app on a bad network and across deploys, in Chromium at phone size: a screen, menu or dialog whose code
// cannot be loaded (offline, or gone after a new deploy) keeps the shell, says why with a Retry, and comes back by
// itself when the network does, without a reload; the app is installable (its manifest, its service worker) and
// opens offline after one visit. (A deploy while the app is open: polish-network-deploy.test.ts.)
import type { BrowserContext, Route } from "@playwright/test";
import { playFirstTrending } from "../src/audio-probe.js";
import { appReady, expect, reload, test, visit } from "../src/harness.js";
import {
  expectShell,
  markDocument,
  offlineNotice,
  overlayUnavailable,
  sameDocument,
  screenUnavailable,
  settle,
  tab,
  WITHOUT_WORKER,
} from "../src/network.js";

/** Answers `pattern`'s chunks as the network would offline, until `lift` is called. */
async function cutChunks(context: BrowserContext, patterns: string[]): Promise<() => Promise<void>> {
  const cut = (route: Route) => route.abort("internetdisconnected");
  for (const pattern of patterns) await context.route(pattern, cut);
  return async () => {
    for (const pattern of patterns) await context.unroute(pattern, cut);
  };
}

test.describe("a lazily loaded part whose code cannot be loaded", () => {
  test("offline, every tab keeps the shell and says so, and the screen opens when the network returns", async ({
    app,
  }) => {
    const { page, context } = await app.phone(WITHOUT_WORKER);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    try {
      // A screen that is none of the tabs: none of the tabs' code is here.
      await visit(page, "/legal");
      await settle(page);
      await markDocument(page);
      await context.setOffline(true);

      for (const [name, path] of [
        ["Search", "/search"],
        ["Library", "/library"],
        ["Liked Songs", "/liked-songs"],
        ["Home", "/"],
      ] as const) {
        await tab(page, name).click();
        await page.waitForURL((url) => url.pathname === path);
        await expect(screenUnavailable(page)).toBeVisible();
        await expect(screenUnavailable(page).getByRole("heading", { name: "You are offline" })).toBeVisible();
        await expect(screenUnavailable(page).getByRole("button", { name: "Retry" })).toBeVisible();
        await expect(offlineNotice(page)).toBeVisible();
        await expectShell(page);
        await expect(tab(page, name)).toHaveAttribute("aria-current", "page");
      }

      // Retry while still offline: still the notice, still the shell.
      await screenUnavailable(page).getByRole("button", { name: "Retry" }).click();
      await expect(screenUnavailable(page)).toBeVisible();
      await expectShell(page);

      // Back online: Home opens by itself, in the same document.
      await context.setOffline(false);
      await expect(page.getByTestId("home-section-trending-now")).toBeVisible();
      await expect(screenUnavailable(page)).toHaveCount(0);
      await expect(offlineNotice(page)).toHaveCount(0);
      // The tabs that failed open too.
      await tab(page, "Library").click();
      await expect(page.getByRole("heading", { name: "Your Library" })).toBeVisible();
      await tab(page, "Search").click();
      await page.waitForURL((url) => url.pathname === "/search");
      await expect(screenUnavailable(page)).toHaveCount(0);
      expect(await sameDocument(page)).toBe(true);
      expect(
        errors.filter((message) => !/Unable to preload CSS|dynamically imported module/.test(message)),
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("offline, each menu and dialog says so over the screen and opens when the network returns", async ({
    app,
  }) => {
    const { page, context } = await app.phone(WITHOUT_WORKER);
    try {
      // The menus' and dialogs' code never arrives (the page went offline before it came).
      const lift = await cutChunks(context, [
        "**/assets/ProfileMenu-*.js",
        "**/assets/SongMenu-*.js",
        "**/assets/PlaylistMenu-*.js",
        "**/assets/PremiumFeatureDialog-*.js",
        "**/assets/CreatePlaylistDialog-*.js",
        "**/assets/NowPlaying-*.js",
        "**/assets/QueueView-*.js",
      ]);
      await visit(page, "/");
      const player = await playFirstTrending(page);
      await player.getByRole("button", { name: "Pause" }).click();
      await settle(page);
      await markDocument(page);
      await context.setOffline(true);

      /** Opens a part with `open`, sees the notice over the screen, closes it. */
      const expectUnavailable = async (open: () => Promise<void>, withHeader = true) => {
        await open();
        const notice = overlayUnavailable(page);
        await expect(notice).toBeVisible();
        await expect(notice.getByRole("heading", { name: "You are offline" })).toBeVisible();
        await expect(notice.getByRole("button", { name: "Retry" })).toBeVisible();
        await expectShell(page, { withHeader });
        await notice.getByRole("button", { name: "Close" }).click();
        await expect(notice).toHaveCount(0);
      };

      // The profile menu, Now Playing, the queue.
      await expectUnavailable(() => page.getByTestId("profile-menu-button").click());
      await expectUnavailable(() => player.getByRole("button", { name: "Show queue" }).click());
      await expectUnavailable(async () => {
        await page.getByRole("button", { name: "Open Now Playing" }).click();
        await page.waitForURL(/#now-playing$/);
      });

      // A playlist's menu and a song's (the playlist page's code is here: Home asks for it at idle).
      await page.getByTestId("home-section-made-for-you").getByRole("link").first().click();
      await page.waitForURL(/\/playlist\//);
      await expectUnavailable(() => page.getByTestId("playlist-menu").click(), false);
      const songs = page.locator("ul[aria-label^='Songs in']");
      await expectUnavailable(
        () =>
          songs
            .getByRole("button", { name: /^Options for / })
            .first()
            .click(),
        false,
      );

      // 'New Playlist' (a guest gets the Premium Feature dialog). The library's code came online first.
      await context.setOffline(false);
      await tab(page, "Library").click();
      await expect(page.getByRole("heading", { name: "Your Library" })).toBeVisible();
      await context.setOffline(true);
      await expectUnavailable(() => page.getByRole("button", { name: "New Playlist" }).click());

      // Pressed again and left open, it opens by itself when the network returns, in the same document.
      await page.getByRole("button", { name: "New Playlist" }).click();
      await expect(overlayUnavailable(page)).toBeVisible();
      await lift();
      await context.setOffline(false);
      await expect(page.getByRole("dialog", { name: "Premium Feature" })).toBeVisible();
      await expect(overlayUnavailable(page)).toHaveCount(0);
      await page.getByRole("button", { name: "Maybe Later" }).click();

      // And the profile menu now opens at the first press.
      await page.getByTestId("profile-menu-button").click();
      await expect(page.getByRole("menu")).toBeVisible();
      expect(await sameDocument(page)).toBe(true);
    } finally {
      await context.close();
    }
  });
});

test.describe("installable", () => {
  test("serves a valid manifest and a service worker that controls the page; offline, / opens with the shell", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    try {
      await visit(page, "/");
      // The page links the manifest; the manifest is PurpleBeats'.
      expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");
      const response = await page.request.get("/manifest.webmanifest");
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
      const manifest = (await response.json()) as {
        name: string;
        short_name: string;
        start_url: string;
        display: string;
        theme_color: string;
        background_color: string;
        icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
      };
      expect(manifest).toMatchObject({
        name: "PurpleBeats",
        start_url: "/",
        display: "standalone",
        theme_color: "#7e22ce",
      });
      expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe(
        manifest.theme_color,
      );
      const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`);
      expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
      for (const icon of manifest.icons) {
        const file = await page.request.get(icon.src);
        expect(file.status()).toBe(200);
        expect(file.headers()["content-type"]).toBe("image/png");
        const body = await file.body();
        // The PNG's own size (its IHDR chunk) is the one the manifest names.
        expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(icon.sizes);
      }

      // The worker: at the root, always revalidated.
      const worker = await page.request.get("/sw.js");
      expect(worker.status()).toBe(200);
      expect(worker.headers()["content-type"]).toMatch(/javascript/);
      expect(worker.headers()["cache-control"]).toBe("no-cache");
      // It registers once the page is idle and takes the page at its first install.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
        timeout: 60_000,
      });
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(new URL(scope).pathname).toBe("/");
      // Covers are kept (a bounded cache) once the worker controls the page; nothing of the API's, nor audio, is.
      await reload(page);
      await expect
        .poll(() =>
          page.evaluate(async () => (await caches.keys()).some((name) => name === "purplebeats-covers")),
        )
        .toBe(true);
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys())
            urls.push(new URL(request.url).pathname);
        return urls;
      });
      expect(cached.some((url) => url.startsWith("/assets/"))).toBe(true);
      expect(cached.filter((url) => /^\/(trpc|api)\//.test(url))).toEqual([]);
      expect(cached.filter((url) => /\.(mp3|m4a|aac|ogg|opus|flac|wav)$/.test(url))).toEqual([]);

      // Offline: a reload of / opens the app's shell, which says it is offline; its screens open.
      await context.setOffline(true);
      await page.reload();
      await appReady(page);
      await expectShell(page);
      await expect(offlineNotice(page)).toBeVisible();
      await tab(page, "Library").click();
      await expect(page.getByRole("heading", { name: "Your Library" })).toBeVisible();
      await expect(screenUnavailable(page)).toHaveCount(0);
      await context.setOffline(false);
      await expect(offlineNotice(page)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
