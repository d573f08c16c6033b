// Wires the reducer, the audio engine, the API (playlists, play history), premium gating,
// persistence, the Media Session and keyboard shortcuts into one context.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { PREMIUM_MESSAGES, showPremiumToast, useIsPremium, type PremiumPlayerFeature } from "../account";
import { pageAdSettings } from "../../lib/ad-settings";
import { piSdk } from "../../lib/pi-sdk";
import { showToast } from "../../lib/toast";
import { translate } from "../../i18n";
import { freshCounter, isAdBreakDue, playInterstitial } from "./ad-breaks";
import { mayOfferRewardedAd, useSkipPass, watchAdLabel } from "./skip-pass";
import { useStartsFromServerHtml } from "../../first-screen/server-html";
import type { AudioLike } from "./audio-engine";
import { useAudioEngine } from "./useAudioEngine";
import { useListeningSettingsSync } from "./listening-sync";
import { useWarmAudioOutput } from "./audio-warmup";
import { usePlayerBackend } from "./backend";
import { usePlayReport } from "./play-report";
import { createIdleSaver, loadSavedPlayer, snapshotOf } from "./persistence";
import { useRadio } from "./radio";
import { useSongPool } from "./song-pool";
import { NowPlayingPartsContext, type NowPlayingParts } from "./now-playing-parts";
import { useSleepTimer } from "./sleep-timer";
import { initialPlayerState, playerReducer, type PlayerAction, type PlayerMachineState } from "./reducer";
import {
  createNowPlayingStore,
  useNowPlayingFrom,
  useSongPlayStateFrom,
  type NowPlayingStore,
  type SongPlayState,
} from "./now-playing-store";
import type { NowPlaying, PlayableSong, PlayerApi, PlayerControls, QueueSource } from "./types";
import { artistName, KEYBOARD_SEEK_SECONDS, shortcutFor } from "./ui-helpers";
import { createValueStore, useStoreValue, type ValueStore } from "../../lib/value-store";

/** SPEC.md section 9: the mute toggle is debounced 100 ms. */
export const MUTE_DEBOUNCE_MS = 100;
export const USE_PLAYER_OUTSIDE_PROVIDER = "usePlayer must be used within a PlayerProvider";

// The whole player's value changes with every state change (time included): its readers subscribe to it.
const PlayerContext = createContext<ValueStore<PlayerApi> | null>(null);
const PlayerControlsContext = createContext<PlayerControls | null>(null);
const NowPlayingContext = createContext<NowPlayingStore | null>(null);

function initPlayer({ fromServerHtml, isPremium }: { fromServerHtml: boolean; isPremium: boolean }) {
  const initial: PlayerMachineState = { ...initialPlayerState, canSkipAndSeek: isPremium };
  // The server knows nothing of this browser's last visit: that is restored right after hydration.
  const saved = fromServerHtml ? null : loadSavedPlayer();
  return saved ? playerReducer(initial, { type: "RESTORE", saved }) : initial;
}

export interface PlayerProviderProps {
  children: ReactNode;
  /** Tests pass a fake audio element factory; the browser's `new Audio()` otherwise. */
  createAudio?: () => AudioLike;
  /** Random numbers for the end-of-queue pick; Math.random otherwise. */
  random?: () => number;
  /** The library's parts Now Playing draws (the heart, 'Save as playlist'); none without them. */
  nowPlayingParts?: NowPlayingParts;
}

