// A browser opens its audio output with its first sound: in Chromium the first song's first frame came
// 160-230 ms after its metadata, every later song's within 15 ms (Debian's Chromium, a local server). A
// muted, silent clip played once in an idle moment opens it before the listener's first tap on play:
// muted playback needs no gesture, and a browser that refuses it anyway has lost nothing.
import { useEffect } from "react";
import { IDLE_TIMEOUT_MS } from "../../first-screen/after-first-screen";
import { whenIdle } from "../../first-screen/when-idle";
import type { AudioLike } from "./audio-engine";
import { SILENT_WAV } from "./audio-platform";

/** Plays the silent clip, muted, on an element of its own and lets it go once played or refused. */
export function warmAudioOutput(createAudio: () => AudioLike): () => void {
  const audio = createAudio();
  audio.muted = true;
  audio.src = SILENT_WAV;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    audio.pause();
    audio.removeAttribute("src");
    audio.load(); // drops the element's media resources
  };
  try {
    void audio.play().then(release, release);
  } catch {
    release(); // a browser whose play() throws rather than rejects
  }
  return release;
}

/**
 * Warms the audio output once, in the first idle moment after the player mounts (never inside a tap);
 * null: not at all (a player on stand-in elements, in tests).
 */
export function useWarmAudioOutput(createAudio: (() => AudioLike) | null): void {
  useEffect(() => {
    if (!createAudio) return;
    let release = () => {};
    const cancel = whenIdle(() => (release = warmAudioOutput(createAudio)), IDLE_TIMEOUT_MS);
    return () => {
      cancel();
      release();
    };
    // The factory is read once, at mount: the warm-up happens once per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
