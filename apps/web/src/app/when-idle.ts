// Work that can wait runs in the browser's idle time, so a tap's or a frame's task does not carry it.

/**
 * Runs `work` in the browser's next idle moment, at the latest after `timeoutMs`; where there are no idle
 * callbacks (Safari) a timer after the tasks already queued. Returns a function that cancels it.
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, 0);
  return () => window.clearTimeout(timer);
}