/** Mount inside the tRPC and TanStack Query providers (AppProviders); the mini player also needs Mantine. */
export function PlayerProvider({
  children,
  createAudio,
  random = Math.random,
  nowPlayingParts,
}: PlayerProviderProps) {
  const fromServerHtml = useStartsFromServerHtml();
  const isPremium = useIsPremium();
  const [state, dispatch] = useReducer(playerReducer, { fromServerHtml, isPremium }, initPlayer);
  useLayoutEffect(() => {
    const saved = fromServerHtml ? loadSavedPlayer() : null;
    if (saved) dispatch({ type: "RESTORE", saved });
  }, [fromServerHtml]); // fixed for the provider's life: runs once, on mount
  // The reducer holds the free listener's rule; it learns a change of membership here, before paint. Only a
  // change: an update from a first commit's layout effect is rendered synchronously, in hydration's task.
  const skipAndSeekInState = state.canSkipAndSeek;
  useLayoutEffect(() => {
    if (skipAndSeekInState !== isPremium) dispatch({ type: "SET_CAN_SKIP_AND_SEEK", allowed: isPremium });
  }, [isPremium, skipAndSeekInState]);
  const backend = usePlayerBackend();

  const stateRef = useRef(state);
  const isPremiumRef = useRef(isPremium);
  const backendRef = useRef(backend);
  const randomRef = useRef(random);
  useEffect(() => {
    stateRef.current = state;
    isPremiumRef.current = isPremium;
    backendRef.current = backend;
    randomRef.current = random;
  });

  useRadio(state, stateRef, dispatch, backendRef);
  useSongPool(state, dispatch, backendRef);

  // ---- Pi Ads: interstitials between songs for free listeners, rewarded ads for skips ----
  // The server's settings come with the page (lib/ad-settings.ts); none in the server's own render.
  const [adSettings] = useState(pageAdSettings);
  const adCounter = useRef(freshCounter(Date.now()));
  // A song heard to its end counts towards the next ad; when one is due, the next song waits for it.
  const engineDispatch = useCallback(
    (action: PlayerAction) => {
      if (action.type !== "ENDED" || isPremiumRef.current) return dispatch(action);
      adCounter.current.songsSinceAd += 1;
      const adBreak = isAdBreakDue(adCounter.current, adSettings, Date.now());
      dispatch(adBreak ? { ...action, adBreak } : action);
    },
    [adSettings],
  );
  useEffect(() => {
    if (!state.adBreak) return;
    // A failed or unavailable ad is skipped silently; the next one is due at the next boundary.
    void playInterstitial(piSdk()?.Ads).then((shown) => {
      if (shown) adCounter.current = freshCounter(Date.now());
      dispatch({ type: "AD_BREAK_OVER" });
    });
  }, [state.adBreak]);
  const setSkipPass = useCallback((active: boolean) => dispatch({ type: "SET_SKIP_PASS", active }), []);
  const skipPass = useSkipPass(setSkipPass);

  const playReport = usePlayReport(state.currentTime, state.isPlaying, (songId) =>
    backendRef.current.recordPlay(songId),
  );
  // The song whose first note was heard: the lock screen shows a song from then on (useMediaSession).
  const [startedSongId, setStartedSongId] = useState<string | null>(null);
  const reportStarted = playReport.started;
  const engineCallbacks = useMemo(
    () => ({
      onPlaybackStarted(song: PlayableSong) {
        reportStarted(song);
        setStartedSongId(song.id);
      },
    }),
    [reportStarted],
  );
  useListeningSettingsSync();
  const { audioEnabled, autoplayBlocked, enableAudio } = useAudioEngine(
    state,
    engineDispatch,
    engineCallbacks,
    createAudio,
  );
  // The browser's audio output opened before the first tap on play (the first song's first frame ~170 ms sooner).
  useWarmAudioOutput(createAudio ? null : () => new Audio());

  // The tapped song is loading and its first note is awaited (not blocked, not failed): what can wait for
  // that note (the lock screen's metadata, the queue's save) waits, off the main thread's busiest moment.
  const awaitingFirstNote =
    state.currentSong !== null &&
    state.isPlaying &&
    startedSongId !== state.currentSong.id &&
    !autoplayBlocked;

  const { sleepTimer, setSleepTimer } = useSleepTimer(dispatch, stateRef, state.stopAfterCurrent);

  // ---- actions (stable for the provider's lifetime) ----
  const premiumOnly = useCallback((feature: PremiumPlayerFeature): boolean => {
    if (isPremiumRef.current) return true;
    showPremiumToast(feature);
    return false;
  }, []);

  /**
   * A skip: members' always, a free listener's while a rewarded ad's skips run. At the skip limit, the server's
   * grant is read once (skips earned before a reload), then the premium toast offers a rewarded ad beside Upgrade.
   */
  const withSkip = useCallback(
    (skip: () => void) => {
      if (isPremiumRef.current || stateRef.current.skipPass) return skip();
      if (!mayOfferRewardedAd(adSettings.rewarded)) {
        showPremiumToast("skip");
        return;
      }
      void skipPass.check().then((active) => {
        if (active) return skip();
        showToast({
          title: translate("premium.feature"),
          message: PREMIUM_MESSAGES.skip,
          upgrade: true,
          action: {
            label: watchAdLabel(),
            run() {
              // The ad is heard instead of the song, which plays on after it.
              const wasPlaying = stateRef.current.isPlaying;
              if (wasPlaying) dispatch({ type: "PAUSE" });
              void skipPass.watchAd().finally(() => {
                if (wasPlaying) dispatch({ type: "RESUME" });
              });
            },
          },
        });
      });
    },
    [adSettings, skipPass],
  );

  const muteTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (muteTimer.current) clearTimeout(muteTimer.current);
    },
    [],
  );

  const controls = useMemo<PlayerControls>(() => {
    const seed = () => Math.floor(randomRef.current() * 2 ** 32);
    const play = (song: PlayableSong, list?: PlayableSong[], source?: QueueSource) =>
      dispatch({ type: "PLAY", song, list, seed: seed(), source });
    const startPlaylist = (songs: PlayableSong[], source?: QueueSource) =>
      dispatch({ type: "START_PLAYLIST", songs, seed: seed(), source });
    return {
      play,
      toggleSong(song, list, source) {
        const current = stateRef.current;
        if (current.currentSong?.id === song.id) dispatch({ type: current.isPlaying ? "PAUSE" : "RESUME" });
        else play(song, list, source);
      },
      pause: () => dispatch({ type: "PAUSE" }),
      resume: () => dispatch({ type: "RESUME" }),
      next() {
        withSkip(() => dispatch({ type: "NEXT", random: randomRef.current() }));
      },
      previous() {
        withSkip(() => dispatch({ type: "PREVIOUS" }));
      },
      seek(seconds) {
        if (premiumOnly("seek")) dispatch({ type: "SEEK", time: seconds });
      },
      close: () => dispatch({ type: "CLOSE" }),
      toggleMute() {
        if (muteTimer.current) clearTimeout(muteTimer.current);
        muteTimer.current = setTimeout(() => {
          muteTimer.current = null;
          dispatch({ type: "TOGGLE_MUTE" });
        }, MUTE_DEBOUNCE_MS);
      },
      setVolume: (volume) => dispatch({ type: "SET_VOLUME", volume }),
      startPlaylist,
      async playPlaylistById(id) {
        let songs: PlayableSong[];
        try {
          songs = await backendRef.current.fetchPlaylistSongs(id);
        } catch (error) {
          console.error("Failed to load playlist", error);
          return;
        }
        if (songs.length === 0) {
          console.log("No songs found");
          return;
        }
        startPlaylist(songs, { kind: "playlist", id });
      },
      startRadio: (song) => dispatch({ type: "START_RADIO", song }),
      removeFromQueue(index) {
        const current = stateRef.current;
        // Removing the current entry starts the next one: a skip.
        const skips = index === current.currentIndex && current.queue.length > 1;
        if (!skips) dispatch({ type: "REMOVE_FROM_QUEUE", index });
        else withSkip(() => dispatch({ type: "REMOVE_FROM_QUEUE", index }));
      },
      playNext: (songs) => dispatch({ type: "PLAY_NEXT", songs }),
      addToQueue: (songs) => dispatch({ type: "ADD_TO_QUEUE", songs }),
      moveInQueue: (from, to) => dispatch({ type: "MOVE_IN_QUEUE", from, to }),
      clearQueue: () => dispatch({ type: "CLEAR_QUEUE" }),
      setRepeat: (repeat) => dispatch({ type: "SET_REPEAT", repeat }),
      setShuffle: (shuffle) => dispatch({ type: "SET_SHUFFLE", shuffle, seed: seed() }),
      playFromQueue(index) {
        const current = stateRef.current;
        if (index === current.currentIndex) {
          if (!current.isPlaying) dispatch({ type: "RESUME" });
          return;
        }
        withSkip(() => dispatch({ type: "PLAY_INDEX", index }));
      },
      setSleepTimer,
      enableAudio,
    };
  }, [premiumOnly, withSkip, enableAudio, setSleepTimer]);

  // ---- persistence: queue, index and position (whole seconds) ----
  const savedSecond = Math.floor(state.currentTime);
  const [saver] = useState(() => createIdleSaver(() => snapshotOf(stateRef.current)));
  useEffect(() => () => saver.flush(), [saver]);
  useEffect(() => {
    if (!awaitingFirstNote) saver.request();
  }, [
    awaitingFirstNote,
    saver,
    state.queue,
    state.currentIndex,
    state.currentSong,
    savedSecond,
    state.volume,
    state.isMuted,
    state.autoplayFrom,
    state.repeat,
    state.shuffle,
    state.source,
  ]);

  useMediaSession(state, controls, isPremium, isPremium || state.skipPass, awaitingFirstNote);
  useKeyboardShortcuts(controls, stateRef);

  const api = useMemo<PlayerApi>(
    () => ({ ...controls, state, canSkipAndSeek: isPremium, audioEnabled, autoplayBlocked, sleepTimer }),
    [controls, state, isPremium, audioEnabled, autoplayBlocked, sleepTimer],
  );
  // Before paint: the player's readers show the state of the frame it changed in.
  const [playerStore] = useState(() => createValueStore(api));
  useLayoutEffect(() => playerStore.set(api), [playerStore, api]);
  const songId = state.currentSong?.id ?? null;
  // One store for the provider's life: its value never changes, so no row re-renders with the context.
  const [nowPlaying] = useState(() => createNowPlayingStore({ songId, isPlaying: state.isPlaying }));
  // Before paint: the rows' play/pause icons change in the same frame as the mini player.
  useLayoutEffect(
    () => nowPlaying.set({ songId, isPlaying: state.isPlaying }),
    [nowPlaying, songId, state.isPlaying],
  );

  return (
    <PlayerControlsContext.Provider value={controls}>
      <NowPlayingContext.Provider value={nowPlaying}>
        <PlayerContext.Provider value={playerStore}>
          <NowPlayingPartsContext.Provider value={nowPlayingParts ?? null}>
            {children}
          </NowPlayingPartsContext.Provider>
        </PlayerContext.Provider>
      </NowPlayingContext.Provider>
    </PlayerControlsContext.Provider>
  );
}

