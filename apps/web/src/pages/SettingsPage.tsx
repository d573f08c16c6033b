// /settings, 'Settings & Privacy': the listening settings (kept on this device), the privacy switches, the
// listener's data (download it all, delete the account) and the legal notice.
import { Anchor, Stack, Title } from "@mantine/core";
import { LanguagePicker, PersonalDataActions, PRIVACY_SETTINGS } from "../features/account";
import { ListeningSettings } from "../features/player";
import { paths } from "../lib/paths";
import { ScreenTitleBar } from "../ui/layout/ScreenTitleBar";
import { ScreenLink } from "../ui/screen-link";
import screen from "../ui/layout/Screen.module.css";
import card from "../ui/layout/Card.module.css";
import { useT } from "../i18n";

export function SettingsPage() {
  const t = useT();
  return (
    <div className={screen.screen}>
      <ScreenTitleBar title={t("menu.settings")} />
      <section className={card.card} aria-labelledby="settings-language">
        <Title order={2} id="settings-language" className={card.cardTitle}>
          {t("settings.languageTitle")}
        </Title>
        <LanguagePicker />
      </section>
      {/* The player's own section ('Listening settings'), as on Profile and Now Playing. */}
      <div className={card.card}>
        <ListeningSettings />
      </div>
      <section className={card.card} aria-labelledby="settings-privacy">
        <Title order={2} id="settings-privacy" className={card.cardTitle}>
          {t("settings.privacy")}
        </Title>
        <Stack gap="md">
          {PRIVACY_SETTINGS.map(({ key, Control }) => (
            <Control key={key} />
          ))}
        </Stack>
      </section>
      <section className={card.card} aria-labelledby="settings-data">
        <Title order={2} id="settings-data" className={card.cardTitle}>
          {t("settings.yourData")}
        </Title>
        <PersonalDataActions />
      </section>
      <Anchor component={ScreenLink} to={paths.legal} size="sm" mt="lg" display="block">
        {t("settings.legal")}
      </Anchor>
    </div>
  );
}
