// A part of a store's value, for readers that need less than all of it. Its own module: only the mini
// player's chunk (loaded after the first screen) carries it.
import { useRef, useSyncExternalStore } from "react";
import type { ValueStore } from "../../lib/value-store";

/**
 * The part `select` picks of the store's value: the caller re-renders only when `same` says that part
 * changed (the mini player's controls, not with each second of the song's time).
 */
export function useStoreSelection<T, S>(
  store: ValueStore<T>,
  select: (value: T) => S,
  same: (a: S, b: S) => boolean,
): S {
  const last = useRef<{ value: T; selected: S } | null>(null);
  const snapshot = () => {
    const value = store.get();
    const previous = last.current;
    if (previous && previous.value === value) return previous.selected;
    const selected = select(value);
    // The same part as before: the same object, so React sees no change.
    if (previous && same(previous.selected, selected)) {
      last.current = { value, selected: previous.selected };
      return previous.selected;
    }
    last.current = { value, selected };
    return selected;
  };
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}

/** Two records with the same keys and the same values (Object.is) in each. */
export function sameFields<S extends object>(a: S, b: S): boolean {
  const keys = Object.keys(a) as Array<keyof S>;
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}
