// The app's language: on Settings and in the account menu. Kept in a cookie (the server draws the next page
// in it) and, for a listener with a session, on their profile (it follows them to another device).
import "@mantine/core/styles/Input.css";
import { NativeSelect } from "@mantine/core";
import { useSyncExternalStore } from "react";
import { isLocale } from "@purplebeats/contracts/constants";
import { PSEUDO_LOCALE, useLocale, useT, type CatalogLocale } from "../../i18n";
// Not in the i18n index: the first screen's code needs neither.
import { LANGUAGE_NAMES, OFFERED_LOCALES } from "../../i18n/language-names";
import { trpc } from "../../lib/trpc";
import { useAuth } from "./AuthProvider";

/**
 * The pseudo-locale is offered in development only: Vite's development server, or a build served by a
 * development API, whose page says so (`<meta name="pb-pseudo-locale">`, apps/api web-app.ts).
 */
const offersPseudoLocale = () =>
  import.meta.env.DEV || document.querySelector('meta[name="pb-pseudo-locale"]') !== null;
const noChange = () => () => undefined;

export function LanguagePicker({ size = "sm" }: { size?: "xs" | "sm" }) {
  const t = useT();
  const { locale, setLocale } = useLocale();
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const save = trpc.profile.updateSettings.useMutation();
  // Read after hydration (the server's render offers no more than the real languages).
  const pseudo = useSyncExternalStore(noChange, offersPseudoLocale, () => false);
  const choices: readonly CatalogLocale[] = pseudo ? [...OFFERED_LOCALES, PSEUDO_LOCALE] : OFFERED_LOCALES;
  return (
    <NativeSelect
      size={size}
      label={t("settings.language")}
      value={locale}
      data={choices.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
      onChange={(event) => {
        const next = event.currentTarget.value as CatalogLocale;
        void setLocale(next);
        if (!user || !isLocale(next)) return;
        // The profile says the new language at once, so that it is not switched back before the save lands.
        utils.profile.get.setData({ userId: user.uid }, (profile) =>
          profile ? { ...profile, language: next } : profile,
        );
        save.mutate({ userId: user.uid, language: next });
      }}
    />
  );
}
