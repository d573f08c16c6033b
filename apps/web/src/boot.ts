// The script of a page whose first screen the server rendered (src/entry-server.tsx; the API puts this in
// place of index.html's own script): the page shows that screen from its HTML and stylesheets alone, so
// the app's code (about 90 KB gzip) loads once that has painted instead of competing with the stylesheets
// and the cover picture for a slow phone link (Largest Contentful Paint). Its script element names the
// chunks to run (data-modules): the entry's imports, the entry, the screens on the page. Until the app has
// taken the page over, a tap on it is held and made again then (first-screen/early-taps.ts).
import { holdEarlyTaps } from "./first-screen/early-taps";

/** The longest the app waits for the first paint (a browser without paint timing, a tab never shown). */
const MAX_WAIT_MS = 3_000;

/**
 * Settles once the page has painted its content (the browser's first contentful paint, plus a task),
 * at once when the tab is not shown (it does not paint), and after MAX_WAIT_MS at the latest.
 */
function afterFirstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState !== "visible") return resolve();
    const timer = setTimeout(resolve, MAX_WAIT_MS);
    try {
      new PerformanceObserver((list, observer) => {
        if (!list.getEntriesByName("first-contentful-paint").length) return;
        observer.disconnect();
        clearTimeout(timer);
        setTimeout(resolve, 0);
      }).observe({ type: "paint", buffered: true });
    } catch {
      // No paint timing here: the timer starts the app.
    }
  });
}

function startApp(): void {
  const modules = document.querySelector<HTMLScriptElement>("script[data-modules]")?.dataset.modules;
  // Every chunk imported on its own, all at once: they download in parallel and each runs as soon as it
  // (with what it imports) has arrived, in a task of its own, instead of the whole app in one long task
  // when the entry's last import arrives. (A module preload link per chunk cost over 150 ms of a phone's
  // main thread.)
  for (const module of modules?.split(" ").filter(Boolean) ?? []) void import(/* @vite-ignore */ module);
  setTimeout(loadStorageAreas, 0);
}

/**
 * The browser fetches a page's sessionStorage and localStorage from its own process, synchronously, at their
 * first use. Here that is a task of its own while the chunks download (the main thread waits for them
 * anyway), not part of the first API request's task: its identity header reads both (lib/identity.ts),
 * and in a Lighthouse run that wait made the task 10-15 ms longer (a long task at 4x slowdown).
 */
function loadStorageAreas(): void {
  try {
    void window.sessionStorage.length;
    void window.localStorage.length;
  } catch {
    // Storage blocked (private mode, a sandboxed frame): the identity reads fall back on their own.
  }
}

holdEarlyTaps();
void afterFirstContentfulPaint().then(startApp);
