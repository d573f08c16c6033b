import { act, render } from "@testing-library/react";
import { useEffect } from "react";
import { MemoryRouter, useNavigate, type NavigateFunction } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScrollRestoration } from "./ScrollRestoration";

/** Renders the restoration inside a router and hands back its navigate function. */
function renderAt(path: string): { navigate: (to: string) => void } {
  const handle: { navigate?: NavigateFunction } = {};
  function Navigator() {
    const navigate = useNavigate();
    useEffect(() => {
      handle.navigate = navigate;
    }, [navigate]);
    return null;
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      <ScrollRestoration />
      <Navigator />
    </MemoryRouter>,
  );
  return { navigate: (to) => void handle.navigate!(to) };
}

/** Counts reads of window.scrollY: in a browser each one, while a new screen commits, forces its layout. */
function watchScrollReads(scrollY: number) {
  const reads = vi.fn(() => scrollY);
  const own = Object.getOwnPropertyDescriptor(window, "scrollY");
  Object.defineProperty(window, "scrollY", { configurable: true, get: reads });
  const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
  return {
    reads,
    scrollTo,
    restore() {
      if (own) Object.defineProperty(window, "scrollY", own);
      else delete (window as { scrollY?: number }).scrollY;
    },
  };
}

describe("ScrollRestoration", () => {
  let watched: ReturnType<typeof watchScrollReads> | null = null;
  afterEach(() => {
    watched?.restore();
    vi.restoreAllMocks();
    watched = null;
  });

  it("opens a page from a link at its top without reading the scroll position (no forced layout in the tap)", () => {
    watched = watchScrollReads(0);
    const { navigate } = renderAt("/");
    watched.reads.mockClear();
    watched.scrollTo.mockClear();

    act(() => navigate("/playlist/discover-weekly"));

    expect(watched.reads).not.toHaveBeenCalled();
    expect(watched.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it("opens a page from a scrolled one at its top, knowing the position from the scroll events", () => {
    watched = watchScrollReads(640);
    const { navigate } = renderAt("/");
    act(() => void window.dispatchEvent(new Event("scroll")));
    watched.reads.mockClear();
    watched.scrollTo.mockClear();

    act(() => navigate("/playlist/discover-weekly"));

    expect(watched.reads).not.toHaveBeenCalled();
    expect(watched.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
