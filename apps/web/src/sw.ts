/// <reference lib="webworker" />
// The service worker (Workbox; built by vite-plugin-pwa's injectManifest into dist/sw.js, served by the API at
// /sw.js with `Cache-Control: no-cache`, registered by lib/service-worker.ts in production builds). What it keeps:
//
// - The current build's shell and code: index.html, every chunk and stylesheet (each screen, menu, dialog), the
//   icons. Precached at install, so the app opens offline after one visit and every screen's code is there.
//   A new deploy's worker waits until the page asks it to take over (the app's 'A new version is available' and
//   its Reload) or the app is next opened: the page keeps its own build's chunks until then.
// - Covers (/media and /objects pictures): a bounded cache, the oldest dropped past COVER_ENTRIES or COVER_DAYS.
// - Pages (navigations): always from the network (a page is rendered for its caller, their session included),
//   and offline the precached shell, which renders the app in the browser and says it is offline.
//
// - A member's downloads (lib/offline-audio.ts): the page stores them; a stream request for a downloaded song is
//   answered from them (ranges too), online or not, while the 30-day grace since the membership was last
//   confirmed online runs; past it, the request goes to the network as any other.
//
// Never kept: the API's answers (/trpc, /api: per caller), streamed audio, the Pi SDK.
// Requests no route below takes go to the network as if there were no worker.
import { clientsClaim } from "workbox-core";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { ExpirationPlugin } from "workbox-expiration";
import { enable as enableNavigationPreload } from "workbox-navigation-preload";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import {
  DOWNLOADS_CACHE,
  downloadedSongKey,
  downloadsPlayable,
  MEMBERSHIP_KEY,
  rangeResponse,
  streamedSongId,
} from "./lib/offline-audio";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** The shell a navigation gets offline: the page without a server render (the browser renders the app). */
const SHELL_URL = "/index.html";
/** Paths that are the API's, never the app's pages (a navigation to /api/openapi.json is not the app). */
const NOT_PAGES = [/^\/api\//, /^\/trpc\//, /^\/media\//, /^\/objects\//, /^\/pi-sim\//, /^\/pi-sdk\.js$/];

const COVERS_CACHE = "purplebeats-covers";
/** Covers kept: a few screens' worth of lists; the oldest used go first. */
const COVER_ENTRIES = 300;
const COVER_DAYS = 30;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// A navigation does not wait for the worker to start before its request goes out.
enableNavigationPreload();

registerRoute(
  new NavigationRoute(
    async ({ request, event }) => {
      try {
        const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined;
        return preloaded ?? (await fetch(request));
      } catch {
        return (await matchPrecache(SHELL_URL)) ?? Response.error();
      }
    },
    { denylist: NOT_PAGES },
  ),
);

registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin &&
    request.destination === "image" &&
    !request.headers.has("range") &&
    (url.pathname.startsWith("/media/") || url.pathname.startsWith("/objects/")),
  new CacheFirst({
    cacheName: COVERS_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: COVER_ENTRIES,
        maxAgeSeconds: COVER_DAYS * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && streamedSongId(url) !== null,
  async ({ url, request }) => {
    const cache = await caches.open(DOWNLOADS_CACHE);
    const stored = await cache.match(downloadedSongKey(streamedSongId(url) ?? ""));
    if (stored) {
      const membership = await cache.match(MEMBERSHIP_KEY);
      const { confirmedAt = null } = membership
        ? ((await membership.json()) as { confirmedAt?: number | null })
        : {};
      if (downloadsPlayable(confirmedAt, Date.now()))
        return rangeResponse(stored, request.headers.get("range"));
    }
    return fetch(request);
  },
);

// The page asks a waiting worker to take over (lib/service-worker.ts): it then reloads into the new build.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

// The first install takes the open page at once (its requests then go through the precache); a later one
// waits (above).
clientsClaim();
