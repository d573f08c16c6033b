// The equalizer's curves: seven bands (a low shelf, five peaking bands, a high shelf, as BiquadFilterNodes
// make them), its presets, and the pre-gain that keeps a boost from clipping. The response is computed with
// the Web Audio specification's own biquad formulas, so the pre-gain matches what the filters do.
import { EQ_PRESET_IDS, type EqPresetId } from "@purplebeats/contracts/constants";
import { clampGain, type EqualizerSetting } from "./equalizer-setting";

export { EQ_PRESET_IDS };

/** Centre (or corner, for the shelves) frequencies in Hz, low to high. */
export const EQ_BANDS_HZ = [60, 150, 400, 1000, 2400, 6000, 15000] as const;
/** The peaking bands' width: about 1.4 octaves, so that neighbours overlap smoothly. */
export const EQ_PEAKING_Q = 1;

export const EQ_PRESETS = {
  flat: { label: "Flat", gains: [0, 0, 0, 0, 0, 0, 0] },
  bassBoost: { label: "Bass boost", gains: [6, 4, 1, 0, 0, 0, 0] },
  trebleBoost: { label: "Treble boost", gains: [0, 0, 0, 0, 2, 4, 6] },
  vocal: { label: "Vocal", gains: [-2, -1, 1, 4, 4, 2, 0] },
  acoustic: { label: "Acoustic", gains: [3, 2, 1, 1, 2, 2, 3] },
  electronic: { label: "Electronic", gains: [5, 3, 0, -2, 1, 3, 4] },
  loudness: { label: "Loudness", gains: [6, 3, 0, -1, 0, 3, 5] },
} as const satisfies Record<EqPresetId, { label: string; gains: readonly number[] }>;

/** The gains a setting plays: its preset's, or the custom curve clamped to the allowed range. */
export function equalizerGains(setting: EqualizerSetting): number[] {
  if (setting.preset !== "custom") return [...EQ_PRESETS[setting.preset].gains];
  return EQ_BANDS_HZ.map((_, band) => clampGain(setting.custom[band] ?? 0));
}

export const isFlat = (gains: readonly number[]) => gains.every((gain) => gain === 0);

export type EqFilterType = "lowshelf" | "peaking" | "highshelf";

/** The filter kind of each band: shelves at the ends, peaks between. */
export const bandType = (band: number): EqFilterType =>
  band === 0 ? "lowshelf" : band === EQ_BANDS_HZ.length - 1 ? "highshelf" : "peaking";

/** One biquad's gain in dB at `frequency` (Audio EQ Cookbook, as the Web Audio specification defines it). */
export function biquadGainDb(
  type: EqFilterType,
  cornerHz: number,
  gainDb: number,
  frequency: number,
  sampleRate: number,
): number {
  if (gainDb === 0) return 0;
  const A = 10 ** (gainDb / 40);
  const w0 = (2 * Math.PI * cornerHz) / sampleRate;
  const cos0 = Math.cos(w0);
  let b: [number, number, number];
  let a: [number, number, number];
  if (type === "peaking") {
    const alpha = Math.sin(w0) / (2 * EQ_PEAKING_Q);
    b = [1 + alpha * A, -2 * cos0, 1 - alpha * A];
    a = [1 + alpha / A, -2 * cos0, 1 - alpha / A];
  } else {
    // Shelf slope S = 1, as BiquadFilterNode's shelves have.
    const twoSqrtAAlpha = 2 * Math.sqrt(A) * (Math.sin(w0) / 2) * Math.SQRT2;
    const sign = type === "lowshelf" ? 1 : -1;
    b = [
      A * (A + 1 - sign * (A - 1) * cos0 + twoSqrtAAlpha),
      sign * 2 * A * (A - 1 - sign * (A + 1) * cos0),
      A * (A + 1 - sign * (A - 1) * cos0 - twoSqrtAAlpha),
    ];
    a = [
      A + 1 + sign * (A - 1) * cos0 + twoSqrtAAlpha,
      -sign * 2 * (A - 1 + sign * (A + 1) * cos0),
      A + 1 + sign * (A - 1) * cos0 - twoSqrtAAlpha,
    ];
  }
  const w = (2 * Math.PI * frequency) / sampleRate;
  const magnitude2 = (c: [number, number, number]) =>
    (c[0] + c[1] * Math.cos(w) + c[2] * Math.cos(2 * w)) ** 2 +
    (c[1] * Math.sin(w) + c[2] * Math.sin(2 * w)) ** 2;
  return 10 * Math.log10(magnitude2(b) / magnitude2(a));
}

/** The whole curve's gain in dB at `frequency`: the bands in series add up. */
export function curveGainDb(gains: readonly number[], frequency: number, sampleRate = 48000): number {
  let total = 0;
  EQ_BANDS_HZ.forEach((hz, band) => {
    total += biquadGainDb(bandType(band), hz, gains[band] ?? 0, frequency, sampleRate);
  });
  return total;
}

/** 20 Hz to 20 kHz, a 24th of an octave apart. */
const AUDIBLE = Array.from({ length: 240 }, (_, i) => 20 * 2 ** (i / 24));
/** What the grid may miss between two of its points, and then some. */
const MARGIN_DB = 0.1;

/**
 * The gain in dB put before the filters so that the curve's highest point stays at 0 dB: a boost never
 * lifts a full-scale song over the top. Neighbouring boosts add up, so the peak is measured, not guessed.
 */
export function preGainDb(gains: readonly number[], sampleRate = 48000): number {
  if (isFlat(gains)) return 0;
  const peak = Math.max(...AUDIBLE.map((frequency) => curveGainDb(gains, frequency, sampleRate)));
  return peak > 0 ? -(peak + MARGIN_DB) : 0;
}