/** The whole player: state and actions. Re-renders with every state change (including time). */
export function usePlayer(): PlayerApi {
  return useStoreValue(usePlayerStore());
}

/** The whole player's store, for readers that pick a part of it (`usePlayerFields`). */
export function usePlayerStore(): ValueStore<PlayerApi> {
  const store = useContext(PlayerContext);
  if (!store) throw new Error(USE_PLAYER_OUTSIDE_PROVIDER);
  return store;
}

/** Only the actions: never re-renders the caller. */
export function usePlayerControls(): PlayerControls {
  const controls = useContext(PlayerControlsContext);
  if (!controls) throw new Error(USE_PLAYER_OUTSIDE_PROVIDER);
  return controls;
}

function useNowPlayingStore(): NowPlayingStore {
  const store = useContext(NowPlayingContext);
  if (!store) throw new Error(USE_PLAYER_OUTSIDE_PROVIDER);
  return store;
}

/** The current song's id and whether it plays: no time updates. */
export function useNowPlaying(): NowPlaying {
  return useNowPlayingFrom(useNowPlayingStore());
}

/**
 * One song's play state, for song rows: the row re-renders only when its own state changes, so a tap
 * re-renders two rows (the song that stops, the one that starts), not the screen's every row.
 */
export function useSongPlayState(songId: string): SongPlayState {
  return useSongPlayStateFrom(useNowPlayingStore(), songId);
}

