// Gapless, crossfade and the equalizer, part of the listening settings. Where the browser would stop Web Audio
// with the screen locked, or would not start it (audio-support.ts), the controls are shown off and say why:
// music that plays comes first there.
import "@mantine/core/styles/Slider.css";
import { NativeSelect, Slider, Stack, Switch, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useT, type MessageKey, type Translate } from "../../i18n";
import { useWebAudioSupport } from "./audio-support";
import { EQ_MAX_GAIN_DB, MAX_CROSSFADE_SECONDS, type EqChoice } from "@purplebeats/contracts/constants";
import { EQ_BANDS_HZ, EQ_PRESET_IDS, equalizerGains } from "./equalizer";
import { saveAudioPreferences, useAudioPreferences } from "./listening-preferences";

const EFFECTS_UNAVAILABLE = {
  "stops-when-locked": "listening.effects.stopsWhenLocked",
  "wont-run": "listening.effects.wontRun",
  unsupported: "listening.effects.unsupported",
} as const satisfies Record<string, MessageKey>;

const EQ_LABELS = {
  flat: "listening.eq.flat",
  bassBoost: "listening.eq.bassBoost",
  trebleBoost: "listening.eq.trebleBoost",
  vocal: "listening.eq.vocal",
  acoustic: "listening.eq.acoustic",
  electronic: "listening.eq.electronic",
  loudness: "listening.eq.loudness",
  custom: "listening.eq.custom",
} as const satisfies Record<EqChoice, MessageKey>;

const bandLabel = (hz: number, t: Translate) =>
  hz >= 1000 ? t("listening.eq.kilohertz", { value: hz / 1000 }) : t("listening.eq.hertz", { value: hz });

export function AudioEffectsSettings() {
  const t = useT();
  const preferences = useAudioPreferences();
  const support = useWebAudioSupport();
  const disabled = support !== "available";
  const gains = equalizerGains(preferences.equalizer);
  // The sliders move freely; the setting (and the engine) takes the value where the finger lifts.
  const [crossfade, setCrossfade] = useState(preferences.crossfadeSeconds);
  const [curve, setCurve] = useState(gains);
  const gainsKey = gains.join(",");
  useEffect(() => setCrossfade(preferences.crossfadeSeconds), [preferences.crossfadeSeconds]);
  // The curve's values, not the array's identity.
  useEffect(() => setCurve(gainsKey.split(",").map(Number)), [gainsKey]);

  const crossfadeLabel = (seconds: number) =>
    seconds === 0 ? t("listening.crossfadeOff") : t("listening.seconds", { seconds });
  const eqChoices = [...EQ_PRESET_IDS, "custom" as const].map((id) => ({
    value: id,
    label: t(EQ_LABELS[id]),
  }));

  const chooseEqualizer = (preset: EqChoice) =>
    saveAudioPreferences({
      equalizer: { preset, custom: preset === "custom" ? gains : preferences.equalizer.custom },
    });
  const setBand = (band: number, gain: number) => {
    const custom = curve.map((value, i) => (i === band ? gain : value));
    saveAudioPreferences({ equalizer: { preset: "custom", custom } });
  };

  return (
    <Stack gap="md">
      {disabled && (
        <Text size="sm" c="dimmed" data-testid="audio-effects-unavailable">
          {t(EFFECTS_UNAVAILABLE[support])}
        </Text>
      )}
      <Switch
        color="purple"
        label={t("listening.gapless")}
        description={t("listening.gaplessHint")}
        checked={preferences.gaplessAlways && !disabled}
        disabled={disabled}
        onChange={(event) => saveAudioPreferences({ gaplessAlways: event.currentTarget.checked })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="crossfade-label">
          {t("listening.crossfade", { value: crossfadeLabel(disabled ? 0 : crossfade) })}
        </Text>
        <Text size="xs" c="dimmed">
          {t("listening.crossfadeHint")}
        </Text>
        <Slider
          color="purple"
          min={0}
          max={MAX_CROSSFADE_SECONDS}
          step={1}
          value={disabled ? 0 : crossfade}
          disabled={disabled}
          label={crossfadeLabel}
          onChange={setCrossfade}
          onChangeEnd={(seconds) => saveAudioPreferences({ crossfadeSeconds: seconds })}
          thumbProps={{ "aria-labelledby": "crossfade-label" }}
        />
      </Stack>
      <NativeSelect
        label={t("listening.equalizer")}
        data={eqChoices}
        value={disabled ? "flat" : preferences.equalizer.preset}
        disabled={disabled}
        onChange={(event) => chooseEqualizer(event.currentTarget.value as EqChoice)}
      />
      {!disabled && (
        <Stack gap={6} aria-label={t("listening.eq.bands")} role="group">
          {EQ_BANDS_HZ.map((hz, band) => (
            <Stack key={hz} gap={0}>
              <Text size="xs" c="dimmed">
                {t("listening.eq.bandGain", { band: bandLabel(hz, t), gain: curve[band] ?? 0 })}
              </Text>
              <Slider
                color="purple"
                size="sm"
                min={-EQ_MAX_GAIN_DB}
                max={EQ_MAX_GAIN_DB}
                step={0.5}
                value={curve[band] ?? 0}
                label={(gain) => t("listening.eq.gain", { gain })}
                onChange={(gain) => setCurve((old) => old.map((value, i) => (i === band ? gain : value)))}
                onChangeEnd={(gain) => setBand(band, gain)}
                thumbProps={{ "aria-label": t("listening.eq.band", { band: bandLabel(hz, t) }) }}
              />
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
