import { afterEach, describe, expect, it, vi } from "vitest";
import { whenIdle } from "./when-idle";

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
