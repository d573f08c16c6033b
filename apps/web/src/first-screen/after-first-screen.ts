// Work the first screen does not need (reading the session, loading the Pi SDK) waits until the listener
// first touches the page or the browser is idle after hydration, whichever comes first: on a phone it
// otherwise runs beside hydration, as long tasks that delay the first tap's response (Total Blocking Time).

import { whenIdle } from "./when-idle";

/** The latest the work waits for an idle moment (a page that is never idle, a busy phone). */
export const IDLE_TIMEOUT_MS = 3_000;

/** What counts as the first interaction: before the click, so that the work starts as the finger lands. */
const FIRST_INPUT = ["pointerdown", "keydown"] as const;

/** Runs `start` once, at the first interaction or idle moment; returns a function that cancels it. */
export function afterFirstScreen(start: () => void): () => void {
  let pending = true;
  const run = () => {
    if (!pending) return;
    cancel();
    start();
  };
  const cancelIdle = whenIdle(run, IDLE_TIMEOUT_MS);
  for (const type of FIRST_INPUT) window.addEventListener(type, run, { capture: true, passive: true });
  function cancel() {
    pending = false;
    cancelIdle();
    for (const type of FIRST_INPUT) window.removeEventListener(type, run, { capture: true });
  }
  return cancel;
}
