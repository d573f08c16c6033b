// Gapless, crossfade and the equalizer, part of the listening settings. Where the browser would stop Web Audio
// with the screen locked (audio-support.ts), the controls are shown off and say why: background playback comes
// first there.
import "@mantine/core/styles/Slider.css";
import { NativeSelect, Slider, Stack, Switch, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useWebAudioSupport } from "./audio-support";
import { EQ_MAX_GAIN_DB, MAX_CROSSFADE_SECONDS, type EqChoice } from "@purplebeats/contracts/constants";
import { EQ_BANDS_HZ, EQ_PRESET_IDS, EQ_PRESETS, equalizerGains } from "./equalizer";
import { saveAudioPreferences, useAudioPreferences } from "./listening-preferences";

export const EFFECTS_UNAVAILABLE = {
  "stops-when-locked":
    "Not available on this device: its browser stops these effects while the screen is locked, and music that keeps playing comes first.",
  unsupported: "Not available in this browser.",
} as const;

const EQ_CHOICES = [
  ...EQ_PRESET_IDS.map((id) => ({ value: id, label: EQ_PRESETS[id].label })),
  { value: "custom", label: "Custom" },
];

const bandLabel = (hz: number) => (hz >= 1000 ? `${hz / 1000} kHz` : `${hz} Hz`);
const crossfadeLabel = (seconds: number) => (seconds === 0 ? "Off" : `${seconds} s`);

export function AudioEffectsSettings() {
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
          {EFFECTS_UNAVAILABLE[support]}
        </Text>
      )}
      <Switch
        color="purple"
        label="Gapless playback"
        description="Every queue plays without a pause between songs; albums always do"
        checked={preferences.gaplessAlways && !disabled}
        disabled={disabled}
        onChange={(event) => saveAudioPreferences({ gaplessAlways: event.currentTarget.checked })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="crossfade-label">
          Crossfade: {crossfadeLabel(disabled ? 0 : crossfade)}
        </Text>
        <Text size="xs" c="dimmed">
          Songs blend into each other; never between songs of one album
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
        label="Equalizer"
        data={EQ_CHOICES}
        value={disabled ? "flat" : preferences.equalizer.preset}
        disabled={disabled}
        onChange={(event) => chooseEqualizer(event.currentTarget.value as EqChoice)}
      />
      {!disabled && (
        <Stack gap={6} aria-label="Equalizer bands" role="group">
          {EQ_BANDS_HZ.map((hz, band) => (
            <Stack key={hz} gap={0}>
              <Text size="xs" c="dimmed">
                {bandLabel(hz)}: {curve[band] ?? 0} dB
              </Text>
              <Slider
                color="purple"
                size="sm"
                min={-EQ_MAX_GAIN_DB}
                max={EQ_MAX_GAIN_DB}
                step={0.5}
                value={curve[band] ?? 0}
                label={(gain) => `${gain} dB`}
                onChange={(gain) => setCurve((old) => old.map((value, i) => (i === band ? gain : value)))}
                onChangeEnd={(gain) => setBand(band, gain)}
                thumbProps={{ "aria-label": `${bandLabel(hz)} band` }}
              />
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
