// The command line's words (`locales/<locale>/messages.json`, ICU MessageFormat, one folder per language),
// compiled by Lingui as the web app's are. A process speaks one language; a message it lacks is English's.
import { setupI18n } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LOCALE, type Locale } from "@purplebeats/contracts/constants";
import ar from "./locales/ar/messages.json";
import en from "./locales/en/messages.json";
import es from "./locales/es/messages.json";
import fil from "./locales/fil/messages.json";
import hi from "./locales/hi/messages.json";
import id from "./locales/id/messages.json";
import ko from "./locales/ko/messages.json";
import ptBR from "./locales/pt-BR/messages.json";
import srLatn from "./locales/sr-Latn/messages.json";
import vi from "./locales/vi/messages.json";
import zhCN from "./locales/zh-CN/messages.json";
import zhTW from "./locales/zh-TW/messages.json";

export type CliMessageKey = keyof typeof en;
export type CliTranslate = (key: CliMessageKey, values?: Record<string, string | number>) => string;

export const CLI_CATALOGS: Record<Locale, Partial<Record<CliMessageKey, string>>> = {
  en,
  "sr-Latn": srLatn,
  vi,
  ko,
  "zh-CN": zhCN,
  "zh-TW": zhTW,
  id,
  fil,
  hi,
  es,
  "pt-BR": ptBR,
  ar,
};

export function cliTranslator(locale: Locale = DEFAULT_LOCALE): CliTranslate {
  const words = { ...CLI_CATALOGS[DEFAULT_LOCALE], ...CLI_CATALOGS[locale] };
  const compiled = Object.fromEntries(
    Object.entries(words).map(([key, message]) => [key, compileMessageOrThrow(message)]),
  );
  const i18n = setupI18n({ locale, messages: { [locale]: compiled } });
  return (key, values) => i18n._(key, values);
}

/** English, for callers that do not say (tests, and parsing before the language is known). */
export const inEnglish: CliTranslate = cliTranslator();
