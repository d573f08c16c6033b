// The audio engine: one HTMLAudioElement that follows the reducer's state, and reports what the
// browser does (time, duration, end, errors, autoplay blocks) back as actions. A second, silent
// element preloads the next song of the queue so that skipping starts at once. The player runs it
// through useAudioEngine (useAudioEngine.ts).
import { DEFAULT_AUDIO_PREFERENCES, type AudioPreferences } from "./listening-preferences";
import { connectionHint, streamQuality, type ConnectionHint, type QualityChoice } from "./stream-quality";
import { isPlayableUrl, playsAlbumInOrder, type PlayerAction, type PlayerMachineState } from "./reducer";
import type { PlayableSong, SongLoudness } from "./types";
import { SILENT_WAV } from "./audio-platform";

/** The part of HTMLAudioElement the engine uses (an HTMLAudioElement is one); tests pass a fake. */
export interface AudioLike {
  src: string;
  preload: string;
  currentTime: number;
  volume: number;
  muted: boolean;
  readonly paused: boolean;
  readonly ended: boolean;
  readonly duration: number;
  readonly readyState: number;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  getAttribute(name: string): string | null;
  removeAttribute(name: string): void;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface AudioEngineCallbacks {
  dispatch(action: PlayerAction): void;
  /** Playback of a loaded song really started (the 'playing' event), once per load. */
  onPlaybackStarted?(song: PlayableSong): void;
  /** The browser refused play() without a user gesture (NotAllowedError). */
  onAutoplayBlocked?(): void;
  /** Random numbers for the end-of-queue pick; Math.random by default. */
  random?(): number;
}

function errorName(error: unknown): string | undefined {
  return error && typeof error === "object" && "name" in error
    ? String((error as { name: unknown }).name)
    : undefined;
}

/** The song's stream at the quality this listener gets (stream-quality.ts: their choice, membership, connection). */
export function audioSource(
  song: Pick<PlayableSong, "id" | "audioUrl">,
  options: { isPremium: boolean; quality: QualityChoice; connection?: ConnectionHint | null },
): string | null {
  if (!song.audioUrl) return null;
  const quality = streamQuality(options.quality, options.isPremium, options.connection);
  return `/api/songs/${encodeURIComponent(song.id)}/stream?quality=${quality}`;
}

/** Where normalisation brings every song (streaming services' usual level). */
export const TARGET_LUFS = -14;
/** Headroom kept under 0 dBFS after the gain, for the true peak. */
const PEAK_CEILING_DB = -1;

/**
 * The volume factor (0-1) that brings the song to about -14 LUFS without clipping. The audio element
 * cannot amplify, so loud songs are turned down and quiet ones play as they are; the true peak never goes
 * over -1 dBTP. Album gain when `album` (an album played in order), track gain otherwise.
 */
export function normalizationFactor(loudness: SongLoudness | null | undefined, album = false): number {
  if (!loudness) return 1;
  const lufs = album && loudness.albumLufs !== null ? loudness.albumLufs : loudness.trackLufs;
  const peak = album && loudness.albumPeakDb !== null ? loudness.albumPeakDb : loudness.trackPeakDb;
  const gainDb = Math.min(0, TARGET_LUFS - lufs, PEAK_CEILING_DB - peak);
  return 10 ** (gainDb / 20);
}

/** What the player asks of an audio engine: this element engine, or the Web Audio one (web-audio-engine.ts). */
export interface PlayerAudio {
  /** Brings the audio in line with the state. Called after every state change. */
  sync(state: PlayerMachineState): void;
  unlock(): void;
  enableFromGesture(): void;
  setSession(hasSession: boolean): void;
  setListening(isPremium: boolean, preferences: AudioPreferences): void;
  destroy(): void;
}

export class AudioEngine implements PlayerAudio {
  readonly audio: AudioLike;
  readonly preloader: AudioLike;
  private state: PlayerMachineState | null = null;
  private loadId = -1;
  private seekId = 0;
  private loadedUrl: string | null = null;
  private loadedSong: PlayableSong | null = null;
  private preloadedUrl: string | null = null;
  /** A start position to apply once metadata is known. */
  private pendingStart: number | null = null;
  private startedLoadId = -1;
  /** The load whose failure was reported: the element's 'error' and play()'s rejection both tell of it. */
  private failedLoadId = -1;
  private loading = false;
  private unlocking = false;
  private unlocked = false;
  private selfPause = false;
  private readonly listeners: [string, () => void][];
  private isPremium = false;
  /** The browser holds a session: a stream asked for without one is refused (401). */
  private hasSession = true;
  private preferences: AudioPreferences = DEFAULT_AUDIO_PREFERENCES;

  constructor(
    private readonly callbacks: AudioEngineCallbacks,
    createAudio: () => AudioLike = () => new Audio(),
  ) {
    this.audio = createAudio();
    this.audio.preload = "auto";
    this.preloader = createAudio();
    this.preloader.preload = "auto";
    this.preloader.muted = true;
    this.listeners = [
      ["timeupdate", this.onTimeUpdate],
      ["loadedmetadata", this.onMetadata],
      ["durationchange", this.onMetadata],
      ["ended", this.onEnded],
      ["error", this.onError],
      ["playing", this.onPlaying],
      ["pause", this.onPause],
    ];
    for (const [event, handler] of this.listeners) this.audio.addEventListener(event, handler);
  }

