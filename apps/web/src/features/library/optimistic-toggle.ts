// The optimistic yes/no of "your music": a module of its own, as the rows' hearts on every first screen use it
// (song-like.ts) and the menus' actions (actions.ts) load after it.
import { useRef } from "react";

/**
 * A yes/no of "your music" (a liked song, a liked playlist, a playlist in the library) whose toggle answers
 * at once, whatever the network: the new state goes into the cached check before the call, and a refusal
 * puts back the state of before the tap, with the failure's toast. Taps that come faster than the server's
 * answers are sent one after another (one mutation scope per item), and the lists that show the change are
 * refreshed once the last has answered, so that no earlier answer flips the control back meanwhile.
 */
export function useOptimisticToggle({
  current,
  show,
  send,
  saved,
  refused,
}: {
  current: boolean;
  /** Puts a state in the cached check (and stops a read of it under way, whose answer would be older). */
  show(on: boolean): void;
  send(on: boolean): Promise<unknown>;
  /** The server took the change; `settled`: no other change of this item is on its way. */
  saved(on: boolean, settled: boolean): void;
  refused(error: unknown): void;
}) {
  const inFlight = useRef(0);
  return async () => {
    const on = !current;
    show(on);
    inFlight.current += 1;
    try {
      await send(on);
    } catch (error) {
      inFlight.current -= 1;
      show(!on);
      return refused(error);
    }
    inFlight.current -= 1;
    saved(on, inFlight.current === 0);
  };
}
