// Which engine plays: the audio element (audio-engine.ts) by default, or Web Audio (web-audio-engine.ts, a
// chunk of its own) where a join or an effect needs it: an album played in order (its songs join gaplessly),
// crossfade, gapless for every queue, or an equalizer curve. The choice is made as each song loads; turning an
// effect on switches at once, where the song stands. A browser that stops Web Audio with the screen locked
// keeps the element (audio-support.ts).
import { chunkLoader, type ChunkLoader } from "../../lib/chunk-loading";
import { AudioEngine, type AudioEngineCallbacks, type AudioLike, type PlayerAudio } from "./audio-engine";
import { rememberStopsWhenLocked, rememberWontRun, webAudioSupport } from "./audio-support";
import { DEFAULT_AUDIO_PREFERENCES, type AudioPreferences } from "./listening-preferences";
import { playsAlbumInOrder, type PlayerMachineState } from "./reducer";
import type * as WebAudio from "./web-audio-engine";

type WebAudioModule = typeof WebAudio;
type EngineKind = "element" | "web";

/** The Web Audio engine's chunk (docs/adr/0009: kept once here, tried again after a failure). */
const webAudioChunk = chunkLoader(() => import("./web-audio-engine"));

/**
 * The Web Audio engine's code, where this browser plays through Web Audio: the engine is made once it is here
 * (useAudioEngine.ts), so that an album's first song plays through it and joins the second without a gap. It
 * never fails: offline before it was cached, the element plays, and the chunk is asked for again at each song.
 */
export function webAudioReady(): Promise<void> {
  if (webAudioSupport() !== "available") return Promise.resolve();
  return webAudioChunk().then(
    () => undefined,
    () => undefined,
  );
}

/** Whether the listener's settings ask for Web Audio whatever plays. */
export function effectsOn(preferences: AudioPreferences): boolean {
  const { equalizer } = preferences;
  const curve =
    equalizer.preset === "custom" ? equalizer.custom.some((gain) => gain !== 0) : equalizer.preset !== "flat";
  return preferences.crossfadeSeconds > 0 || preferences.gaplessAlways || curve;
}

export class PlaybackEngine implements PlayerAudio {
  private engine: PlayerAudio;
  private kind: EngineKind = "element";
  private state: PlayerMachineState | null = null;
  private loadId = -1;
  private isPremium = false;
  private preferences: AudioPreferences = DEFAULT_AUDIO_PREFERENCES;
  private hasSession = true;
  /** Web Audio stopped in the background on this visit: the element plays from now on. */
  private elementOnly = false;

  constructor(
    private readonly callbacks: AudioEngineCallbacks,
    private readonly createAudio?: () => AudioLike,
    private readonly webAudio: ChunkLoader<WebAudioModule> = webAudioChunk,
  ) {
    this.engine = new AudioEngine(callbacks, createAudio);
    this.loadWebAudio();
  }

  /** Ahead of the first song that needs it; offline before it was cached, the element plays meanwhile. */
  private loadWebAudio(): void {
    if (webAudioSupport() === "available" && !this.webAudio.loaded()) this.webAudio().catch(() => undefined);
  }

  sync(state: PlayerMachineState): void {
    this.state = state;
    const wanted = this.wanted(state);
    const newSong = state.loadId !== this.loadId;
    this.loadId = state.loadId;
    if (newSong) this.loadWebAudio();
    // Mid-song only an effect turned on switches (the song goes on where it stands); else the next song.
    if (wanted !== this.kind && (newSong || (wanted === "web" && effectsOn(this.preferences)))) {
      this.switchTo(wanted);
    }
    this.engine.sync(state);
  }

  unlock(): void {
    this.engine.unlock();
  }

  enableFromGesture(): void {
    this.engine.enableFromGesture();
  }

  setSession(hasSession: boolean): void {
    this.hasSession = hasSession;
    this.engine.setSession(hasSession);
  }

  setListening(isPremium: boolean, preferences: AudioPreferences): void {
    this.isPremium = isPremium;
    this.preferences = preferences;
    this.engine.setListening(isPremium, preferences);
  }

  destroy(): void {
    this.engine.destroy();
  }

  private wanted(state: PlayerMachineState): EngineKind {
    if (!this.webAudio.loaded() || this.elementOnly || webAudioSupport() !== "available") return "element";
    return effectsOn(this.preferences) || playsAlbumInOrder(state) ? "web" : "element";
  }

  private switchTo(kind: EngineKind): void {
    this.engine.destroy();
    this.kind = kind;
    const web = this.webAudio.loaded();
    this.engine =
      kind === "web" && web
        ? new web.WebAudioEngine({
            ...this.callbacks,
            onSuspendedInBackground: () => this.keepElement(rememberStopsWhenLocked),
            onContextWontRun: () => this.keepElement(rememberWontRun),
          })
        : new AudioEngine(this.callbacks, this.createAudio);
    this.engine.setListening(this.isPremium, this.preferences);
    this.engine.setSession(this.hasSession);
  }

  /** Web Audio stopped or would not start: the element plays on from where the song stands, from now on. */
  private keepElement(remember: () => void): void {
    remember();
    this.elementOnly = true;
    this.switchTo("element");
    if (this.state) this.engine.sync(this.state);
  }
}
