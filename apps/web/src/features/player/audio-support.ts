// Whether this browser plays through Web Audio (gapless, crossfade, the equalizer) or keeps the plain audio
// element. iOS WebKit may stop an AudioContext when the screen locks, which would stop the music: there, and
// on any browser seen to do so (kept on this device), the element path plays, since background playback is
// worth more than the effects.
import { useSyncExternalStore } from "react";
import { isIOS } from "./audio-platform";

export type WebAudioSupport = "available" | "unsupported" | "stops-when-locked";

const STOPS_WHEN_LOCKED_KEY = "pb.web-audio-stops-when-locked";
const listeners = new Set<() => void>();

function seenStopping(): boolean {
  try {
    return window.localStorage.getItem(STOPS_WHEN_LOCKED_KEY) === "1";
  } catch {
    return false;
  }
}

export function webAudioSupport(): WebAudioSupport {
  if (typeof window === "undefined" || typeof window.AudioContext !== "function") return "unsupported";
  return isIOS() || seenStopping() ? "stops-when-locked" : "available";
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

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useWebAudioSupport(): WebAudioSupport {
  return useSyncExternalStore(subscribe, webAudioSupport, () => "available");
}
