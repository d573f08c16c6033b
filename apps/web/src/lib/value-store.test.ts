import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { sameFields, useStoreSelection } from "../features/player/store-selection";
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

describe("useStoreSelection", () => {
  it("re-renders its reader when the fields it picked change, not when others do", () => {
    const store = createValueStore({ song: "a", time: 0 });
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useStoreSelection(store, (v) => ({ song: v.song }), sameFields);
    });
    const first = result.current;
    act(() => store.set({ song: "a", time: 1 }));
    act(() => store.set({ song: "a", time: 2 }));
    expect(renders).toBe(1);
    expect(result.current).toBe(first);
    act(() => store.set({ song: "b", time: 3 }));
    expect(renders).toBe(2);
    expect(result.current).toEqual({ song: "b" });
  });
});
