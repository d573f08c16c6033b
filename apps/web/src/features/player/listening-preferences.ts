// Listening settings kept on this device (localStorage 'pb.audio-preferences'): the listener's choice of
// quality (Automatic, Low for the data saver, Standard, High for members), loudness normalisation, crossfade,
// gapless for every queue and the equalizer. One small store, so that the settings screen and the audio engine see a
// change at once.
import { useSyncExternalStore } from "react";
import { EQ_BAND_COUNT, EQ_PRESET_IDS, MAX_CROSSFADE_SECONDS } from "@purplebeats/contracts/constants";
import { clampGain, DEFAULT_EQUALIZER, type EqualizerSetting } from "./equalizer-setting";
import { QUALITY_CHOICES, type QualityChoice } from "./stream-quality";

export interface AudioPreferences {
  /** The rendition asked for; 'high' is the best the membership allows (standard for free listeners). */
  quality: QualityChoice;
  /** Bring every song to about -14 LUFS (album gain on an album played in order). */
  normalize: boolean;
  /** Seconds one song fades into the next (0: off); never between consecutive songs of one album. */
  crossfadeSeconds: number;
  /** Every queue joins without a gap, not only an album's consecutive songs. */
  gaplessAlways: boolean;
  equalizer: EqualizerSetting;
}

export const AUDIO_PREFERENCES_KEY = "pb.audio-preferences";
export const DEFAULT_AUDIO_PREFERENCES: AudioPreferences = {
  quality: "high",
  normalize: true,
  crossfadeSeconds: 0,
  gaplessAlways: false,
  equalizer: DEFAULT_EQUALIZER,
};

const isQualityChoice = (value: unknown): value is QualityChoice =>
  (QUALITY_CHOICES as readonly unknown[]).includes(value);

function parseCrossfade(value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return DEFAULT_AUDIO_PREFERENCES.crossfadeSeconds;
  return Math.min(MAX_CROSSFADE_SECONDS, Math.max(0, Math.round(value)));
}

function parseEqualizer(value: unknown): EqualizerSetting {
  if (!value || typeof value !== "object") return DEFAULT_EQUALIZER;
  const { preset, custom } = value as Record<string, unknown>;
  const known = preset === "custom" || EQ_PRESET_IDS.some((id) => id === preset);
  const gains = Array.isArray(custom) ? custom : [];
  return {
    preset: known ? (preset as EqualizerSetting["preset"]) : DEFAULT_EQUALIZER.preset,
    custom: Array.from({ length: EQ_BAND_COUNT }, (_, band) => {
      const gain: unknown = gains[band];
      return clampGain(typeof gain === "number" ? gain : 0);
    }),
  };
}

function parse(raw: string | null): AudioPreferences {
  try {
    const stored: unknown = JSON.parse(raw ?? "{}");
    if (!stored || typeof stored !== "object") return DEFAULT_AUDIO_PREFERENCES;
    const { quality, preferStandard, normalize, crossfadeSeconds, gaplessAlways, equalizer } =
      stored as Record<string, unknown>;
    return {
      // Kept before the choice of four: a member's 'prefer standard'.
      quality: isQualityChoice(quality)
        ? quality
        : preferStandard === true
          ? "standard"
          : DEFAULT_AUDIO_PREFERENCES.quality,
      normalize: typeof normalize === "boolean" ? normalize : DEFAULT_AUDIO_PREFERENCES.normalize,
      crossfadeSeconds: parseCrossfade(crossfadeSeconds),
      gaplessAlways:
        typeof gaplessAlways === "boolean" ? gaplessAlways : DEFAULT_AUDIO_PREFERENCES.gaplessAlways,
      equalizer: parseEqualizer(equalizer),
    };
  } catch {
    return DEFAULT_AUDIO_PREFERENCES;
  }
}

function storage(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
}

/** The raw record last parsed, and its value: the same object while the record is unchanged. */
let parsed: { raw: string | null; value: AudioPreferences } | null = null;
/** Where the settings live when storage refuses them: this visit only. */
let unsaved: string | null = null;
const listeners = new Set<() => void>();

function rawRecord(): string | null {
  try {
    return storage()?.getItem(AUDIO_PREFERENCES_KEY) ?? unsaved;
  } catch {
    return unsaved;
  }
}

export function readAudioPreferences(): AudioPreferences {
  const raw = rawRecord();
  if (!parsed || parsed.raw !== raw) parsed = { raw, value: parse(raw) };
  return parsed.value;
}

/** Saves a change and tells every reader (the engine applies the gain at once, the quality on the next load). */
export function saveAudioPreferences(change: Partial<AudioPreferences>): AudioPreferences {
  const raw = JSON.stringify({ ...readAudioPreferences(), ...change });
  try {
    const store = storage();
    if (!store) throw new Error("no storage");
    store.setItem(AUDIO_PREFERENCES_KEY, raw);
  } catch {
    unsaved = raw; // storage full or disabled: the setting lasts for this visit
  }
  for (const listener of listeners) listener();
  return readAudioPreferences();
}

export function subscribeAudioPreferences(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed them.
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUDIO_PREFERENCES_KEY || event.key === null) listener();
  };
  if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}

/** The settings as a React value, re-rendering the caller when they change. */
export function useAudioPreferences(): AudioPreferences {
  return useSyncExternalStore(
    subscribeAudioPreferences,
    readAudioPreferences,
    () => DEFAULT_AUDIO_PREFERENCES,
  );
}
