import { z } from "zod";
import {
  EQ_BAND_COUNT,
  EQ_MAX_GAIN_DB,
  EQ_PRESET_IDS,
  MAX_CROSSFADE_SECONDS,
  QUALITY_CHOICES,
} from "../constants.js";

/** A listener's listening settings, kept on their profile and applied by the web player. */
export const listeningSettingsSchema = z.object({
  /** The rendition asked for: Automatic, Low (the data saver), Standard, or High (the best the membership allows). */
  quality: z.enum(QUALITY_CHOICES),
  /** Loudness normalisation to about -14 LUFS. */
  normalize: z.boolean(),
  crossfadeSeconds: z.number().int().min(0).max(MAX_CROSSFADE_SECONDS),
  /** Every queue joins without a gap (an album's consecutive songs always do). */
  gaplessAlways: z.boolean(),
  equalizer: z.object({
    preset: z.enum([...EQ_PRESET_IDS, "custom"]),
    /** One gain per band in dB, in half decibels. */
    custom: z
      .array(z.number().min(-EQ_MAX_GAIN_DB).max(EQ_MAX_GAIN_DB).multipleOf(0.5))
      .length(EQ_BAND_COUNT),
  }),
});
export type ListeningSettingsDto = z.infer<typeof listeningSettingsSchema>;

/** What the profile holds: null until the listener changes a setting (the player's defaults apply). */
export const storedListeningSettingsSchema = listeningSettingsSchema.nullable();
