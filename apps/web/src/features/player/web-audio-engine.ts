// The Web Audio engine: each song is fetched whole, decoded, trimmed to its real samples (gapless.ts) and
// played by an AudioBufferSourceNode whose start is scheduled on the audio clock, so that the next song can
// begin on the very sample the current one ends (gapless) or overlap it (crossfade). Every song runs through
// its own normalisation gain, then its fade, then the shared equalizer (a pre-gain and seven
// BiquadFilterNodes) and the volume. It follows the reducer's state as the element engine does
// (audio-engine.ts), and is loaded as a chunk of its own when playback needs it (playback-engine.ts).
// A decoded song is large (float32 per sample and channel: about 85 MB for four minutes of stereo), so the
// engine holds at most two: the one playing and the next, which is fetched early (its encoded bytes are a few
// MB) but decoded only in the playing song's last half minute; a song's buffer is let go once it has ended
// or left the queue.
import {
  audioSource,
  normalizationFactor,
  type AudioEngineCallbacks,
  type PlayerAudio,
} from "./audio-engine";
import { consecutiveOnAlbum, fadeCurves, joinKind, scheduleJoin } from "./crossfade";
import { bandType, EQ_BANDS_HZ, EQ_PEAKING_Q, equalizerGains, preGainDb } from "./equalizer";
import { gaplessTrim, readMp3GaplessInfo, type TrimWindow } from "./gapless";
import { DEFAULT_AUDIO_PREFERENCES, type AudioPreferences } from "./listening-preferences";
import { isPlayableUrl, playsAlbumInOrder, type PlayerMachineState } from "./reducer";
import type { PlayableSong } from "./types";
import { connectionHint } from "./stream-quality";

/** How far ahead a start is scheduled: the audio thread must have it before its time comes. */
const LEAD_SECONDS = 0.05;
const TICK_MS = 250;
/**
 * A context that is not running this long after a start was asked for: the browser wants a gesture, or (after
 * one) will not run it at all.
 */
const BLOCKED_AFTER_MS = 1500;
/** How long before the playing song's end (or its crossfade) the next song is decoded. */
export const DECODE_AHEAD_SECONDS = 30;

interface Decoded {
  buffer: AudioBuffer;
  trim: TrimWindow;
}

interface Voice {
  song: PlayableSong;
  url: string;
  /** The song's encoded bytes, asked for as soon as the voice is made; null if they could not be had. */
  fetched: Promise<ArrayBuffer | null>;
  /** The decode, started once the song is about to play (decoded()). */
  decoding: Promise<Decoded | null> | null;
  ready: Decoded | null;
  failed: boolean;
  abort: AbortController;
  level: GainNode;
  fade: GainNode;
  source: AudioBufferSourceNode | null;
  /** The audio clock's time at which the song's position 0 plays (the source's start minus its offset). */
  zeroAt: number;
}

export interface WebAudioCallbacks extends AudioEngineCallbacks {
  /** The context stopped while the page was hidden (a locked screen): the element path must take over. */
  onSuspendedInBackground?(): void;
  /**
   * The context would not run though the listener had tapped (held "suspended" or "interrupted", as iOS WebKit
   * may): the element path must take over, or nothing plays.
   */
  onContextWontRun?(): void;
}

/** Whether the listener has tapped or typed on this page: a context still stopped after that is not autoplay's. */
function pageHadGesture(engineSawOne: boolean): boolean {
  return engineSawOne || ("userActivation" in navigator && navigator.userActivation.hasBeenActive);
}

async function fetchBytes(url: string, signal: AbortSignal): Promise<ArrayBuffer> {
  const response = await fetch(url, { credentials: "same-origin", signal });
  if (!response.ok) throw new Error(`stream ${response.status}`);
  return response.arrayBuffer();
}

export class WebAudioEngine implements PlayerAudio {
  private ctx: AudioContext | null = null;
  private input: GainNode | null = null;
  private filters: BiquadFilterNode[] = [];
  private output: GainNode | null = null;
  private state: PlayerMachineState | null = null;
  private loadId = -1;
  private seekId = 0;
  private startedLoadId = -1;
  private current: Voice | null = null;
  private next: Voice | null = null;
  /** Songs the player has moved on from that still sound (their end after a join, or a crossfade's tail). */
  private readonly outgoing = new Set<Voice>();
  /** The next voice's start is scheduled (gapless or crossfade). */
  private joinScheduled = false;
  private joinTimer: ReturnType<typeof setTimeout> | null = null;
  private tick: ReturnType<typeof setInterval> | null = null;
  private blockedTimer: ReturnType<typeof setTimeout> | null = null;
  /** Where the current song stands while it is not playing. */
  private position = 0;
  private hasSession = true;
  private isPremium = false;
  private preferences: AudioPreferences = DEFAULT_AUDIO_PREFERENCES;
  private destroyed = false;
  /** A gesture reached the engine (for browsers that do not tell of user activation). */
  private gestured = false;

