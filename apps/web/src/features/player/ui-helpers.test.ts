import { describe, expect, it } from "vitest";
import {
  clampPlayerTop,
  formatTime,
  isTextField,
  shortcutFor,
  swipeCommand,
  swipeDirection,
  verticalFlick,
} from "./ui-helpers";

describe("clampPlayerTop (SPEC.md: 24 px to window height minus 150)", () => {
  it.each([
    // y, window height, top
    [100, 800, 100],
    [24, 800, 24],
    [23, 800, 24],
    [-300, 800, 24],
    [650, 800, 650],
    [651, 800, 650],
    [5000, 800, 650],
    [300, 844, 300],
    [800, 844, 694],
    // A window too short for both bounds keeps the player on screen at the top bound.
    [100, 150, 24],
  ])("clampPlayerTop(%i, %i) = %i", (y, height, top) => {
    expect(clampPlayerTop(y, height)).toBe(top);
  });
});

describe("verticalFlick (a quick vertical move: up opens Now Playing, down closes it)", () => {
  it.each([
    // dx, dy, ms, flick
    [0, -60, 200, "up"],
    [0, 60, 200, "down"],
    [0, -59, 200, null], // too short
    [0, -200, 401, null], // too slow: a drag
    [-70, -60, 100, null], // more sideways than up: a swipe
    [10, 300, 400, "down"],
  ])("dx %i, dy %i in %i ms: %s", (dx, dy, ms, flick) => {
    expect(verticalFlick(dx, dy, ms)).toBe(flick);
  });
});

describe("swipeDirection (SPEC.md: over 80 px; left = next, right = previous)", () => {
  it.each([
    [-81, 0, "left"],
    [81, 0, "right"],
    [-80, 0, null],
    [80, 0, null],
    [0, 0, null],
    [-200, 10, "left"],
    [150, -40, "right"],
    // Mostly vertical moves are drags, not swipes.
    [90, 120, null],
    [-90, -90, null],
  ] as const)("swipeDirection(%i, %i) = %s", (dx, dy, direction) => {
    expect(swipeDirection(dx, dy)).toBe(direction);
  });
});

describe("swipeCommand: the next song lies where the Next button is, at the reading direction's end", () => {
  it.each([
    // dx, dy, reading direction, command
    [-81, 0, "ltr", "next"],
    [81, 0, "ltr", "previous"],
    // Arabic mirrors the player (Next at the left, the seek bar filling leftwards): the swipe mirrors too.
    [81, 0, "rtl", "next"],
    [-81, 0, "rtl", "previous"],
    [-200, 10, "rtl", "previous"],
    [150, -40, "rtl", "next"],
    // SPEC.md's 80 px and the drag rule hold in both directions.
    [80, 0, "rtl", null],
    [-80, 0, "rtl", null],
    [90, 120, "rtl", null],
    [-90, -90, "ltr", null],
  ] as const)("swipeCommand(%i, %i, %s) = %s", (dx, dy, dir, command) => {
    expect(swipeCommand(dx, dy, dir)).toBe(command);
  });
});

describe("formatTime (m:ss)", () => {
  it.each([
    [0, "0:00"],
    [5, "0:05"],
    [59.9, "0:59"],
    [60, "1:00"],
    [65, "1:05"],
    [600, "10:00"],
    [3725, "62:05"],
    [-3, "0:00"],
    [Number.NaN, "0:00"],
    [Infinity, "0:00"],
  ])("formatTime(%d) = %s", (seconds, text) => {
    expect(formatTime(seconds)).toBe(text);
  });
});

function key(
  key: string,
  init: Partial<{
    shiftKey: boolean;
    ctrlKey: boolean;
    metaKey: boolean;
    altKey: boolean;
    defaultPrevented: boolean;
    target: EventTarget | null;
  }> = {},
) {
  return {
    key,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    defaultPrevented: false,
    target: document.body,
    ...init,
  };
}

describe("keyboard shortcuts", () => {
  it.each([
    [" ", false, "toggle"],
    ["ArrowRight", false, "next"],
    ["ArrowLeft", false, "previous"],
    ["ArrowRight", true, "seekForward"],
    ["ArrowLeft", true, "seekBackward"],
    ["m", false, "mute"],
    ["M", false, "mute"],
    ["k", false, null],
    ["Enter", false, null],
  ] as const)("%j (shift %s) → %s", (name, shiftKey, command) => {
    expect(shortcutFor(key(name, { shiftKey }))).toBe(command);
  });

  it("mirrors the arrows right to left (Arabic): the arrow toward the line's end still goes next and seeks forward", () => {
    expect(shortcutFor(key("ArrowLeft"), "rtl")).toBe("next");
    expect(shortcutFor(key("ArrowRight"), "rtl")).toBe("previous");
    expect(shortcutFor(key("ArrowLeft", { shiftKey: true }), "rtl")).toBe("seekForward");
    expect(shortcutFor(key("ArrowRight", { shiftKey: true }), "rtl")).toBe("seekBackward");
    expect(shortcutFor(key(" "), "rtl")).toBe("toggle");
  });

  it("ignores keys with modifiers and keys already handled", () => {
    expect(shortcutFor(key("m", { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key("ArrowRight", { metaKey: true }))).toBeNull();
    expect(shortcutFor(key("ArrowRight", { altKey: true }))).toBeNull();
    expect(shortcutFor(key(" ", { defaultPrevented: true }))).toBeNull();
  });

  it("leaves text fields alone", () => {
    const input = document.createElement("input");
    const textarea = document.createElement("textarea");
    const editable = document.createElement("div");
    editable.setAttribute("contenteditable", "true");
    for (const target of [input, textarea, editable]) {
      expect(isTextField(target)).toBe(true);
      expect(shortcutFor(key("m", { target }))).toBeNull();
      expect(shortcutFor(key(" ", { target }))).toBeNull();
      expect(shortcutFor(key("ArrowRight", { target }))).toBeNull();
    }
    const range = document.createElement("input");
    range.type = "range";
    expect(isTextField(range)).toBe(false);
  });

  it("leaves Space to a focused button and arrows to a focused slider", () => {
    const button = document.createElement("button");
    const slider = document.createElement("div");
    slider.setAttribute("role", "slider");
    expect(shortcutFor(key(" ", { target: button }))).toBeNull();
    expect(shortcutFor(key("m", { target: button }))).toBe("mute");
    expect(shortcutFor(key("ArrowRight", { target: button }))).toBe("next");
    expect(shortcutFor(key("ArrowRight", { target: slider }))).toBeNull();
  });
});
