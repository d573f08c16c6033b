// The player's audio engine (engine-host.ts: the element, or Web Audio where needed) for the provider's
// lifetime: made on mount, given each new state and the listener's membership and session, and taken apart on
// unmount. Its code is a chunk of its own, asked for as the provider mounts (after the first screen is drawn and
// hydrated): a tap on play before it arrives is played when it does.
import { useCallback, useEffect, useRef, useState } from "react";
import { chunkLoader, onChunkStateChange } from "../../lib/chunk-loading";
import { useHasSession, useIsPremium } from "../account";
import type { AudioLike } from "./audio-engine";
import type * as EngineHostModule from "./engine-host";
import type { EngineHost } from "./engine-host";
import type { PlayerAction, PlayerMachineState } from "./reducer";
import type { PlayableSong } from "./types";

/**
 * The engine's chunk, kept once here (docs/adr/0009: asked for again after a failure, at the next attempt), with
 * the Web Audio engine's where this browser uses it: an album played at once joins its first two songs gaplessly.
 */
export const audioEngineChunk = chunkLoader(async () => {
  const host = await import("./engine-host");
  await host.webAudioReady();
  return host;
});

export interface AudioEngineStatus {
  /** SPEC.md "audio-enable state": off until the enable button is tapped or playback starts. */
  audioEnabled: boolean;
  /** The browser refused the last start (no gesture): the state may say playing while nothing sounds. */
  autoplayBlocked: boolean;
  /** Enables audio from a user gesture (the mini player's enable button). */
  enableAudio(): void;
}

/** Runs the audio engine for the provider's lifetime and keeps it in sync with the state. */
export function useAudioEngine(
  state: PlayerMachineState,
  dispatch: (action: PlayerAction) => void,
  callbacks: { onPlaybackStarted?(song: PlayableSong): void } = {},
  createAudio?: () => AudioLike,
): AudioEngineStatus {
  const hostRef = useRef<EngineHost | null>(null);
  const callbacksRef = useRef(callbacks);
  /** Enable was pressed before the engine arrived: it enables as it comes. */
  const enablePending = useRef(false);
  const [audioEnabled, setAudioEnabled] = useState(false);
  const [autoplayBlocked, setAutoplayBlocked] = useState(false);
  const isPremium = useIsPremium();
  const hasSession = useHasSession();
  const latest = useRef({ state, listener: { isPremium, hasSession } });

  useEffect(() => {
    latest.current = { state, listener: { isPremium, hasSession } };
    callbacksRef.current = callbacks;
  });

  useEffect(() => {
    let stopped = false;
    const start = ({ createEngineHost }: typeof EngineHostModule) => {
      if (stopped || hostRef.current) return;
      const host = createEngineHost(
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
      hostRef.current = host;
      host.sync(latest.current.state, latest.current.listener);
      if (enablePending.current) host.enableFromGesture();
      enablePending.current = false;
    };
    const load = () => {
      const loaded = audioEngineChunk.loaded();
      if (loaded) start(loaded);
      else audioEngineChunk().then(start, () => undefined);
    };
    load();
    // Offline before the chunk came: asked for again when the network returns (or at Retry).
    const stopRetrying = onChunkStateChange(() => {
      if (!hostRef.current) load();
    });
    return () => {
      stopped = true;
      stopRetrying();
      hostRef.current?.destroy();
      hostRef.current = null;
    };
  }, [dispatch, createAudio]);

  useEffect(() => {
    hostRef.current?.sync(state, { isPremium, hasSession });
  }, [state, isPremium, hasSession]);

  const enableAudio = useCallback(() => {
    setAudioEnabled(true);
    setAutoplayBlocked(false);
    if (hostRef.current) hostRef.current.enableFromGesture();
    else enablePending.current = true;
  }, []);

  return { audioEnabled, autoplayBlocked, enableAudio };
}