  constructor(private readonly callbacks: WebAudioCallbacks) {
    document.addEventListener("visibilitychange", this.onVisibility);
  }

  sync(state: PlayerMachineState): void {
    this.state = state;
    if (state.loadId !== this.loadId && !this.hasSession) {
      this.stopCurrent();
      return;
    }
    if (state.loadId !== this.loadId) {
      this.loadId = state.loadId;
      this.seekId = state.seekId;
      this.load(state);
    } else if (state.seekId !== this.seekId) {
      this.seekId = state.seekId;
      this.seek(state.currentTime);
    }
    this.applyLevels(state);
    if (this.current && state.isPlaying) this.play();
    else this.stopCurrent();
    this.prepareNext(state);
  }

  unlock(): void {
    this.gestured = true;
    void this.context()
      .resume()
      .catch(() => undefined);
  }

  enableFromGesture(): void {
    this.gestured = true;
    const ctx = this.context();
    if (ctx.state !== "running" && this.state?.isPlaying) this.resumeOrReportBlocked(ctx);
    else void ctx.resume().catch(() => undefined);
    if (this.state && this.current) {
      if (!this.state.isPlaying) this.callbacks.dispatch({ type: "RESUME" });
      else this.play();
    }
  }

  setSession(hasSession: boolean): void {
    this.hasSession = hasSession;
  }

  setListening(isPremium: boolean, preferences: AudioPreferences): void {
    const joinChanged =
      preferences.crossfadeSeconds !== this.preferences.crossfadeSeconds ||
      preferences.gaplessAlways !== this.preferences.gaplessAlways;
    this.isPremium = isPremium;
    this.preferences = preferences;
    if (joinChanged) this.unscheduleNext();
    this.applyEqualizer();
  }

  destroy(): void {
    this.destroyed = true;
    document.removeEventListener("visibilitychange", this.onVisibility);
    this.stopVoice(this.current);
    this.stopVoice(this.next);
    for (const voice of this.outgoing) this.stopVoice(voice);
    this.outgoing.clear();
    this.current = null;
    this.next = null;
    this.clearTimers();
    void this.ctx?.close().catch(() => undefined);
    this.ctx = null;
  }

  /** The decoded songs the engine holds (playing, next, or sounding out): at most two but for a moment. */
  heldBuffers(): AudioBuffer[] {
    const voices = [this.current, this.next, ...this.outgoing];
    return voices.flatMap((voice) => (voice?.ready ? [voice.ready.buffer] : []));
  }

  /** Where the current song stands now, in seconds. */
  currentTime(): number {
    const voice = this.current;
    if (!voice?.source || !this.ctx || !voice.ready) return this.position;
    return Math.min(Math.max(this.ctx.currentTime - voice.zeroAt, 0), voice.ready.trim.duration);
  }

  // ---- the graph ----

  private context(): AudioContext {
    if (this.ctx) return this.ctx;
    const ctx = new AudioContext({ latencyHint: "playback" });
    this.input = ctx.createGain();
    this.output = ctx.createGain();
    let node: AudioNode = this.input;
    this.filters = EQ_BANDS_HZ.map((hz, band) => {
      const filter = ctx.createBiquadFilter();
      filter.type = bandType(band);
      filter.frequency.value = hz;
      filter.Q.value = EQ_PEAKING_Q;
      node.connect(filter);
      node = filter;
      return filter;
    });
    node.connect(this.output);
    this.output.connect(ctx.destination);
    ctx.addEventListener("statechange", this.onContextState);
    this.ctx = ctx;
    this.applyEqualizer();
    return ctx;
  }

  private applyEqualizer(): void {
    if (!this.ctx || !this.input) return;
    const gains = equalizerGains(this.preferences.equalizer);
    this.filters.forEach((filter, band) => {
      filter.gain.value = gains[band] ?? 0;
    });
    this.input.gain.value = 10 ** (preGainDb(gains, this.ctx.sampleRate) / 20);
  }

