// The equalizer as a setting (a preset, or a custom curve) and its bounds: small, for the settings store on
// the first screen; the curves themselves are in equalizer.ts.
import { EQ_BAND_COUNT, EQ_MAX_GAIN_DB, type EqChoice } from "@purplebeats/contracts/constants";

export interface EqualizerSetting {
  preset: EqChoice;
  /** The custom curve, one gain per band (kept while a preset is chosen). */
  custom: number[];
}

export const DEFAULT_EQUALIZER: EqualizerSetting = {
  preset: "flat",
  custom: new Array<number>(EQ_BAND_COUNT).fill(0),
};

/** A band's gain within the allowed range, in half decibels. */
export function clampGain(gain: number): number {
  if (!Number.isFinite(gain)) return 0;
  return Math.min(EQ_MAX_GAIN_DB, Math.max(-EQ_MAX_GAIN_DB, Math.round(gain * 2) / 2));
}
