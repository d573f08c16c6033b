import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NearView } from "./NearView";

/** A stand-in IntersectionObserver whose callback the test calls, as the browser would on a scroll. */
function fakeIntersectionObserver() {
  const observers: Array<{ callback: IntersectionObserverCallback; options?: IntersectionObserverInit }> = [];
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      observers.push({ callback, options });
    }
    observe = vi.fn();
    disconnect = vi.fn();
    unobserve = vi.fn();
    takeRecords = () => [];
  }
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  const report = (isIntersecting: boolean) =>
    act(() => {
      for (const { callback } of observers)
        callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
  return { observers, report };
}

describe("NearView", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("renders its sections only once their place comes near the screen", () => {
    const browser = fakeIntersectionObserver();
    render(
      <NearView>
        <p>Artists</p>
      </NearView>,
    );
    expect(screen.queryByText("Artists")).toBeNull();
    expect(screen.getByTestId("near-view-marker")).toBeTruthy();
    // A screen ahead of the scroll, below the viewport.
    expect(browser.observers[0]?.options?.rootMargin).toBe("0px 0px 100% 0px");
    browser.report(false);
    expect(screen.queryByText("Artists")).toBeNull();
    browser.report(true);
    expect(screen.getByText("Artists")).toBeTruthy();
    expect(screen.queryByTestId("near-view-marker")).toBeNull();
  });

  it("renders them at once where the browser cannot tell (no IntersectionObserver)", async () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(
      <NearView>
        <p>Artists</p>
      </NearView>,
    );
    expect(await screen.findByText("Artists")).toBeTruthy();
  });
});
