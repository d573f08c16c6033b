import { act, cleanup } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toastRoom } from "../../lib/toast";
import { DEFAULT_PLAYER_HEIGHT, PLAYER_HEIGHT_VAR, toastBottom } from "./player-room";
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

  it("puts toasts just above a player in the lower half of the screen, above the navigation otherwise", () => {
    expect(toastBottom(664, 844)).toBe(188); // docked above the navigation: 180 px of player and navigation
    expect(toastBottom(500, 844)).toBe(352);
    expect(toastBottom(20, 844)).toBeNull(); // dragged up: toasts keep their place above the navigation
  });

  it("tells the toasts where the player starts while it shows, and nothing once it is closed", () => {
    renderWithPlayer(<MiniPlayerHarness />);
    act(() => currentPlayer().play(song(1)));
    vi.mocked(HTMLElement.prototype.getBoundingClientRect).mockImplementation(
      () =>
        ({ height, top: 664, bottom: 664 + height, left: 0, right: 0, width: 300, x: 0, y: 664 }) as DOMRect,
    );
    vi.stubGlobal("innerHeight", 844);
    act(() => resized());
    expect(toastRoom.get()).toBe(188);
    act(() => currentPlayer().close());
    expect(toastRoom.get()).toBeNull();
    expect(document.documentElement.getAttribute("style") ?? "").toBe("");
  });
});
