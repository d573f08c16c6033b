import { afterEach, vi } from "vitest";

/**
 * A browser where whatever is observed is in view (happy-dom's IntersectionObserver never reports): sections
 * rendered as a scroll nears them (ui/layout/NearView) render at once. Undone after each test.
 */
export function everythingInView(): void {
  class InViewObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      queueMicrotask(() =>
        this.callback(
          [{ target, isIntersecting: true } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        ),
      );
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal("IntersectionObserver", InViewObserver);
}

afterEach(() => {
  vi.unstubAllGlobals();
});
