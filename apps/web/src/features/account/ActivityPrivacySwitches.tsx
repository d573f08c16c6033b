// "Share my likes" and "Private session": what followers see of the listener's listening, two switches of
// Settings & Privacy's Privacy section (privacy-settings.ts). Each reads the same settings query and saves
// at once, as a phone's settings do; while saving, a switch shows what was asked for.
import "@mantine/core/styles/Switch.css";
import { Switch, Text } from "@mantine/core";
import { PRIVATE_SESSION_HOURS } from "@purplebeats/contracts/constants";
import { intlLocale, useLocale, useT } from "../../i18n";
import { useActivitySettings, useUpdateActivitySettings } from "./activity";
import { formatSessionEnd } from "./session-end";

function useActivitySwitch(name: "shareLikes" | "privateSession") {
  const settings = useActivitySettings();
  const update = useUpdateActivitySettings();
  const current = settings.data;
  const asked = update.isPending ? update.variables?.[name] : undefined;
  const saved = current
    ? name === "shareLikes"
      ? current.shareLikes
      : current.privateSessionUntil !== null
    : name === "shareLikes";
  return {
    current,
    saving: update.isPending,
    checked: typeof asked === "boolean" ? asked : saved,
    disabled: !current || update.isPending,
    save: (value: boolean) => update.mutate({ [name]: value }),
  };
}

export function ShareLikesSwitch() {
  const t = useT();
  const state = useActivitySwitch("shareLikes");
  return (
    <Switch
      color="purple"
      label={t("account.shareLikes")}
      description={t("account.shareLikesHint")}
      checked={state.checked}
      disabled={state.disabled}
      onChange={(event) => state.save(event.currentTarget.checked)}
    />
  );
}

export function PrivateSessionSwitch() {
  const { t, locale } = useLocale();
  const state = useActivitySwitch("privateSession");
  const until = state.current?.privateSessionUntil;
  return (
    <div>
      <Switch
        color="purple"
        label={t("account.privateSession")}
        description={t("account.privateSessionHint", { hours: PRIVATE_SESSION_HOURS })}
        checked={state.checked}
        disabled={state.disabled}
        onChange={(event) => state.save(event.currentTarget.checked)}
      />
      {until && !state.saving && (
        <Text size="xs" c="dimmed" mt={4} data-testid="private-session-until">
          {t("account.privateSessionUntil", { time: formatSessionEnd(until, intlLocale(locale)) })}
        </Text>
      )}
    </div>
  );
}
