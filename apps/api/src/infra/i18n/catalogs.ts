// Every language's catalog of the server's words (a static import each: the bundle carries them).
import type { Locale } from "@purplebeats/contracts/constants";
import en from "./locales/en/messages.json";
import sr_Latn from "./locales/sr-Latn/messages.json";
import vi from "./locales/vi/messages.json";
import ko from "./locales/ko/messages.json";
import zh_CN from "./locales/zh-CN/messages.json";
import zh_TW from "./locales/zh-TW/messages.json";
import id from "./locales/id/messages.json";
import fil from "./locales/fil/messages.json";
import hi from "./locales/hi/messages.json";
import es from "./locales/es/messages.json";
import pt_BR from "./locales/pt-BR/messages.json";
import ar from "./locales/ar/messages.json";

/** A key of the server's catalogs: English's holds them all. */
export type ServerMessageKey = keyof typeof en;

export const SERVER_CATALOGS: Record<Locale, Partial<Record<ServerMessageKey, string>>> = {
  en,
  "sr-Latn": sr_Latn,
  vi,
  ko,
  "zh-CN": zh_CN,
  "zh-TW": zh_TW,
  id,
  fil,
  hi,
  es,
  "pt-BR": pt_BR,
  ar,
};
