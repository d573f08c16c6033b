// What the app and its entries know of the catalogs without loading any.
import { LOCALES, type Locale } from "@purplebeats/contracts/constants";
import type en from "./locales/en/messages.json";

/** The pseudo-locale: English accented and about 40 % longer, in development only. */
export const PSEUDO_LOCALE = "en-XA";
export type CatalogLocale = Locale | typeof PSEUDO_LOCALE;

/** The key of a message in the catalogs (the English catalog names every one). */
export type MessageKey = keyof typeof en;

/** The element of a server-drawn page that holds its language's compiled messages. */
export const MESSAGES_SCRIPT_ID = "pb-messages";

/** Each language named in itself, as the picker lists it. */
export const LANGUAGE_NAMES: Record<CatalogLocale, string> = {
  en: "English",
  "sr-Latn": "Srpski",
  vi: "Tiếng Việt",
  ko: "한국어",
  "zh-CN": "简体中文",
  "zh-TW": "繁體中文",
  id: "Bahasa Indonesia",
  fil: "Filipino",
  hi: "हिन्दी",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  ar: "العربية",
  "en-XA": "[Ƥšéûðö]",
};

/**
 * The languages the picker offers: those whose catalog is complete (the completeness test holds them to it).
 * All of them today; a language added to LOCALES later is left out here until its catalog is whole (English
 * fills its gaps meanwhile).
 */
export const OFFERED_LOCALES: readonly Locale[] = LOCALES;
