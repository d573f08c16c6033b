// The script of a page whose first screen the server rendered (src/entry-server.tsx; the API puts this in
// place of index.html's own script): the page shows that screen from its HTML and stylesheets alone, so
// the app's code (about 90 KB gzip) loads once that has painted instead of competing with the stylesheets
// and the cover picture for a slow phone link (Largest Contentful Paint). Its script element names the
// app's entry (data-app) and the chunks of the screens on the page (data-screens), fetched together.

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
  const script = document.querySelector<HTMLScriptElement>("script[data-app]");
  const app = script?.dataset.app;
  if (!app) return;
  // The screens' chunks in parallel with the app's entry (their own imports follow from each); a module
  // preload link per chunk instead cost a phone over 150 ms of main thread.
  for (const module of [app, ...(script.dataset.screens?.split(" ").filter(Boolean) ?? [])]) {
    void import(/* @vite-ignore */ module);
  }
}

void afterFirstContentfulPaint().then(startApp);
