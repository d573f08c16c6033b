// Each language's compiled messages, a chunk of its own: the first screen loads only the chosen one (a page
// the server drew carries the messages its first screen shows inline, `MESSAGES_SCRIPT_ID`, and loads the rest
// after it: first-screen-messages.ts).
import type { Messages } from "@lingui/core";
import { PSEUDO_LOCALE, type CatalogLocale } from "./constants";

const LOADERS: Record<CatalogLocale, () => Promise<{ default: Messages }>> = {
  en: () => import("virtual:purplebeats-catalog/en"),
  "sr-Latn": () => import("virtual:purplebeats-catalog/sr-Latn"),
  vi: () => import("virtual:purplebeats-catalog/vi"),
  ko: () => import("virtual:purplebeats-catalog/ko"),
  "zh-CN": () => import("virtual:purplebeats-catalog/zh-CN"),
  "zh-TW": () => import("virtual:purplebeats-catalog/zh-TW"),
  id: () => import("virtual:purplebeats-catalog/id"),
  fil: () => import("virtual:purplebeats-catalog/fil"),
  hi: () => import("virtual:purplebeats-catalog/hi"),
  es: () => import("virtual:purplebeats-catalog/es"),
  "pt-BR": () => import("virtual:purplebeats-catalog/pt-BR"),
  ar: () => import("virtual:purplebeats-catalog/ar"),
  [PSEUDO_LOCALE]: () => import("virtual:purplebeats-catalog/en-XA"),
};

export async function loadMessages(locale: CatalogLocale): Promise<Messages> {
  return (await LOADERS[locale]()).default;
}
