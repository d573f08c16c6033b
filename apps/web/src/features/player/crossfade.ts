// How one song hands over to the next: gapless (the next starts on the sample the last one ends), crossfade
// (they overlap, one fading out as the other fades in) or with the usual short gap. Consecutive songs of one
// album always join gaplessly: the album was made to run on, so crossfade does not apply there.
import { MAX_CROSSFADE_SECONDS } from "@purplebeats/contracts/constants";
import type { PlayableSong } from "./types";

export { MAX_CROSSFADE_SECONDS };

export type JoinKind = "gapless" | "crossfade" | "gap";

export interface JoinSettings {
  crossfadeSeconds: number;
  /** Gapless for any queue, not only an album's consecutive songs. */
  gaplessAlways: boolean;
}

/** Whether `next` follows `current` on one album in the queue's order (shuffle off). */
export function consecutiveOnAlbum(
  current: Pick<PlayableSong, "album">,
  next: Pick<PlayableSong, "album">,
  shuffle: boolean,
): boolean {
  const album = current.album?.id;
  return !shuffle && album !== undefined && album === next.album?.id;
}

export function joinKind(sameAlbum: boolean, settings: JoinSettings): JoinKind {
  if (sameAlbum) return "gapless";
  if (settings.crossfadeSeconds > 0) return "crossfade";
  return settings.gaplessAlways ? "gapless" : "gap";
}

/** The overlap in seconds: the setting, but never more than half of either song. */
export function crossfadeLength(setting: number, currentSeconds: number, nextSeconds: number): number {
  const wanted = Math.min(Math.max(setting, 0), MAX_CROSSFADE_SECONDS);
  return Math.max(0, Math.min(wanted, currentSeconds / 2, nextSeconds / 2));
}

export interface JoinSchedule {
  /** When the next song's first sample plays, on the audio clock. */
  nextStartsAt: number;
  /** The overlap (0 for a gapless join). */
  fadeSeconds: number;
}

/** When the next song starts, given when the current one's last sample plays. */
export function scheduleJoin(
  kind: Exclude<JoinKind, "gap">,
  currentEndsAt: number,
  fade: { setting: number; currentSeconds: number; nextSeconds: number },
): JoinSchedule {
  const fadeSeconds =
    kind === "crossfade" ? crossfadeLength(fade.setting, fade.currentSeconds, fade.nextSeconds) : 0;
  return { nextStartsAt: currentEndsAt - fadeSeconds, fadeSeconds };
}

/**
 * Equal-power fade curves (cosine out, sine in): the sum of the two songs' power stays constant through the
 * overlap, so the join neither dips nor swells. Each song's normalisation gain is applied before its fade.
 */
export function fadeCurves(points = 64): { fadeOut: Float32Array; fadeIn: Float32Array } {
  const fadeOut = new Float32Array(points);
  const fadeIn = new Float32Array(points);
  for (let i = 0; i < points; i++) {
    const t = i / (points - 1);
    fadeOut[i] = Math.cos((t * Math.PI) / 2);
    fadeIn[i] = Math.sin((t * Math.PI) / 2);
  }
  return { fadeOut, fadeIn };
}
