// Radio: while the current song is the queue's last, the player asks the API for songs
// like the last ones heard, so that autoplay continues with them whichever screen playback started from.
import { useEffect, useRef, type Dispatch, type RefObject } from "react";
import type { PlayerBackend } from "./backend";
import {
  autoplayFollows,
  pickRadio,
  RADIO_RECENT,
  radioSeeds,
  type PlayerAction,
  type PlayerMachineState,
} from "./reducer";

/** The last songs heard that radio ranks against: the newest weigh as much as the older ones. */
export const RADIO_SEED_COUNT = 5;

/** Whether the queue's end is reached with nothing from radio left to follow it. */
export function needsRadio(state: PlayerMachineState): boolean {
  return autoplayFollows(state) && pickRadio(state) === null;
}

/**
 * Asks for radio once per song that needs it (a failed or empty response is not asked again for that song:
 * autoplay then falls back to the screens' pool).
 */
export function useRadio(
  state: PlayerMachineState,
  stateRef: RefObject<PlayerMachineState>,
  dispatch: Dispatch<PlayerAction>,
  backend: RefObject<PlayerBackend>,
): void {
  const asked = useRef<string | null>(null);
  const songId = state.currentSong?.id ?? null;
  const needed = needsRadio(state);

  useEffect(() => {
    if (!needed || !songId || asked.current === songId) return;
    asked.current = songId;
    // The provider's ref, updated by an effect declared before this one: the state of this render.
    const now = stateRef.current;
    const seeds = radioSeeds(now, RADIO_SEED_COUNT);
    const exclude = [...new Set(now.queue.slice(-RADIO_RECENT).map((song) => song.id))].filter(
      (id) => !seeds.includes(id),
    );
    backend.current
      .fetchRadio(seeds, exclude)
      .then((songs) => dispatch({ type: "SET_RADIO", songs, after: songId }))
      .catch((error: unknown) => console.error("Failed to load radio", error));
  }, [needed, songId, dispatch, backend, stateRef]);
}
