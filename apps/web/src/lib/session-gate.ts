// On a first visit the listener's guest session is started after the first screen (features/account/session.ts):
// a tap before its answer (Follow, a like, New Playlist) sent its call without a session, and the server refused
// it (401, "Sign in or start a guest session first"). The API client holds such calls (every mutation but the
// session's own) until the session is there, or SESSION_WAIT_MS have passed (then it goes, and fails as before).
import type { TRPCLink } from "@trpc/client";
import { observable, type Unsubscribable } from "@trpc/server/observable";
import type { AppRouter } from "@purplebeats/contracts";

export const SESSION_WAIT_MS = 10_000;

let open = false;
const waiting = new Set<() => void>();

/** The browser holds a session (loaded, or just started as a guest's): held calls go. */
export function sessionOpened(): void {
  open = true;
  for (const release of [...waiting]) release();
}

/** Resolves once a session is there, or after `timeoutMs`. */
export function whenSessionOpen(timeoutMs = SESSION_WAIT_MS): Promise<void> {
  if (open) return Promise.resolve();
  return new Promise((resolve) => {
    const release = () => {
      clearTimeout(timer);
      waiting.delete(release);
      resolve();
    };
    const timer = setTimeout(release, timeoutMs);
    waiting.add(release);
  });
}

/**
 * Calls that never wait: the session's own (auth.*), and the wallet's payments, which run inside a Pi sign-in
 * that makes the session itself (an incomplete payment is resolved as the wallet reports it, in its order).
 */
const UNHELD = ["auth.", "payments."];

/** The link that holds a mutation until the session is there, except the UNHELD ones. */
export const sessionGateLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      let subscription: Unsubscribable | undefined;
      let stopped = false;
      const send = () => {
        if (!stopped) subscription = next(op).subscribe(observer);
      };
      if (op.type !== "mutation" || UNHELD.some((prefix) => op.path.startsWith(prefix))) send();
      else void whenSessionOpen().then(send);
      return () => {
        stopped = true;
        subscription?.unsubscribe();
      };
    });

/** For tests: as a page that has not started its session yet. */
export function resetSessionGateForTests(): void {
  open = false;
  waiting.clear();
}
