// The language picker's names and choices, apart from constants.ts: the start's code imports that, and these
// are the picker's alone (a screen away from the first).
import { LOCALES, type Locale } from "@purplebeats/contracts/constants";
import type { CatalogLocale } from "./constants";

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
