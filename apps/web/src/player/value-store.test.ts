import { describe, expect, it, vi } from "vitest";
import { createValueStore } from "./value-store";

describe("createValueStore", () => {
  it("tells its readers of a new value, once per change", () => {
    const store = createValueStore(1);
    const reader = vi.fn();
    store.subscribe(reader);
    store.set(2);
    store.set(2);
    expect(store.get()).toBe(2);
    expect(reader).toHaveBeenCalledTimes(1);
  });

  it("keeps the value a reader would see as the same, and stops telling a reader that left", () => {
    const store = createValueStore({ id: "a", n: 1 }, (a, b) => a.id === b.id);
    const reader = vi.fn();
    const leave = store.subscribe(reader);
    store.set({ id: "a", n: 2 });
    expect(store.get().n).toBe(1);
    leave();
    store.set({ id: "b", n: 3 });
    expect(store.get().id).toBe("b");
    expect(reader).not.toHaveBeenCalled();
  });
});