  private applyLevels(state: PlayerMachineState): void {
    if (this.output)
      this.output.gain.value = state.isMuted ? 0 : Math.min(Math.max(state.volume / 100, 0), 1);
    if (this.current)
      this.current.level.gain.value = this.levelOf(this.current.song, playsAlbumInOrder(state));
  }

  /** Normalisation before the fade: a crossfade mixes songs already brought to one loudness. */
  private levelOf(song: PlayableSong, album: boolean): number {
    return this.preferences.normalize ? normalizationFactor(song.loudness, album) : 1;
  }

  private sourceOf(song: PlayableSong | null | undefined): string | null {
    if (!song) return null;
    return audioSource(song, {
      isPremium: this.isPremium,
      quality: this.preferences.quality,
      connection: connectionHint(),
    });
  }

  private makeVoice(song: PlayableSong, url: string): Voice {
    const ctx = this.context();
    const level = ctx.createGain();
    const fade = ctx.createGain();
    level.connect(fade);
    if (this.input) fade.connect(this.input);
    const abort = new AbortController();
    const voice: Voice = {
      song,
      url,
      level,
      fade,
      abort,
      source: null,
      zeroAt: 0,
      ready: null,
      failed: false,
      decoding: null,
      fetched: Promise.resolve(null),
    };
    voice.fetched = fetchBytes(url, abort.signal).catch(() => {
      voice.failed = !abort.signal.aborted;
      return null;
    });
    return voice;
  }

