import type { I18n } from "@lingui/core";
import { DirectionContext } from "@mantine/core";
import { LOCALE_COOKIE, isLocale } from "@purplebeats/contracts/constants";
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import type { CatalogLocale } from "./constants";
import { browserI18n, dirOf, type Translate } from "./i18n";

interface LocaleState {
  locale: CatalogLocale;
  /** The translator of `locale`: a new one after each change, so that what reads it renders again. */
  t: Translate;
  /** Loads the language's messages, then shows the app in it (and keeps the choice in a cookie). */
  setLocale(locale: CatalogLocale): Promise<void>;
}

const LocaleContext = createContext<LocaleState>({
  locale: "en",
  t: (key, values) => browserI18n._(key, values),
  setLocale: async () => undefined,
});

/** A year: the choice outlives the session. */
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const noop = () => undefined;
const translatorOf =
  (i18n: I18n): Translate =>
  (key, values) =>
    i18n._(key, values);

/**
 * The app's language: its messages, `<html lang dir>` and Mantine's direction (its components read it from
 * Mantine's context; the app sets it, so Mantine's provider and its own writes to <html> are not needed).
 * Lingui's runtime with the app's own context rather than @lingui/react: the first screen's code budget.
 */
export function LocaleProvider({ i18n = browserI18n, children }: { i18n?: I18n; children: ReactNode }) {
  const [locale, setLocaleState] = useState(() => i18n.locale as CatalogLocale);
  // A new translator at each change of the messages (a language chosen, the rest of the page's language
  // loaded after its first screen): what reads it renders again.
  const [t, setT] = useState(() => translatorOf(i18n));
  useEffect(() => i18n.on("change", () => setT(() => translatorOf(i18n))), [i18n]);
  const setLocale = useCallback(
    async (next: CatalogLocale) => {
      // The loaders are a chunk of their own: a page the server drew needs none of them to start.
      const { loadMessages } = await import("./catalogs");
      const messages = await loadMessages(next);
      i18n.loadAndActivate({ locale: next, locales: [isLocale(next) ? next : "en"], messages });
      // The pseudo-locale is for development: the server never draws a page in it.
      if (isLocale(next)) {
        document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${COOKIE_MAX_AGE_S}; samesite=lax`;
      }
      document.documentElement.lang = isLocale(next) ? next : "en";
      document.documentElement.dir = dirOf(next);
      setLocaleState(next);
    },
    [i18n],
  );
  const state = useMemo<LocaleState>(() => ({ locale, t, setLocale }), [locale, t, setLocale]);
  const direction = useMemo(
    () => ({ dir: dirOf(locale), setDirection: noop, toggleDirection: noop }),
    [locale],
  );
  return (
    <LocaleContext value={state}>
      <DirectionContext value={direction}>{children}</DirectionContext>
    </LocaleContext>
  );
}

/** The app's language and how to change it. */
export function useLocale(): LocaleState {
  return use(LocaleContext);
}

/** The translator of the language the app is in: `t("nav.home")`, `t("songs.count", { count })`. */
export function useT(): Translate {
  return use(LocaleContext).t;
}
