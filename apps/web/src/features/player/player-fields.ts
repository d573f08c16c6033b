import { usePlayerStore } from "./PlayerProvider";
import { sameFields, useStoreSelection } from "./store-selection";
import type { PlayerApi } from "./types";

/**
 * The fields `select` picks of the player (a record of them): the caller re-renders when one of them
 * changes, not with every state change (the song's time moves four times a second while it plays).
 */
export function usePlayerFields<S extends object>(select: (player: PlayerApi) => S): S {
  return useStoreSelection(usePlayerStore(), select, sameFields);
}
