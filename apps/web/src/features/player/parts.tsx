// Pieces the mini player and Now Playing share: the seek bar's state, the mute button, the cover, the clock.
import type { SliderProps } from "@mantine/core";
import { memo, useCallback, useState } from "react";
import { intlLocale, useLocale, useT } from "../../i18n";
import { RoundIconButton } from "../../ui/RoundIconButton";
import { sizedPicture } from "@purplebeats/contracts/constants";
import { MusicIcon, MutedIcon, VolumeIcon } from "./icons";
import { usePlayerFields } from "./player-fields";
import { usePlayerControls } from "./PlayerProvider";

/** The figures of m:ss in a language (its digits, never a thousands separator), made once per language. */
const clockDigits = new Map<string, { minutes: Intl.NumberFormat; seconds: Intl.NumberFormat }>();

/**
 * Seconds as m:ss (as the rows show them, lib/format) in a language's digits (Intl). The player's times
 * are drawn four times a second, so the formats are kept. Here, with the player's lazy code, not in lib/format:
 * the first screen does not carry it.
 */
export function formatClock(seconds: number, locale: string): string {
  let digits = clockDigits.get(locale);
  if (!digits) {
    digits = {
      minutes: new Intl.NumberFormat(locale, { useGrouping: false }),
      seconds: new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false }),
    };
    clockDigits.set(locale, digits);
  }
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${digits.minutes.format(Math.floor(total / 60))}:${digits.seconds.format(total % 60)}`;
}

/** Seconds as m:ss in the listener's language (its digits). */
export function useClock(): (seconds: number) => string {
  const locale = intlLocale(useLocale().locale);
  return useCallback((seconds: number) => formatClock(seconds, locale), [locale]);
}

/**
 * The seek bar: the song's position, or where the listener's finger is while it drags the thumb;
 * the seek itself happens on release (premium, like every seek).
 */
export function useSeekBar() {
  const { seek } = usePlayerControls();
  const t = useT();
  const clock = useClock();
  // The song and its time only: a pause or the audio's start does not render the seek bar again.
  const state = usePlayerFields((p) => ({
    currentSong: p.state.currentSong,
    duration: p.state.duration,
    currentTime: p.state.currentTime,
  }));
  const song = state.currentSong;
  const [scrub, setScrub] = useState<number | null>(null);
  // The catalog's length first, so the player and the song's rows show one figure (the decoder's
  // measure differs by a fraction, which 'm:ss' can turn into a second); the decoder's without one.
  const duration = song && song.duration > 0 ? song.duration : state.duration > 0 ? state.duration : 0;
  const position = scrub ?? Math.min(state.currentTime, duration || state.currentTime);
  const sliderProps: SliderProps = {
    color: "purple",
    min: 0,
    max: duration > 0 ? duration : 1,
    step: 1,
    value: duration > 0 ? position : 0,
    disabled: duration <= 0,
    onChange: setScrub,
    onChangeEnd: (value) => {
      setScrub(null);
      seek(value);
    },
    thumbLabel: t("player.seek"),
    thumbValueText: clock,
  };
  return { duration, position, sliderProps, clock };
}

/** Memoized: the row it sits in follows the song's time, four times a second, and the button does not. */
export const MuteButton = memo(function MuteButton({ iconSize }: { iconSize: number }) {
  const t = useT();
  const { toggleMute } = usePlayerControls();
  const { isMuted } = usePlayerFields((p) => ({ isMuted: p.state.isMuted }));
  return (
    <RoundIconButton
      tone="gray.4"
      onClick={toggleMute}
      aria-label={isMuted ? t("player.unmute") : t("player.mute")}
    >
      {isMuted ? <MutedIcon size={iconSize} /> : <VolumeIcon size={iconSize} />}
    </RoundIconButton>
  );
});

/** The song's cover, or a music note on the brand's tint when it has none (the same until the song changes). */
export const PlayerCover = memo(function PlayerCover({
  src,
  alt,
  radius,
  noteSize,
  sizes,
}: {
  src: string | null;
  alt: string;
  radius: number;
  noteSize: number;
  /** The width it is drawn at, as an <img sizes>: the picture is taken at it, not as a scan's whole cover. */
  sizes: string;
}) {
  if (src) {
    return (
      <img
        src={src}
        {...sizedPicture(src, sizes)}
        alt={alt}
        draggable={false}
        style={{ width: "100%", height: "100%", objectFit: "cover", borderRadius: radius, display: "block" }}
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      style={{
        width: "100%",
        height: "100%",
        borderRadius: radius,
        display: "grid",
        placeItems: "center",
        background: "rgba(151, 117, 250, 0.25)",
      }}
    >
      <MusicIcon size={noteSize} />
    </div>
  );
});
