// /settings, 'Settings & Privacy': the listening settings (kept on this device), the privacy switches, the
// listener's data (download it all, delete the account) and the legal notice.
import { Anchor, Stack, Title } from "@mantine/core";
import { PersonalDataActions, PRIVACY_SETTINGS } from "../features/account";
import { ListeningSettings } from "../features/player";
import { paths } from "../lib/paths";
import { ScreenTitleBar } from "../ui/layout/ScreenTitleBar";
import { ScreenLink } from "../ui/screen-link";
import screen from "../ui/layout/Screen.module.css";
import card from "../ui/layout/Card.module.css";

export function SettingsPage() {
  return (
    <div className={screen.screen}>
      <ScreenTitleBar title="Settings & Privacy" />
      {/* The player's own section ('Listening settings'), as on Profile and Now Playing. */}
      <div className={card.card}>
        <ListeningSettings />
      </div>
      <section className={card.card} aria-labelledby="settings-privacy">
        <Title order={2} id="settings-privacy" className={card.cardTitle}>
          Privacy
        </Title>
        <Stack gap="md">
          {PRIVACY_SETTINGS.map(({ key, Control }) => (
            <Control key={key} />
          ))}
        </Stack>
      </section>
      <section className={card.card} aria-labelledby="settings-data">
        <Title order={2} id="settings-data" className={card.cardTitle}>
          Your data
        </Title>
        <PersonalDataActions />
      </section>
      <Anchor component={ScreenLink} to={paths.legal} size="sm" mt="lg" display="block">
        Terms of Use and Privacy Notice
      </Anchor>
    </div>
  );
}
