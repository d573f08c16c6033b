// While React hydrates the server-rendered HTML (in time-sliced transition work), a response that
// arrives (the session read at start, the membership) reaches the components through
// useSyncExternalStore, whose updates React always renders synchronously. An update reaching a part not
// hydrated yet makes React discard that part's server-rendered markup and render it again, in one long
// task: measured at 4x slowdown, 1.0-1.4 s of a first visit's main thread (the screen flickers to its
// spinner meanwhile). So TanStack Query's notifications wait until the first screen is hydrated; the
// data itself is in the cache at once (only the re-render waits).
import { notifyManager } from "@tanstack/react-query";

/** The latest the notifications wait (a screen whose hydration never completes must not freeze the app). */
export const MAX_HOLD_MS = 10_000;

/** TanStack Query's own scheduling of a notification (a task of its own). */
const inTaskOfItsOwn = (notify: () => void) => void setTimeout(notify, 0);

let held: Array<() => void> | null = null;
let holdTimer: ReturnType<typeof setTimeout> | undefined;

/** Holds TanStack Query's notifications until `firstScreenHydrated` (called before hydration starts). */
export function holdQueryNotificationsDuringHydration(): void {
  if (held) return;
  held = [];
  notifyManager.setScheduler((notify) => (held ? held.push(notify) : inTaskOfItsOwn(notify)));
  holdTimer = setTimeout(firstScreenHydrated, MAX_HOLD_MS);
}

/** The first screen is hydrated: the held notifications run, each in a task of its own. */
export function firstScreenHydrated(): void {
  if (!held) return;
  const pending = held;
  held = null;
  clearTimeout(holdTimer);
  notifyManager.setScheduler(inTaskOfItsOwn);
  pending.forEach(inTaskOfItsOwn);
}
