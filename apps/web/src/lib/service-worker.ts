// Registers the service worker (src/sw.ts, served at /sw.js) in production builds, and turns its new versions
// into the app's update flow (lib/chunk-loading.tsx): a new deploy's worker installs beside the running one and
// waits, while the page goes on with its own build (the old worker's precache); the app says 'A new version is
// available' (Reload), and the listener chooses the moment (closed and opened again, the app starts on the new
// one). Taking it: the waiting worker is asked to take over, and the page reloads once it has.
// Development (`pnpm dev`) registers none: Vite's modules are not a build to precache.
import { noteUpdateReady, setPageReloader } from "./chunk-loading";

export const SERVICE_WORKER_URL = "/sw.js";
/** How often an open page asks whether a new version has been deployed (also each time it is shown again). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** A worker asked to take over that has not within this long: the page reloads anyway. */
const TAKE_OVER_WAIT_MS = 3_000;

/** Registers the worker (and follows its updates). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: "/" })
    .then(followUpdates)
    .catch(() => undefined); // offline, or refused (a private window): the app works without it
}

function followUpdates(registration: ServiceWorkerRegistration): void {
  const container = navigator.serviceWorker;
  // A worker installed while another controls the page is a new version (the first install controls at once).
  const noteWaiting = () => {
    if (registration.waiting && container.controller) noteUpdateReady();
  };
  noteWaiting();
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed") noteWaiting();
    });
  });
  setPageReloader(() => {
    const waiting = registration.waiting;
    if (!waiting) return window.location.reload();
    let reloaded = false;
    const reload = () => {
      if (reloaded) return;
      reloaded = true;
      window.location.reload();
    };
    container.addEventListener("controllerchange", reload, { once: true });
    setTimeout(reload, TAKE_OVER_WAIT_MS);
    waiting.postMessage({ type: "SKIP_WAITING" });
  });
  const check = () => void registration.update().catch(() => undefined);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
  setInterval(check, UPDATE_CHECK_MS);
}
