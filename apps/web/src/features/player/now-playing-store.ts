// What song rows read of the player, as a store they subscribe to with a selector: a tap on play then
// re-renders the rows whose selected value changed (the song that stops being current, the one that starts), not
// every row on the screen, as one context value shared by all rows did (a tap within 100 ms).
import { useCallback, useSyncExternalStore } from "react";
import type { NowPlaying } from "./types";
import { createValueStore, useStoreValue, type ValueStore } from "../../lib/value-store";

export type NowPlayingStore = ValueStore<NowPlaying>;

export const createNowPlayingStore = (initial: NowPlaying): NowPlayingStore =>
  createValueStore(initial, (a, b) => a.songId === b.songId && a.isPlaying === b.isPlaying);

/** One song's part of the store: not current, current and paused, or current and playing. */
export type SongPlayState = "other" | "paused" | "playing";

export function songPlayStateOf(now: NowPlaying, songId: string): SongPlayState {
  if (now.songId !== songId) return "other";
  return now.isPlaying ? "playing" : "paused";
}

/** The whole of it (the mini player's mount needs only whether a song is current). */
export function useNowPlayingFrom(store: NowPlayingStore): NowPlaying {
  // The server renders with no current song, as the store starts: the same snapshot serves hydration.
  return useStoreValue(store);
}

/** A primitive snapshot: the caller re-renders only when its own song's value changes. */
export function useSongPlayStateFrom(store: NowPlayingStore, songId: string): SongPlayState {
  const select = useCallback(() => songPlayStateOf(store.get(), songId), [store, songId]);
  return useSyncExternalStore(store.subscribe, select, select);
}
