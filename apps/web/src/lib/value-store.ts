// A value that components read through a subscription (useSyncExternalStore): a change re-renders its
// readers and nothing else. A context whose value changes makes React search the provider's whole subtree for
// its readers at every change, and the player's state changes several times while a tapped song starts
// (5-8 ms each at 4x slowdown under Home's tree).
import { useSyncExternalStore } from "react";

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
