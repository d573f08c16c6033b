// The pool autoplay draws a random song from when radio has nothing to follow the queue (offline, an empty
// answer): the first page of all songs, read by the player the first time a queue's last song plays, so that
// no screen reads a hundred songs at its start for a fallback most listeners never reach.
import { useEffect, useRef, type Dispatch, type RefObject } from "react";
import { SONG_POOL_SIZE, type PlayerBackend } from "./backend";

export { SONG_POOL_SIZE };
import { autoplayFollows, type PlayerAction, type PlayerMachineState } from "./reducer";

/** Whether the current song is the queue's last and the pool has not been read yet. */
export function needsSongPool(state: PlayerMachineState): boolean {
  return state.allSongs.length === 0 && autoplayFollows(state);
}

/** Reads the pool once per session; a read that failed is tried again when another song is the last. */
export function useSongPool(
  state: PlayerMachineState,
  dispatch: Dispatch<PlayerAction>,
  backend: RefObject<PlayerBackend>,
): void {
  const read = useRef<"no" | "reading" | "done">("no");
  const songId = state.currentSong?.id ?? null;
  const needed = needsSongPool(state);

  useEffect(() => {
    if (!needed || read.current !== "no") return;
    read.current = "reading";
    backend.current.fetchSongPool().then(
      (songs) => {
        read.current = "done";
        dispatch({ type: "SET_ALL_SONGS", songs });
      },
      (error: unknown) => {
        read.current = "no";
        console.error("Failed to load the song pool", error);
      },
    );
  }, [needed, songId, dispatch, backend]);
}
