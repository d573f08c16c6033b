// A value that components read through a subscription (useSyncExternalStore): a change re-renders its
// readers and nothing else. A context whose value changes makes React search the provider's whole subtree for
// its readers at every change, and the player's state changes several times while a tapped song starts
// (5-8 ms each at 4x slowdown under Home's tree; issue 17).
import { useRef, useSyncExternalStore } from "react";

export interface ValueStore<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
}

export function createValueStore<T>(initial: T, same: (a: T, b: T) => boolean = Object.is): ValueStore<T> {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next) {
      if (same(next, current)) return;
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store's value; the server renders with the value the store starts with, as hydration does. */
export function useStoreValue<T>(store: ValueStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

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
