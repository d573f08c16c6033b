// The player's audio engine as the provider runs it (useAudioEngine.ts loads this chunk once the first screen is
// up: the engines, the listening settings' parsing and iOS's unlock are not needed to draw it). Made with the
// provider's callbacks, it follows the listener's settings by itself; the provider gives it each state and the
// listener's membership and session.
import type { AudioEngineCallbacks, AudioLike } from "./audio-engine";
import { isIOS } from "./audio-platform";
import { readAudioPreferences, subscribeAudioPreferences } from "./listening-preferences";
import { PlaybackEngine } from "./playback-engine";

export { webAudioReady } from "./playback-engine";
import type { PlayerMachineState } from "./reducer";

export interface EngineHost {
  /** The listener's membership and session as they are now, and the state to play. */
  sync(state: PlayerMachineState, listener: { isPremium: boolean; hasSession: boolean }): void;
  /** Enables audio from a user gesture (the mini player's enable button). */
  enableFromGesture(): void;
  destroy(): void;
}

export function createEngineHost(callbacks: AudioEngineCallbacks, createAudio?: () => AudioLike): EngineHost {
  const engine = new PlaybackEngine(callbacks, createAudio);
  let last: { state: PlayerMachineState; isPremium: boolean } | null = null;

  // iOS unlocks an audio element only from inside a gesture: use the first one. Elsewhere no listener is
  // added, so that the first tap (often the one on play) runs nothing extra.
  const gestures = isIOS() ? (["touchend", "click", "keydown"] as const) : [];
  const onFirstGesture = () => {
    for (const gesture of gestures) document.removeEventListener(gesture, onFirstGesture, true);
    engine.unlock();
  };
  for (const gesture of gestures) document.addEventListener(gesture, onFirstGesture, true);

  // A change of the listening settings: the gain applies at once, the quality from the next song loaded.
  const stopFollowing = subscribeAudioPreferences(() => {
    if (!last) return;
    engine.setListening(last.isPremium, readAudioPreferences());
    engine.sync(last.state);
  });

  return {
    sync(state, { isPremium, hasSession }) {
      last = { state, isPremium };
      engine.setListening(isPremium, readAudioPreferences());
      // With no network the session cannot be read (an app opened offline), and no stream needs one: the
      // service worker answers a downloaded song itself, and any other fails as offline.
      engine.setSession(hasSession || navigator.onLine === false);
      engine.sync(state);
    },
    enableFromGesture: () => engine.enableFromGesture(),
    destroy() {
      for (const gesture of gestures) document.removeEventListener(gesture, onFirstGesture, true);
      stopFollowing();
      engine.destroy();
    },
  };
}
