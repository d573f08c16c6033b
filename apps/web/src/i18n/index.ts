// Every string a person sees comes from the catalogs (locales/<locale>/messages.json): docs/adr/0010-*.md.
export { LocaleProvider, useLocale, useT } from "./LocaleProvider";
export { translate, createI18n, activateBrowserI18n, dirOf, intlLocale } from "./i18n";
export type { Translate, MessageValues } from "./i18n";
export { MESSAGES_SCRIPT_ID, PSEUDO_LOCALE } from "./constants";
export type { CatalogLocale, MessageKey } from "./constants";
