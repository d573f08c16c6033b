// The mini player floats over the page: what it covers depends on its height (taller with the 'Tap to enable
// audio' banner) and on where it was dragged. It publishes both as CSS variables on the document, so that the
// page keeps its last rows clear of it and toasts appear below it when it sits at the top.
import { useEffect, type RefObject } from "react";

export const PLAYER_HEIGHT_VAR = "--pb-mini-player-height";
/**
 * The player's height the page assumes without being told (app/global.css): its usual height (two rows of
 * 44 px controls, padding, border), so that a first tap on play leaves the document's style alone.
 */
export const DEFAULT_PLAYER_HEIGHT = "108px";
export const TOAST_OFFSET_VAR = "--pb-toast-offset";
/** Room kept between the player and a toast under it. */
const GAP_PX = 8;

/** Where toasts go: under the player when it was dragged into the upper half of the screen, else where they are. */
export function toastOffset(top: number | null, height: number, viewportHeight: number): number {
  return top !== null && top < viewportHeight / 2 ? top + height + GAP_PX : 0;
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
      const height = element.getBoundingClientRect().height;
      if (height > 0) setOrDrop(root, PLAYER_HEIGHT_VAR, `${Math.ceil(height)}px`, DEFAULT_PLAYER_HEIGHT);
      setOrDrop(root, TOAST_OFFSET_VAR, `${toastOffset(top, height, window.innerHeight)}px`, "0px");
    };
    // The observer reports the first size after the browser's own layout of the frame: reading it here,
    // in the tap's render, would force that layout early, inside the tap's task (27 ms at 4x slowdown).
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(publish);
    if (observer) observer.observe(element);
    else publish();
    return () => {
      observer?.disconnect();
      root.removeProperty(PLAYER_HEIGHT_VAR);
      root.removeProperty(TOAST_OFFSET_VAR);
    };
  }, [card, top, shown]);
}
