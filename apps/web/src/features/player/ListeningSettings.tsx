// Listening settings: audio quality, loudness normalisation, gapless, crossfade and the equalizer, kept on
// this device. Shown on the profile
// screen and from Now Playing's settings button. Premium members choose High (320 kbps) or Standard (for
// slow connections); free listeners see High locked, and choosing it shows the premium prompt (the
// server's 403 on `quality=high` is the rule). Quality applies from the next song; normalisation at once.
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Radio.css";
import "@mantine/core/styles/Switch.css";
import { Badge, Group, Radio, Stack, Switch, Text, Title } from "@mantine/core";
import { useId } from "react";
import { useIsPremium, showPremiumToast } from "../account";
import { AudioEffectsSettings } from "./AudioEffectsSettings";
import { saveAudioPreferences, useAudioPreferences } from "./listening-preferences";

export const QUALITY_LABELS = {
  high: "High (320 kbps)",
  standard: "Standard (for slow connections)",
} as const;
type Quality = keyof typeof QUALITY_LABELS;

export const LISTENING_SETTINGS_TITLE = "Listening settings";

export interface ListeningSettingsProps {
  /** Off inside a dialog that already carries the title. */
  withHeading?: boolean;
}

export function ListeningSettings({ withHeading = true }: ListeningSettingsProps) {
  const isPremium = useIsPremium();
  const preferences = useAudioPreferences();
  // The profile screen and Now Playing's dialog can both show the settings: ids of their own.
  const lockedId = useId();
  // What the player fetches: free listeners always get standard, whatever was chosen while a member.
  const quality: Quality = isPremium && !preferences.preferStandard ? "high" : "standard";

  const chooseQuality = (value: string) => {
    if (value === "high" && !isPremium) {
      showPremiumToast("highQualityAudio");
      return;
    }
    saveAudioPreferences({ preferStandard: value === "standard" });
  };

  return (
    <Stack gap="md" component="section" aria-label={LISTENING_SETTINGS_TITLE}>
      {withHeading && (
        <Title order={2} size="h4">
          {LISTENING_SETTINGS_TITLE}
        </Title>
      )}
      <Radio.Group
        label="Audio quality"
        description="Applies from the next song"
        value={quality}
        onChange={chooseQuality}
      >
        <Stack gap="sm" mt="xs">
          <Radio
            value="high"
            color="purple"
            aria-describedby={isPremium ? undefined : lockedId}
            label={
              <Group gap={6} wrap="nowrap" component="span">
                <span>{QUALITY_LABELS.high}</span>
                {!isPremium && (
                  <Badge size="xs" color="yellow" variant="light" id={lockedId} component="span">
                    Premium
                  </Badge>
                )}
              </Group>
            }
          />
          <Radio value="standard" color="purple" label={QUALITY_LABELS.standard} />
        </Stack>
      </Radio.Group>
      <Switch
        color="purple"
        label="Normalize volume"
        description="Plays every song at about the same loudness"
        checked={preferences.normalize}
        onChange={(event) => saveAudioPreferences({ normalize: event.currentTarget.checked })}
      />
      <AudioEffectsSettings />
      {!isPremium && (
        <Text size="xs" c="dimmed">
          High quality audio comes with Premium.
        </Text>
      )}
    </Stack>
  );
}
