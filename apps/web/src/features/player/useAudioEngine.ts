// The player's audio engine (playback-engine.ts: the element, or Web Audio where needed) for the provider's lifetime: made on mount, given each new
// state, the listener's membership and session and their listening settings, and taken apart on unmount.
import { useCallback, useEffect, useRef, useState } from "react";
import { useHasSession, useIsPremium } from "../account";
import { isIOS, type AudioLike, type PlayerAudio } from "./audio-engine";
import { readAudioPreferences, subscribeAudioPreferences } from "./listening-preferences";
import { PlaybackEngine } from "./playback-engine";
import type { PlayerAction, PlayerMachineState } from "./reducer";
import type { PlayableSong } from "./types";

export interface AudioEngineStatus {
  /** SPEC.md "audio-enable state": off until the enable button is tapped or playback starts. */
  audioEnabled: boolean;
  /** The browser refused the last start (no gesture): the state may say playing while nothing sounds. */
  autoplayBlocked: boolean;
  /** Enables audio from a user gesture (the mini player's enable button). */
  enableAudio(): void;
}

/** Runs an AudioEngine for the provider's lifetime and keeps it in sync with the state. */
export function useAudioEngine(
  state: PlayerMachineState,
  dispatch: (action: PlayerAction) => void,
  callbacks: { onPlaybackStarted?(song: PlayableSong): void } = {},
  createAudio?: () => AudioLike,
): AudioEngineStatus {
  const engineRef = useRef<PlayerAudio | null>(null);
  const stateRef = useRef(state);
  const callbacksRef = useRef(callbacks);
  const [audioEnabled, setAudioEnabled] = useState(false);
  const [autoplayBlocked, setAutoplayBlocked] = useState(false);
  const isPremium = useIsPremium();
  const premiumRef = useRef(isPremium);
  premiumRef.current = isPremium;
  const hasSession = useHasSession();
  const sessionRef = useRef(hasSession);
  sessionRef.current = hasSession;

  useEffect(() => {
    stateRef.current = state;
    callbacksRef.current = callbacks;
  });

  useEffect(() => {
    const engine = new PlaybackEngine(
      {
        dispatch,
        onPlaybackStarted: (song) => {
          setAudioEnabled(true);
          setAutoplayBlocked(false);
          callbacksRef.current.onPlaybackStarted?.(song);
        },
        onAutoplayBlocked: () => {
          setAudioEnabled(false);
          setAutoplayBlocked(true);
        },
      },
      createAudio,
    );
    engineRef.current = engine;
    engine.setListening(premiumRef.current, readAudioPreferences());
    engine.setSession(sessionRef.current);
    engine.sync(stateRef.current);

    // iOS unlocks an audio element only from inside a gesture: use the first one. Elsewhere no listener is
    // added, so that the first tap (often the one on play) runs nothing extra.
    const gestures = isIOS() ? (["touchend", "click", "keydown"] as const) : [];
    const onFirstGesture = () => {
      for (const gesture of gestures) document.removeEventListener(gesture, onFirstGesture, true);
      engine.unlock();
    };
    for (const gesture of gestures) document.addEventListener(gesture, onFirstGesture, true);

    return () => {
      for (const gesture of gestures) document.removeEventListener(gesture, onFirstGesture, true);
      engine.destroy();
      engineRef.current = null;
    };
  }, [dispatch, createAudio]);

  useEffect(() => {
    engineRef.current?.setListening(isPremium, readAudioPreferences());
    engineRef.current?.setSession(hasSession);
    engineRef.current?.sync(state);
  }, [state, isPremium, hasSession]);

  // A change of the listening settings: the gain applies at once, the quality from the next song loaded.
  useEffect(
    () =>
      subscribeAudioPreferences(() => {
        const engine = engineRef.current;
        if (!engine) return;
        engine.setListening(premiumRef.current, readAudioPreferences());
        engine.sync(stateRef.current);
      }),
    [],
  );

  const enableAudio = useCallback(() => {
    setAudioEnabled(true);
    setAutoplayBlocked(false);
    engineRef.current?.enableFromGesture();
  }, []);

  return { audioEnabled, autoplayBlocked, enableAudio };
}