  /** Brings the audio element in line with the state. Called after every state change. */
  sync(state: PlayerMachineState): void {
    this.state = state;
    if (state.loadId !== this.loadId && !this.hasSession) {
      // A first visit's tap before its guest session exists: the song loads (and plays) once it does.
      this.pauseAudio();
      return;
    }
    if (state.loadId !== this.loadId) {
      this.loadId = state.loadId;
      this.seekId = state.seekId;
      this.load(state.currentSong, state.currentTime);
    } else if (state.seekId !== this.seekId) {
      this.seekId = state.seekId;
      this.setPosition(state.currentTime);
    }
    this.refetchUnheard(state);
    const gain = this.preferences.normalize
      ? normalizationFactor(state.currentSong?.loudness, playsAlbumInOrder(state))
      : 1;
    const volume = Math.min(Math.max((state.volume / 100) * gain, 0), 1);
    if (this.audio.volume !== volume) this.audio.volume = volume;
    if (this.audio.muted !== state.isMuted) this.audio.muted = state.isMuted;
    if (state.currentSong && this.loadedUrl) {
      if (state.isPlaying && this.audio.paused) this.play();
      else if (!state.isPlaying && !this.audio.paused) this.pauseAudio();
    } else if (!this.audio.paused && !this.unlocking) {
      this.pauseAudio();
    }
    this.preloadNext(state);
  }

  /**
   * The first user gesture on iOS: play a silent clip so that later play() calls (after a
   * playlist fetch, at the end of a song) are allowed. Its errors are tagged and ignored.
   */
  unlock(): void {
    if (this.unlocked) return;
    this.unlocked = true;
    if (this.loadedUrl) return; // a song is loaded: its own play() in this gesture unlocks
    this.unlocking = true;
    this.audio.src = SILENT_WAV;
    let attempt: Promise<void> | undefined;
    try {
      attempt = this.audio.play();
    } catch {
      this.finishUnlock();
      return;
    }
    Promise.resolve(attempt).then(
      () => {
        if (!this.unlocking) return;
        this.pauseAudio();
        this.finishUnlock();
      },
      () => {
        if (this.unlocking) this.finishUnlock();
      },
    );
  }

  /**
   * The enable-audio button: a user gesture, so start the playback it promises, the current song where it
   * stands (a blocked start, or a song restored paused after a reload), or just unlock with no song.
   */
  enableFromGesture(): void {
    if (!this.loadedUrl) {
      this.unlock();
      return;
    }
    this.unlocked = true;
    // play() here, inside the gesture: a browser that asks for one refuses it from a later effect.
    this.play();
    if (!this.state?.isPlaying) this.callbacks.dispatch({ type: "RESUME" });
  }

  /** Whether the browser holds a session; call sync after it changes. */
  setSession(hasSession: boolean): void {
    this.hasSession = hasSession;
  }

  /** Membership and listening settings: they pick the quality of the next song loaded and the gain. */
  setListening(isPremium: boolean, preferences: AudioPreferences): void {
    this.isPremium = isPremium;
    this.preferences = preferences;
  }

  private sourceOf(song: PlayableSong | null | undefined): string | null {
    if (!song) return null;
    return audioSource(song, {
      isPremium: this.isPremium,
      quality: this.preferences.quality,
      connection: connectionHint(),
    });
  }

  destroy(): void {
    for (const [event, handler] of this.listeners) this.audio.removeEventListener(event, handler);
    this.selfPause = true;
    this.audio.pause();
    this.audio.removeAttribute("src");
    this.preloader.removeAttribute("src");
    this.loadedUrl = null;
  }

  private load(song: PlayableSong | null, time: number): void {
    this.unlocking = false;
    this.pendingStart = null;
    this.loadedSong = song;
    const url = this.sourceOf(song);
    if (!song || !url) {
      this.loadedUrl = null;
      this.loading = false;
      if (!this.audio.paused) this.pauseAudio();
      if (this.audio.getAttribute("src")) {
        this.audio.removeAttribute("src");
        this.audio.load();
      }
      if (song) this.callbacks.dispatch({ type: "LOAD_ERROR", source: "song" });
      return;
    }
    if (url !== this.loadedUrl) {
      this.loadedUrl = url;
      this.loading = true;
      this.audio.src = url;
      this.pendingStart = time > 0 ? time : null;
    } else {
      this.setPosition(time);
    }
  }

