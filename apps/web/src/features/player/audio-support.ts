// Whether this browser plays through Web Audio (gapless, crossfade, the equalizer) or keeps the plain audio
// element. iOS WebKit may stop an AudioContext when the screen locks, which would stop the music: there, and
// on any browser seen to do so (kept on this device), the element path plays, since background playback is
// worth more than the effects. A browser whose context would not start at all (held suspended or interrupted
// after a tap) keeps the element for the rest of the visit: the next visit tries again.
import { useSyncExternalStore } from "react";
import { isIOS } from "./audio-platform";

export type WebAudioSupport = "available" | "unsupported" | "stops-when-locked" | "wont-run";

const STOPS_WHEN_LOCKED_KEY = "pb.web-audio-stops-when-locked";
const WONT_RUN_KEY = "pb.web-audio-wont-run";
/** Kept here too, for a browser that refuses session storage. */
let wontRunThisVisit = false;
const listeners = new Set<() => void>();

function seenStopping(): boolean {
  try {
    return window.localStorage.getItem(STOPS_WHEN_LOCKED_KEY) === "1";
  } catch {
    return false;
  }
}

function seenWontRun(): boolean {
  if (wontRunThisVisit) return true;
  try {
    return window.sessionStorage.getItem(WONT_RUN_KEY) === "1";
  } catch {
    return false;
  }
}

export function webAudioSupport(): WebAudioSupport {
  if (typeof window === "undefined" || typeof window.AudioContext !== "function") return "unsupported";
  if (isIOS() || seenStopping()) return "stops-when-locked";
  return seenWontRun() ? "wont-run" : "available";
}

/** The context stopped while the screen was locked: from now on this device keeps the element path. */
export function rememberStopsWhenLocked(): void {
  try {
    window.localStorage.setItem(STOPS_WHEN_LOCKED_KEY, "1");
  } catch {
    // storage refused: the element path holds for this visit (the engine switched already)
  }
  for (const listener of listeners) listener();
}

/** The context would not start after a tap: the element path holds for this visit (this tab, reloads too). */
export function rememberWontRun(): void {
  wontRunThisVisit = true;
  try {
    window.sessionStorage.setItem(WONT_RUN_KEY, "1");
  } catch {
    // storage refused: kept in memory for this page
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useWebAudioSupport(): WebAudioSupport {
  return useSyncExternalStore(subscribe, webAudioSupport, () => "available");
}
