// The mini player floats over the page: what it covers depends on its height (taller with the 'Tap to enable
// audio' banner) and on where it was dragged. It publishes both as CSS variables on the document, so that the
// page keeps its last rows clear of it; toasts are told where it starts, so that they sit above it.
import { useEffect, type RefObject } from "react";
import { toastRoom } from "../../lib/toast";

export const PLAYER_HEIGHT_VAR = "--pb-mini-player-height";
/**
 * The player's height the page assumes without being told (app/global.css): its usual height (two rows of
 * 44 px controls, padding, border), so that a first tap on play leaves the document's style alone.
 */
export const DEFAULT_PLAYER_HEIGHT = "108px";
/** Room kept between the player and a toast above it. */
const GAP_PX = 8;

/**
 * Where a toast's bottom edge goes (px above the screen's bottom): just above the player when it sits in the
 * lower half of the screen (docked above the navigation, or dragged there); null when it was dragged into
 * the upper half, and toasts go just above the navigation (the Toaster's own place).
 */
export function toastBottom(top: number, viewportHeight: number): number | null {
  return top >= viewportHeight / 2 ? Math.ceil(viewportHeight - top + GAP_PX) : null;
}

/**
 * Sets a variable on the document only when it changes what the page has: a variable set on the document
 * makes the browser compute the style of every element again (measured: 130 ms at 4x slowdown on Home,
 * when a first tap on play showed the player at its usual height, nothing moving).
 */
function setOrDrop(root: CSSStyleDeclaration, name: string, value: string, pageDefault: string): void {
  if (value === pageDefault) {
    if (root.getPropertyValue(name)) root.removeProperty(name);
  } else if (root.getPropertyValue(name) !== value) {
    root.setProperty(name, value);
  }
}

export function usePublishPlayerRoom(
  card: RefObject<HTMLElement | null>,
  top: number | null,
  shown: boolean,
) {
  useEffect(() => {
    const element = card.current;
    const root = document.documentElement.style;
    if (!shown || !element) return;
    const publish = () => {
      const rect = element.getBoundingClientRect();
      if (rect.height > 0)
        setOrDrop(root, PLAYER_HEIGHT_VAR, `${Math.ceil(rect.height)}px`, DEFAULT_PLAYER_HEIGHT);
      // Not a document variable: only the toasts' own container reads it.
      toastRoom.set(toastBottom(rect.top, window.innerHeight));
    };
    // The observer reports the first size after the browser's own layout of the frame: reading it here,
    // in the tap's render, would force that layout early, inside the tap's task (27 ms at 4x slowdown).
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(publish);
    if (observer) observer.observe(element);
    else publish();
    // A docked player moves with the screen's bottom edge (a keyboard, a rotated phone) without resizing.
    window.addEventListener("resize", publish);
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", publish);
      root.removeProperty(PLAYER_HEIGHT_VAR);
      toastRoom.set(null);
    };
  }, [card, top, shown]);
}
