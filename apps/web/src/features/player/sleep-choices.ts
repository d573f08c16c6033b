// What the sleep timer offers and its state, as the player's types name them (the timer itself: sleep-timer.ts).

export const SLEEP_TIMER_MINUTES = [15, 30, 45, 60] as const;
/** What the listener picks: minutes, the end of the current song, or off. */
export type SleepChoice = (typeof SLEEP_TIMER_MINUTES)[number] | "end-of-song" | null;
export interface SleepTimer {
  /** When playback pauses (epoch ms), for a countdown; null without a minutes timer. */
  endsAt: number | null;
  endOfSong: boolean;
}
export const NO_SLEEP_TIMER: SleepTimer = { endsAt: null, endOfSong: false };