  /** The voice's song decoded, the decode started by the first ask (once the song is about to play). */
  private decoded(voice: Voice): Promise<Decoded | null> {
    const ctx = this.context();
    const signal = voice.abort.signal;
    voice.decoding ??= voice.fetched
      .then(async (bytes) => {
        if (!bytes || signal.aborted) return null;
        // Read before decoding: decodeAudioData takes the buffer over.
        const info = readMp3GaplessInfo(new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 8192)));
        const buffer = await ctx.decodeAudioData(bytes);
        // Dropped while it decoded: nothing keeps the buffer.
        if (signal.aborted) return null;
        voice.ready = { buffer, trim: gaplessTrim(info, buffer.duration) };
        return voice.ready;
      })
      .catch(() => {
        voice.failed = !signal.aborted;
        return null;
      });
    return voice.decoding;
  }

  // ---- following the state ----

  private load(state: PlayerMachineState): void {
    const song = state.currentSong;
    const url = this.sourceOf(song);
    const next = this.next;
    this.next = null;
    if (song && next && next.song.id === song.id && next.url === url && this.joinScheduled && next.source) {
      // The join the engine scheduled: the next song is already sounding (or about to); it becomes current,
      // and the last one plays out its end (or its fade) on its own.
      this.joinScheduled = false;
      if (this.current) this.outgoing.add(this.current);
      this.current = next;
      this.startedLoadId = this.loadId;
      this.callbacks.onPlaybackStarted?.(song);
      if (!state.isPlaying) this.position = 0;
      return;
    }
    this.unscheduleNext(next);
    this.stopVoice(this.current);
    this.current = null;
    this.position = state.currentTime > 0 ? state.currentTime : 0;
    if (!song || !url) {
      if (song) this.callbacks.dispatch({ type: "LOAD_ERROR", source: "song" });
      this.stopVoice(next);
      return;
    }
    if (next && next.song.id === song.id && next.url === url && !next.failed) this.current = next;
    else {
      this.stopVoice(next);
      this.current = this.makeVoice(song, url);
    }
  }

  private play(): void {
    let voice = this.current;
    if (!voice || voice.source) return;
    // Its buffer was let go when it ended: played again, it is fetched and decoded again.
    if (voice.abort.signal.aborted) voice = this.current = this.makeVoice(voice.song, voice.url);
    const ctx = this.context();
    if (ctx.state !== "running") this.resumeOrReportBlocked(ctx);
    const loadId = this.loadId;
    void this.decoded(voice).then((ready) => {
      if (this.destroyed || loadId !== this.loadId || voice !== this.current || voice.source) return;
      if (!ready) {
        if (voice.failed) this.callbacks.dispatch({ type: "LOAD_ERROR", source: "song" });
        return;
      }
      if (!this.state?.isPlaying) return;
      this.startVoice(voice, ctx.currentTime + LEAD_SECONDS, this.position);
      this.callbacks.dispatch({ type: "DURATION", duration: ready.trim.duration });
      if (this.startedLoadId !== this.loadId) {
        this.startedLoadId = this.loadId;
        this.callbacks.onPlaybackStarted?.(voice.song);
      }
      this.startTicking();
      if (this.state) this.prepareNext(this.state);
    });
  }

  private resumeOrReportBlocked(ctx: AudioContext): void {
    void ctx.resume().catch(() => undefined);
    if (this.blockedTimer) return;
    this.blockedTimer = setTimeout(() => {
      this.blockedTimer = null;
      if (this.destroyed || ctx.state === "running" || !this.state?.isPlaying) return;
      // After a gesture (or held "interrupted") it is not autoplay's rule: a tap on "enable audio" would not
      // start it either, and the element can play.
      const wontRun = ctx.state === "interrupted" || pageHadGesture(this.gestured);
      if (wontRun && this.callbacks.onContextWontRun) {
        this.position = this.currentTime();
        this.callbacks.onContextWontRun();
        return;
      }
      this.callbacks.dispatch({ type: "AUTOPLAY_BLOCKED" });
      this.callbacks.onAutoplayBlocked?.();
    }, BLOCKED_AFTER_MS);
  }

  private startVoice(voice: Voice, when: number, position: number): void {
    const ctx = this.context();
    const ready = voice.ready;
    if (!ready) return;
    const source = ctx.createBufferSource();
    source.buffer = ready.buffer;
    source.connect(voice.level);
    const from = Math.min(Math.max(position, 0), ready.trim.duration);
    source.start(when, ready.trim.offset + from, Math.max(ready.trim.duration - from, 0));
    voice.source = source;
    voice.zeroAt = when - from;
    source.addEventListener("ended", () => this.onSourceEnded(voice, source));
  }

  private stopCurrent(): void {
    const voice = this.current;
    if (voice?.source) {
      this.position = this.currentTime();
      this.silence(voice);
    }
    this.unscheduleNext();
    this.stopTicking();
  }

  private silence(voice: Voice): void {
    const source = voice.source;
    voice.source = null;
    if (!source) return;
    try {
      source.stop();
    } catch {
      // never started
    }
    source.disconnect();
    voice.fade.gain.cancelScheduledValues(0);
    voice.fade.gain.value = 1;
  }

  private stopVoice(voice: Voice | null): void {
    if (!voice) return;
    this.silence(voice);
    voice.fade.disconnect();
    this.release(voice);
  }

  /** Lets the song's buffer go (and stops its fetch or decode): it is not heard again from this voice. */
  private release(voice: Voice): void {
    voice.abort.abort();
    voice.ready = null;
    voice.decoding = null;
    this.outgoing.delete(voice);
  }

  private seek(time: number): void {
    const voice = this.current;
    this.position = Math.max(time, 0);
    if (!voice?.source) return;
    this.unscheduleNext();
    this.silence(voice);
    const ctx = this.context();
    this.startVoice(voice, ctx.currentTime + LEAD_SECONDS, this.position);
  }

  /** Fetches and decodes the next song while this one plays, and schedules the join when it has one. */
  private prepareNext(state: PlayerMachineState): void {
    const voice = this.current;
    if (!voice?.source || !voice.ready || !state.isPlaying || this.startedLoadId !== this.loadId) return;
    const song = state.queue[state.currentIndex + 1];
    const url = song && isPlayableUrl(song.audioUrl) ? this.sourceOf(song) : null;
    // What the reducer does at the end must be to play that song: not repeat one, not stop after this one.
    const follows = song && url && state.repeat !== "one" && !state.stopAfterCurrent;
    if (this.next && (!follows || this.next.url !== url || this.next.song.id !== song.id)) {
      this.unscheduleNext();
      this.stopVoice(this.next);
      this.next = null;
    }
    if (!follows) return;
    const next = (this.next ??= this.makeVoice(song, url));
    if (this.joinScheduled) return;
    // Decoded only near the end: until then the next song is its encoded bytes, not a second large buffer.
    const remaining = voice.ready.trim.duration - this.currentTime();
    if (remaining > DECODE_AHEAD_SECONDS + this.preferences.crossfadeSeconds) return;
    const kind = joinKind(consecutiveOnAlbum(voice.song, song, state.shuffle), this.preferences);
    const decoded = this.decoded(next);
    if (kind === "gap") return;
    const loadId = this.loadId;
    void decoded.then((ready) => {
      if (!ready || loadId !== this.loadId || next !== this.next || this.joinScheduled) return;
      const ctx = this.ctx;
      const currentReady = voice.ready;
      if (!ctx || !currentReady || !voice.source || voice !== this.current) return;
      const endsAt = voice.zeroAt + currentReady.trim.duration;
      const join = scheduleJoin(kind, endsAt, {
        setting: this.preferences.crossfadeSeconds,
        currentSeconds: currentReady.trim.duration,
        nextSeconds: ready.trim.duration,
      });
      // Too late to schedule it sample-exact: the song ends and the next starts as after a gap.
      if (join.nextStartsAt < ctx.currentTime + LEAD_SECONDS) return;
      const album = kind === "gapless" && playsAlbumInOrder(state);
      next.level.gain.value = this.levelOf(song, album);
      this.startVoice(next, join.nextStartsAt, 0);
      if (join.fadeSeconds > 0) {
        const { fadeIn, fadeOut } = fadeCurves();
        next.fade.gain.setValueCurveAtTime(fadeIn, join.nextStartsAt, join.fadeSeconds);
        voice.fade.gain.setValueCurveAtTime(fadeOut, join.nextStartsAt, join.fadeSeconds);
      }
      this.joinScheduled = true;
      // The player moves on when the next song's first sample plays (the fade's start, for a crossfade).
      this.joinTimer = setTimeout(
        () => {
          this.joinTimer = null;
          if (next === this.next && this.joinScheduled) this.reportEnded();
        },
        Math.max(0, (join.nextStartsAt - ctx.currentTime) * 1000),
      );
    });
  }

  private unscheduleNext(next: Voice | null = this.next): void {
    if (this.joinTimer) clearTimeout(this.joinTimer);
    this.joinTimer = null;
    if (!this.joinScheduled) return;
    this.joinScheduled = false;
    if (next) this.silence(next);
    if (this.current) {
      this.current.fade.gain.cancelScheduledValues(0);
      this.current.fade.gain.value = 1;
    }
  }

  private reportEnded(): void {
    this.callbacks.dispatch({ type: "ENDED", random: (this.callbacks.random ?? Math.random)() });
  }

  private onSourceEnded(voice: Voice, source: AudioBufferSourceNode): void {
    source.disconnect();
    if (voice.source !== source) return; // stopped on purpose
    voice.source = null;
    if (voice !== this.current) {
      voice.fade.disconnect(); // the last song, played out after a join
      this.release(voice);
      return;
    }
    if (this.joinScheduled) {
      // It ended before the join's timer fired (a busy main thread: the audio thread is on time): the next song
      // already sounds. Its one ENDED is now; the timer would report a second and skip past the next song.
      if (this.joinTimer) clearTimeout(this.joinTimer);
      this.joinTimer = null;
      voice.fade.disconnect();
      this.reportEnded();
      this.release(voice);
      return;
    }
    this.position = voice.ready?.trim.duration ?? 0;
    this.stopTicking();
    // Heard to its end: its buffer goes (played again, it is decoded again).
    this.release(voice);
    this.reportEnded();
  }

  private startTicking(): void {
    this.tick ??= setInterval(() => {
      if (this.current?.source) this.callbacks.dispatch({ type: "TIME_UPDATE", time: this.currentTime() });
    }, TICK_MS);
  }

  private stopTicking(): void {
    if (this.tick) clearInterval(this.tick);
    this.tick = null;
  }

  private clearTimers(): void {
    this.stopTicking();
    if (this.joinTimer) clearTimeout(this.joinTimer);
    if (this.blockedTimer) clearTimeout(this.blockedTimer);
    this.joinTimer = null;
    this.blockedTimer = null;
  }

  // ---- the platform ----

  /** A locked screen that stops the context (iOS WebKit) would stop the music: hand it to the element path. */
  private readonly onContextState = (): void => {
    if (!this.ctx || this.destroyed) return;
    const stopped = this.ctx.state !== "running";
    if (stopped && document.visibilityState === "hidden" && this.state?.isPlaying && this.current?.source) {
      this.position = this.currentTime();
      this.callbacks.onSuspendedInBackground?.();
    }
  };

  private readonly onVisibility = (): void => {
    if (document.visibilityState === "hidden") this.onContextState();
  };
}
