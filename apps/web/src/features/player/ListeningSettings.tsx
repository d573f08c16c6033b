// Listening settings: audio quality, loudness normalisation, gapless, crossfade and the equalizer, kept on this
// device (and on the listener's profile: listening-sync.ts). Shown on the profile
// screen and from Now Playing's settings button. Everyone chooses Automatic (the data saver when the browser
// asks to save data or the line is 2G), Low (the data saver), Standard or High; free listeners see High
// locked, and choosing it shows the premium prompt (the server's 403 on `quality=high` is the rule). Quality
// applies from the next song; normalisation at once.
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Radio.css";
import "@mantine/core/styles/Switch.css";
import { Badge, Group, Radio, Stack, Switch, Text, Title } from "@mantine/core";
import { useId } from "react";
import { useT, type MessageKey } from "../../i18n";
import { useIsPremium, showPremiumToast } from "../account";
import { AudioEffectsSettings } from "./AudioEffectsSettings";
import { saveAudioPreferences, useAudioPreferences } from "./listening-preferences";
import type { QualityChoice } from "./stream-quality";

const QUALITY_LABELS = {
  auto: "listening.quality.auto",
  low: "listening.quality.low",
  standard: "listening.quality.standard",
  high: "listening.quality.high",
} as const satisfies Record<QualityChoice, MessageKey>;

export interface ListeningSettingsProps {
  /** Off inside a dialog that already carries the title. */
  withHeading?: boolean;
}

export function ListeningSettings({ withHeading = true }: ListeningSettingsProps) {
  const t = useT();
  const isPremium = useIsPremium();
  const preferences = useAudioPreferences();
  // The profile screen and Now Playing's dialog can both show the settings: ids of their own.
  const lockedId = useId();
  // Free listeners get standard for High, whatever was chosen while a member.
  const quality: QualityChoice =
    preferences.quality === "high" && !isPremium ? "standard" : preferences.quality;

  const chooseQuality = (value: string) => {
    if (value === "high" && !isPremium) {
      showPremiumToast("highQualityAudio");
      return;
    }
    saveAudioPreferences({ quality: value as QualityChoice });
  };

  return (
    <Stack gap="md" component="section" aria-label={t("listening.title")}>
      {withHeading && (
        <Title order={2} size="h4">
          {t("listening.title")}
        </Title>
      )}
      <Radio.Group
        label={t("listening.audioQuality")}
        description={t("listening.qualityHint")}
        value={quality}
        onChange={chooseQuality}
      >
        <Stack gap="sm" mt="xs">
          <Radio
            value="auto"
            color="purple"
            label={t(QUALITY_LABELS.auto)}
            description={t("listening.quality.autoHint")}
          />
          <Radio value="low" color="purple" label={t(QUALITY_LABELS.low)} />
          <Radio value="standard" color="purple" label={t(QUALITY_LABELS.standard)} />
          <Radio
            value="high"
            color="purple"
            aria-describedby={isPremium ? undefined : lockedId}
            label={
              <Group gap={6} wrap="nowrap" component="span">
                <span>{t(QUALITY_LABELS.high)}</span>
                {!isPremium && (
                  <Badge size="xs" color="yellow" variant="light" id={lockedId} component="span">
                    Premium
                  </Badge>
                )}
              </Group>
            }
          />
        </Stack>
      </Radio.Group>
      <Switch
        color="purple"
        label={t("listening.normalize")}
        description={t("listening.normalizeHint")}
        checked={preferences.normalize}
        onChange={(event) => saveAudioPreferences({ normalize: event.currentTarget.checked })}
      />
      <AudioEffectsSettings />
      {!isPremium && (
        <Text size="xs" c="dimmed">
          {t("listening.highWithPremium")}
        </Text>
      )}
    </Stack>
  );
}
