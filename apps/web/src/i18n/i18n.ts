// The app's translator: Lingui's runtime over the compiled catalogs. React code takes `t` from `useT()`;
// code outside React that runs in the browser (a toast's text) uses `translate()`, the browser's one instance.
import { i18n as browserI18n, setupI18n, type I18n } from "@lingui/core";
import { directionOf, isLocale, type Locale } from "@purplebeats/contracts/constants";
import type { Messages } from "@lingui/core";
import type { CatalogLocale, MessageKey } from "./constants";

/** What a message's placeholders take: `{count, plural, ...}` a number, `{name}` text. */
export type MessageValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The language `Intl` formats in (the pseudo-locale formats as English). */
export function intlLocale(locale: CatalogLocale): Locale {
  return isLocale(locale) ? locale : "en";
}

export function dirOf(locale: CatalogLocale): "ltr" | "rtl" {
  return directionOf(intlLocale(locale));
}

/** A translator of its own (the server renders pages in several languages at once). */
export function createI18n(locale: CatalogLocale, messages: Messages): I18n {
  return setupI18n({ locale, locales: [intlLocale(locale)], messages: { [locale]: messages } });
}

/** The browser's translator, which the app's provider and `translate()` share. */
export function activateBrowserI18n(locale: CatalogLocale, messages: Messages): I18n {
  browserI18n.loadAndActivate({ locale, locales: [intlLocale(locale)], messages });
  return browserI18n;
}

export { browserI18n };

/** A message in the browser's language, for code outside React's render (toasts, confirmations). */
export const translate: Translate = (key, values) => browserI18n._(key, values);