  /**
   * The quality this listener gets changed (the membership answered after play was pressed, or the setting
   * changed) before a note of the loaded song was heard: fetch the right rendition instead. A song already
   * playing keeps its rendition until the next one.
   */
  private refetchUnheard(state: PlayerMachineState): void {
    if (this.unlocking || !this.loadedSong || !this.loadedUrl || this.startedLoadId === this.loadId) return;
    const url = this.sourceOf(this.loadedSong);
    if (!url || url === this.loadedUrl) return;
    this.loadedUrl = url;
    this.loading = true;
    this.audio.src = url;
    this.pendingStart = state.currentTime > 0 ? state.currentTime : null;
  }

  private setPosition(time: number): void {
    // Before metadata arrives the position is remembered and applied on 'loadedmetadata'.
    if (this.audio.readyState < 1) this.pendingStart = time;
    try {
      this.audio.currentTime = time;
    } catch {
      this.pendingStart = time;
    }
  }

  private play(): void {
    const loadId = this.loadId;
    let attempt: Promise<void> | undefined;
    try {
      attempt = this.audio.play();
    } catch (error) {
      this.onPlayRejected(error, loadId);
      return;
    }
    Promise.resolve(attempt).catch((error: unknown) => this.onPlayRejected(error, loadId));
  }

  private onPlayRejected(error: unknown, loadId: number): void {
    const name = errorName(error);
    if (name === "NotAllowedError") {
      this.callbacks.dispatch({ type: "AUTOPLAY_BLOCKED" });
      this.callbacks.onAutoplayBlocked?.();
    } else if (name === "NotSupportedError") {
      if (this.unlocking) this.callbacks.dispatch({ type: "LOAD_ERROR", source: "unlock" });
      // A rejection that arrives after the player moved on tells of a song no longer loaded.
      else if (loadId === this.loadId) this.reportUnplayable();
    }
    // AbortError: play() was interrupted by a new load or a pause; the state already says what's next.
  }

  /** The loaded song cannot be played: reported once per load, and its URL forgotten so that Play fetches it again. */
  private reportUnplayable(): void {
    if (this.failedLoadId === this.loadId) return;
    this.failedLoadId = this.loadId;
    this.loading = false;
    this.loadedUrl = null;
    this.callbacks.dispatch({ type: "LOAD_ERROR", source: "song" });
  }

  private pauseAudio(): void {
    if (!this.audio.paused) this.selfPause = true;
    this.audio.pause();
  }

  private finishUnlock(): void {
    this.unlocking = false;
    if (!this.loadedUrl && this.audio.getAttribute("src")) {
      this.audio.removeAttribute("src");
      this.audio.load();
    }
  }

  private preloadNext(state: PlayerMachineState): void {
    // Only once the current song plays: before that, the next song's download and its media events would
    // share the line and the main thread with the song the listener is waiting for.
    if (!state.currentSong || !state.isPlaying || this.startedLoadId !== this.loadId) return;
    const next = state.queue[state.currentIndex + 1];
    const source = next && isPlayableUrl(next.audioUrl) ? this.sourceOf(next) : null;
    const url = source !== this.loadedUrl ? source : null;
    if (!url || url === this.preloadedUrl) return;
    this.preloadedUrl = url;
    this.preloader.src = url;
  }

  private readonly onTimeUpdate = (): void => {
    if (this.unlocking || !this.loadedUrl) return;
    this.callbacks.dispatch({ type: "TIME_UPDATE", time: this.audio.currentTime });
  };

  private readonly onMetadata = (): void => {
    if (this.unlocking || !this.loadedUrl) return;
    if (this.pendingStart !== null) {
      const start = this.pendingStart;
      this.pendingStart = null;
      try {
        this.audio.currentTime = start;
      } catch {
        // not seekable: start from the beginning
      }
    }
    const duration = this.audio.duration;
    if (Number.isFinite(duration) && duration > 0) this.callbacks.dispatch({ type: "DURATION", duration });
  };

  private readonly onEnded = (): void => {
    if (this.unlocking) {
      this.finishUnlock();
      return;
    }
    if (!this.loadedUrl) return;
    this.callbacks.dispatch({ type: "ENDED", random: (this.callbacks.random ?? Math.random)() });
  };

  private readonly onError = (): void => {
    if (this.unlocking) {
      this.callbacks.dispatch({ type: "LOAD_ERROR", source: "unlock" });
      this.finishUnlock();
      return;
    }
    if (!this.loadedUrl || !this.audio.getAttribute("src")) return; // emptied on purpose
    this.reportUnplayable();
  };

  private readonly onPlaying = (): void => {
    if (this.unlocking || !this.loadedUrl || !this.loadedSong) return;
    this.loading = false;
    if (this.startedLoadId !== this.loadId) {
      this.startedLoadId = this.loadId;
      this.callbacks.onPlaybackStarted?.(this.loadedSong);
      if (this.state) this.preloadNext(this.state);
    }
  };

  private readonly onPause = (): void => {
    if (this.selfPause) {
      this.selfPause = false;
      return;
    }
    if (this.unlocking || this.loading || this.audio.ended || !this.loadedUrl) return;
    // Paused from outside (headphones unplugged, another app took audio focus): follow it.
    if (this.state?.isPlaying) this.callbacks.dispatch({ type: "PAUSE" });
  };
}
