import { afterEach, describe, expect, it, vi } from "vitest";
import { whenIdle, whenIdleTogether } from "./when-idle";

describe("whenIdle", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("waits for the browser's idle callback, with the latest moment it may wait", () => {
    const callbacks: Array<() => void> = [];
    const request = vi.fn((callback: () => void) => callbacks.push(callback));
    vi.stubGlobal("requestIdleCallback", request);
    vi.stubGlobal("cancelIdleCallback", vi.fn());
    const work = vi.fn();
    whenIdle(work, 5_000);
    expect(work).not.toHaveBeenCalled();
    expect(request).toHaveBeenCalledWith(expect.any(Function), { timeout: 5_000 });
    callbacks[0]!();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("cancels the idle callback it asked for", () => {
    vi.stubGlobal(
      "requestIdleCallback",
      vi.fn(() => 7),
    );
    const cancelIdle = vi.fn();
    vi.stubGlobal("cancelIdleCallback", cancelIdle);
    whenIdle(() => {}, 1_000)();
    expect(cancelIdle).toHaveBeenCalledWith(7);
  });

  it("falls back to a timer where the browser has no idle callbacks, and cancels it", () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestIdleCallback", undefined);
    const work = vi.fn();
    whenIdle(work, 1_000);
    expect(work).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    whenIdle(cancelled, 1_000)();
    vi.runAllTimers();
    expect(cancelled).not.toHaveBeenCalled();
  });
});

describe("whenIdleTogether", () => {
  afterEach(() => vi.unstubAllGlobals());

  function idleCallbacks() {
    const pending = new Map<number, () => void>();
    let next = 1;
    vi.stubGlobal(
      "requestIdleCallback",
      vi.fn((callback: () => void) => {
        pending.set(next, callback);
        return next++;
      }),
    );
    vi.stubGlobal(
      "cancelIdleCallback",
      vi.fn((handle: number) => pending.delete(handle)),
    );
    return {
      pending,
      runAll() {
        const callbacks = [...pending.values()];
        pending.clear();
        for (const callback of callbacks) callback();
      },
    };
  }

  it("runs the works asked for before the idle moment in one idle callback, in order", () => {
    const idle = idleCallbacks();
    const order: string[] = [];
    for (const name of ["first", "second", "third"]) whenIdleTogether(() => order.push(name), 5_000);
    expect(idle.pending.size).toBe(1);
    idle.runAll();
    expect(order).toEqual(["first", "second", "third"]);
  });

  it("leaves out a cancelled work, and asks for no idle callback once none is left", () => {
    const idle = idleCallbacks();
    const kept = vi.fn();
    const dropped = vi.fn();
    whenIdleTogether(kept, 5_000);
    const cancelDropped = whenIdleTogether(dropped, 5_000);
    cancelDropped();
    idle.runAll();
    expect(kept).toHaveBeenCalledTimes(1);
    expect(dropped).not.toHaveBeenCalled();

    const alone = vi.fn();
    whenIdleTogether(alone, 5_000)();
    expect(idle.pending.size).toBe(0);
    expect(alone).not.toHaveBeenCalled();
  });

  it("starts a new idle callback for work asked for after the last one ran", () => {
    const idle = idleCallbacks();
    const before = vi.fn();
    const after = vi.fn();
    const cancelBefore = whenIdleTogether(before, 5_000);
    idle.runAll();
    cancelBefore(); // cancelling work that already ran changes nothing
    whenIdleTogether(after, 5_000);
    expect(idle.pending.size).toBe(1);
    idle.runAll();
    expect(before).toHaveBeenCalledTimes(1);
    expect(after).toHaveBeenCalledTimes(1);
  });
});
