// Pure helpers of the mini player's gestures and timeline (SPEC.md sections 2, 5 and 9).
import type { Translate } from "../../i18n";
import type { PlayableSong } from "./types";

/** SPEC.md section 9: the player's top stays between 24 px and the window height minus 150. */
export const PLAYER_TOP_MIN = 24;
export const PLAYER_BOTTOM_RESERVE = 150;
/** SPEC.md section 9: a horizontal swipe of more than 80 px skips. */
export const SWIPE_THRESHOLD = 80;

/** Clamps the dragged player's top edge; on a window too short for both bounds, 24 px wins. */
export function clampPlayerTop(y: number, windowHeight: number): number {
  return Math.max(PLAYER_TOP_MIN, Math.min(y, windowHeight - PLAYER_BOTTOM_RESERVE));
}

export type SwipeDirection = "left" | "right";

/** 'left' (next) or 'right' (previous) for a mostly horizontal move of more than 80 px, else null. */
export function swipeDirection(dx: number, dy: number): SwipeDirection | null {
  if (Math.abs(dx) <= SWIPE_THRESHOLD || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? "left" : "right";
}

/**
 * What a horizontal swipe over the mini player asks for, in the reading direction `dir`. The next song lies at
 * the reading direction's end, where the Next button sits, and a swipe pulls it in as a carousel does: toward
 * the start. In English that is SPEC.md's left swipe; in Arabic the player mirrors (Next on the left, the seek
 * bar filling leftwards) and so does the swipe: a swipe to the right goes next, as paging does in a
 * right-to-left app. Moves SPEC.md does not count (80 px or less, mostly vertical) ask for nothing.
 */
export function swipeCommand(dx: number, dy: number, dir: "ltr" | "rtl"): "next" | "previous" | null {
  const direction = swipeDirection(dx, dy);
  if (direction === null) return null;
  const towardStart = dir === "rtl" ? "right" : "left";
  return direction === towardStart ? "next" : "previous";
}

/** A vertical flick: at least this far (px) ... */
export const FLICK_DISTANCE = 60;
/** ... within this time (ms); a slower move drags the mini player instead. */
export const FLICK_MS = 400;

/**
 * 'up' or 'down' for a quick, mostly vertical move (a flick), else null: the mini player opens Now Playing
 * on a flick up, and Now Playing closes on a flick down.
 */
export function verticalFlick(dx: number, dy: number, ms: number): "up" | "down" | null {
  if (ms > FLICK_MS || Math.abs(dy) < FLICK_DISTANCE || Math.abs(dy) <= Math.abs(dx)) return null;
  return dy < 0 ? "up" : "down";
}

/** A song's artist, or SPEC.md's 'Unknown Artist' in the listener's language. */
export function artistName(song: Pick<PlayableSong, "artist">, t: Translate): string {
  return song.artist?.name || t("player.unknownArtist");
}

/** Seconds as m:ss: the one formatter the rows use too (the player's, in the listener's digits: parts.tsx). */
export { formatDuration as formatTime } from "../../lib/format";

export type ShortcutCommand = "toggle" | "next" | "previous" | "seekForward" | "seekBackward" | "mute";

interface KeyLike {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}

const TEXT_INPUT_TYPES = new Set([
  "text",
  "search",
  "email",
  "password",
  "url",
  "tel",
  "number",
  "date",
  "time",
  "datetime-local",
  "month",
  "week",
]);

/** Text fields keep every key. */
export function isTextField(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== "string") return false;
  const element = target as HTMLElement;
  const tag = element.tagName.toLowerCase();
  if (tag === "textarea" || tag === "select") return true;
  if (tag === "input")
    return TEXT_INPUT_TYPES.has(((element as HTMLInputElement).type || "text").toLowerCase());
  return element.isContentEditable || element.getAttribute("contenteditable") === "true";
}

/** Controls that use the key themselves (a focused button clicks on Space, a slider moves on arrows). */
function ownsKey(target: EventTarget | null, key: string): boolean {
  if (!target || typeof (target as Element).closest !== "function") return false;
  const element = target as Element;
  if (key === " ")
    return (
      element.closest(
        'button, a[href], [role="button"], [role="switch"], [role="checkbox"], [role="slider"], input',
      ) !== null
    );
  if (key === "ArrowLeft" || key === "ArrowRight")
    return (
      element.closest(
        '[role="slider"], input[type="range"], [role="tablist"], [role="radiogroup"], [role="menu"], [role="listbox"]',
      ) !== null
    );
  return false;
}

/**
 * The player shortcut a key press asks for, or null when the key belongs to someone else. The arrow toward the
 * line's end means next (with Shift, seek forward): right in a left-to-right language, left in Arabic.
 */
export function shortcutFor(event: KeyLike, dir: "ltr" | "rtl" = "ltr"): ShortcutCommand | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTextField(event.target) || ownsKey(event.target, event.key)) return null;
  const towardEnd = dir === "rtl" ? "ArrowLeft" : "ArrowRight";
  const towardStart = dir === "rtl" ? "ArrowRight" : "ArrowLeft";
  switch (event.key) {
    case " ":
      return event.shiftKey ? null : "toggle";
    case towardEnd:
      return event.shiftKey ? "seekForward" : "next";
    case towardStart:
      return event.shiftKey ? "seekBackward" : "previous";
    case "m":
    case "M":
      return event.shiftKey ? null : "mute";
    default:
      return null;
  }
}

/** Shift+Arrow seeks by this many seconds. */
export const KEYBOARD_SEEK_SECONDS = 10;
