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

/**
 * Runs `work` in a task after the browser's next frame (the frame that draws what was just committed), so that
 * the task that asked for the frame does not carry it. Returns a function that cancels it.
 */
export function afterNextFrame(work: () => void): () => void {
  let timer: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(work, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}

interface Shared {
  works: Set<() => void>;
  cancel: () => void;
}
let shared: Shared | null = null;

/**
 * As whenIdle, but work asked for while another waits runs in the same idle callback: the reads several
 * components start at idle then leave in one tick, which the API client sends as one batched request.
 */
export function whenIdleTogether(work: () => void, timeoutMs: number): () => void {
  if (!shared) {
    const works = new Set<() => void>();
    shared = {
      works,
      cancel: whenIdle(() => {
        shared = null;
        for (const each of works) each();
      }, timeoutMs),
    };
  }
  const current = shared;
  // A wrapper per call: the same function asked for twice runs twice, and each cancel removes its own.
  const entry = () => work();
  current.works.add(entry);
  return () => {
    current.works.delete(entry);
    if (current.works.size > 0 || shared !== current) return;
    current.cancel();
    shared = null;
  };
}