/** The sizes lock screens and watches ask for; the one cover serves them all (the browser scales it). */
const ARTWORK_SIZES = [96, 128, 192, 256, 384, 512];

function useMediaSession(
  state: PlayerMachineState,
  controls: PlayerControls,
  isPremium: boolean,
  maySkip: boolean,
  awaitingFirstNote: boolean,
): void {
  const session =
    typeof navigator !== "undefined" && "mediaSession" in navigator ? navigator.mediaSession : null;
  const song = state.currentSong;
  // A tapped song is written from its first note on: the metadata and its artwork's fetch would otherwise
  // run on the main thread while the song loads, delaying that note. A paused song is written at once.

  useEffect(() => {
    if (!session || awaitingFirstNote) return;
    if (!song) {
      session.metadata = null;
      return;
    }
    if (typeof MediaMetadata === "undefined") return;
    const artwork = song.imageUrl ?? song.album?.imageUrl;
    session.metadata = new MediaMetadata({
      title: song.title,
      // The lock screen's line, in the browser's language.
      artist: artistName(song, translate),
      album: song.album?.title ?? "",
      artwork: artwork ? ARTWORK_SIZES.map((size) => ({ src: artwork, sizes: `${size}x${size}` })) : [],
    });
  }, [session, song, awaitingFirstNote]);

  useEffect(() => {
    if (!session) return;
    session.playbackState = !song ? "none" : state.isPlaying ? "playing" : "paused";
  }, [session, song, state.isPlaying]);

  const positionSecond = Math.floor(state.currentTime);
  useEffect(() => {
    if (!session || !song || typeof session.setPositionState !== "function") return;
    const duration = state.duration;
    if (!(duration > 0)) return;
    try {
      session.setPositionState({ duration, position: Math.min(positionSecond, duration), playbackRate: 1 });
    } catch {
      // Some browsers reject position states while metadata loads.
    }
  }, [session, song, state.duration, positionSecond]);

  useEffect(() => {
    if (!session) return;
    // A free listener's lock screen offers no skip and no seek: the handlers are not there to press (skips
    // while a rewarded ad's run).
    const seekTo: MediaSessionActionHandler = (details) => {
      if (typeof details.seekTime === "number") controls.seek(details.seekTime);
    };
    const handlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      ["play", () => controls.resume()],
      ["pause", () => controls.pause()],
      ["nexttrack", maySkip ? () => controls.next() : null],
      ["previoustrack", maySkip ? () => controls.previous() : null],
      ["seekto", isPremium ? seekTo : null],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // Action not supported by this browser.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // ignore
        }
      }
    };
  }, [session, controls, isPremium, maySkip]);
}

function useKeyboardShortcuts(controls: PlayerControls, stateRef: React.RefObject<PlayerMachineState>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // The page's direction (LocaleProvider sets it on <html>): Arabic's arrows mirror.
      const command = shortcutFor(event, document.documentElement.dir === "rtl" ? "rtl" : "ltr");
      const state = stateRef.current;
      if (!command || !state.currentSong) return;
      event.preventDefault();
      switch (command) {
        case "toggle":
          if (state.isPlaying) controls.pause();
          else controls.resume();
          break;
        case "next":
          controls.next();
          break;
        case "previous":
          controls.previous();
          break;
        case "seekForward":
          controls.seek(state.currentTime + KEYBOARD_SEEK_SECONDS);
          break;
        case "seekBackward":
          controls.seek(state.currentTime - KEYBOARD_SEEK_SECONDS);
          break;
        case "mute":
          controls.toggleMute();
          break;
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [controls, stateRef]);
}
