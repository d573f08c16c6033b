// The sleep timer: after 15/30/45/60 minutes playback fades out and pauses, or it stops at the end of the
// current song. It lives with the player (not the Now Playing view), so closing the view keeps it running.
import { useCallback, useEffect, useRef, useState, type Dispatch, type RefObject } from "react";
import type { PlayerAction, PlayerMachineState } from "./reducer";
import { NO_SLEEP_TIMER, SLEEP_TIMER_MINUTES, type SleepChoice, type SleepTimer } from "./sleep-choices";

export { NO_SLEEP_TIMER, SLEEP_TIMER_MINUTES, type SleepChoice, type SleepTimer };

/** A setting, not a product option: end-to-end tests shorten 'a minute' here so a timer runs out in seconds. */
export const SLEEP_MINUTE_MS_KEY = "purplebeats-sleep-minute-ms";
const MINUTE_MS = 60_000;
/** The fade before the pause: 10 s, or a quarter of a very short (test) timer. */
const FADE_MS = 10_000;
const FADE_STEP_MS = 100;

function minuteMs(): number {
  try {
    const value = Number(window.localStorage.getItem(SLEEP_MINUTE_MS_KEY));
    return Number.isFinite(value) && value > 0 ? value : MINUTE_MS;
  } catch {
    return MINUTE_MS;
  }
}

/** The volume `elapsed` ms into a fade of `duration` ms from `start`: linear down to 0. */
export function fadedVolume(start: number, elapsed: number, duration: number): number {
  if (duration <= 0) return 0;
  return Math.round(start * Math.max(0, 1 - elapsed / duration));
}

export function useSleepTimer(
  dispatch: Dispatch<PlayerAction>,
  stateRef: RefObject<PlayerMachineState>,
  stopAfterCurrent: boolean,
) {
  const [timer, setTimer] = useState<SleepTimer>(NO_SLEEP_TIMER);
  const timeouts = useRef<ReturnType<typeof setTimeout>[]>([]);
  const fadeFrom = useRef<number | null>(null);

  const clearTimers = useCallback(() => {
    for (const id of timeouts.current) clearTimeout(id);
    timeouts.current = [];
    if (fadeFrom.current !== null) dispatch({ type: "SET_VOLUME", volume: fadeFrom.current });
    fadeFrom.current = null;
  }, [dispatch]);

  const setSleepTimer = useCallback(
    (choice: SleepChoice) => {
      clearTimers();
      dispatch({ type: "SET_STOP_AFTER_CURRENT", stop: choice === "end-of-song" });
      if (choice === null) return setTimer(NO_SLEEP_TIMER);
      if (choice === "end-of-song") return setTimer({ endsAt: null, endOfSong: true });
      const total = choice * minuteMs();
      const fade = Math.min(FADE_MS, total / 4);
      const startedAt = Date.now();
      setTimer({ endsAt: startedAt + total, endOfSong: false });
      const later = (ms: number, run: () => void) => timeouts.current.push(setTimeout(run, ms));
      later(total - fade, () => {
        const start = stateRef.current.volume;
        fadeFrom.current = start;
        const fadeStart = Date.now();
        const step = () => {
          const elapsed = Date.now() - fadeStart;
          if (elapsed >= fade) {
            fadeFrom.current = null;
            dispatch({ type: "PAUSE" });
            dispatch({ type: "SET_VOLUME", volume: start }); // the next play starts at the usual volume
            setTimer(NO_SLEEP_TIMER);
            return;
          }
          dispatch({ type: "SET_VOLUME", volume: fadedVolume(start, elapsed, fade) });
          later(FADE_STEP_MS, step);
        };
        step();
      });
    },
    [clearTimers, dispatch, stateRef],
  );

  // 'End of song' is over once the reducer has stopped at that end (or the player closed).
  useEffect(() => {
    if (timer.endOfSong && !stopAfterCurrent) setTimer(NO_SLEEP_TIMER);
  }, [timer.endOfSong, stopAfterCurrent]);

  useEffect(() => () => clearTimers(), [clearTimers]);
  return { sleepTimer: timer, setSleepTimer };
}
