import { act, cleanup } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PLAYER_HEIGHT, PLAYER_HEIGHT_VAR, TOAST_OFFSET_VAR, toastOffset } from "./player-room";
import { currentPlayer, MiniPlayerHarness, renderWithPlayer, song } from "./test-utils";

vi.mock("../account/membership", () => ({ useIsPremium: vi.fn(() => false) }));

const rootVar = (name: string) => document.documentElement.style.getPropertyValue(name);

describe("the room the mini player takes", () => {
  const usualHeight = Number.parseInt(DEFAULT_PLAYER_HEIGHT);
  let height = usualHeight;
  let resized: () => void = () => undefined;
  beforeEach(() => {
    height = usualHeight;
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(
      () => ({ height, top: 0, bottom: height, left: 0, right: 0, width: 300, x: 0, y: 0 }) as DOMRect,
    );
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("tells the page how tall the player is, taller with the 'Tap to enable audio' banner, and nothing once closed", () => {
    renderWithPlayer(<MiniPlayerHarness />);
    height = 80;
    act(() => currentPlayer().play(song(1)));
    act(() => resized()); // the browser's first layout of the player
    expect(rootVar(PLAYER_HEIGHT_VAR)).toBe("80px");
    height = 140;
    act(() => resized());
    expect(rootVar(PLAYER_HEIGHT_VAR)).toBe("140px");
    act(() => currentPlayer().close());
    expect(rootVar(PLAYER_HEIGHT_VAR)).toBe("");
  });

  it("measures the player after the browser's layout, not in the tap's render (no layout forced early)", () => {
    renderWithPlayer(<MiniPlayerHarness />);
    const measure = vi.mocked(HTMLElement.prototype.getBoundingClientRect);
    measure.mockClear();
    act(() => currentPlayer().play(song(1)));
    expect(measure).not.toHaveBeenCalled();
    act(() => resized());
    expect(measure).toHaveBeenCalled();
  });

  it("leaves the document's style alone when the player has the height the page assumes (no restyle of every element)", () => {
    renderWithPlayer(<MiniPlayerHarness />);
    act(() => currentPlayer().play(song(1)));
    act(() => resized());
    expect(document.documentElement.getAttribute("style") ?? "").toBe("");
  });

  it("puts toasts under a player dragged into the upper half, and leaves them alone otherwise", () => {
    expect(toastOffset(null, 72, 844)).toBe(0);
    expect(toastOffset(20, 72, 844)).toBe(100);
    expect(toastOffset(600, 72, 844)).toBe(0);
    expect(rootVar(TOAST_OFFSET_VAR)).toBe("");
  });
});
