// A notice put in its recipient's language: the one they chose (kept on their profile), else English. The
// inbox keeps the text as written, and Pi's copy carries the same words.
import { DEFAULT_LOCALE, isLocale } from "@purplebeats/contracts/constants";
import type { NewNotification } from "../../data/notifications.js";
import { translatorFor, type MessageValues } from "../../infra/i18n/translator.js";
import type { Notice, Words } from "./messages.js";

/** A day as the language writes it ('December 7, 2026', '7 tháng 12, 2026'), in UTC as the expiry is kept. */
const dayIn = (locale: string, day: Date) =>
  day.toLocaleDateString(locale === "en" ? "en-US" : locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

function written(words: Words | string, language: string | null | undefined): string {
  if (typeof words === "string") return words;
  const locale = isLocale(language) ? language : DEFAULT_LOCALE;
  const values: MessageValues = { ...words.values };
  if (words.day) values.day = dayIn(locale, words.day);
  return translatorFor(locale)(words.key, values);
}

export function inLanguage(notice: Notice, language: string | null | undefined): NewNotification {
  return { ...notice, title: written(notice.title, language), body: written(notice.body, language) };
}
