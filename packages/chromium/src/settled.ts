// When a page has settled: what the app does after its start (the session, idle-time reads, code and pictures
// fetched ahead) is over. The bench's traced taps and the journeys that slow the network down both wait for it,
// so that the app's own start-up traffic does not land inside what they measure.

/** A request as a page's network events report it (Playwright's, either package). */
interface WatchedRequest {
  url(): string;
}

/** What watching a page's network needs from a Playwright page (playwright-core's and @playwright/test's alike). */
export interface WatchablePage {
  on(event: "request", listener: (request: WatchedRequest) => unknown): unknown;
  on(event: "requestfinished", listener: (request: WatchedRequest) => unknown): unknown;
  on(event: "requestfailed", listener: (request: WatchedRequest) => unknown): unknown;
  evaluate(expression: string): Promise<unknown>;
}

/** The page's network as it is used: requests in flight, and when the last one began or ended. */
export interface NetworkWatch {
  readonly page: WatchablePage;
  inFlight: number;
  lastActivity: number;
}

/**
 * Starts counting the page's requests. `ignore` leaves out requests that may stay open for as long as the page
 * lives (a media element's stream, which the browser suspends rather than finishes).
 */
export function watchNetwork(
  page: WatchablePage,
  ignore: (url: string) => boolean = () => false,
): NetworkWatch {
  const watch: NetworkWatch = { page, inFlight: 0, lastActivity: performance.now() };
  const began = (request: WatchedRequest) => {
    if (ignore(request.url())) return;
    watch.inFlight += 1;
    watch.lastActivity = performance.now();
  };
  const ended = (request: WatchedRequest) => {
    if (ignore(request.url())) return;
    watch.inFlight = Math.max(0, watch.inFlight - 1);
    watch.lastActivity = performance.now();
  };
  page.on("request", began);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return watch;
}

/** How long the network stays quiet, across an idle callback, for the page to count as settled. */
const QUIET_MS = 1_000;
/** The longest a page is waited for: one that never settles (a poll every second) is used as it is. */
const SETTLE_MAX_MS = 20_000;
const IDLE_CALLBACK = "new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 }))";

/**
 * Settled: the network has been quiet for QUIET_MS and stayed so across an idle callback. The app's idle-time
 * preparations (a playlist card's songs, code and pictures) are chains of idle callbacks and requests; one idle
 * callback after the load's network idle came, on a slow machine, before the chain's last link.
 */
export async function settled(watch: NetworkWatch, maxMs = SETTLE_MAX_MS): Promise<void> {
  const deadline = performance.now() + maxMs;
  while (performance.now() < deadline) {
    const wait = QUIET_MS - (performance.now() - watch.lastActivity);
    if (watch.inFlight > 0 || wait > 0) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 50)));
      continue;
    }
    const before = watch.lastActivity;
    await watch.page.evaluate(IDLE_CALLBACK);
    if (watch.lastActivity === before && watch.inFlight === 0) return;
  }
}
