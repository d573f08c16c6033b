// A notice in its reader's language: the one they chose (kept on their profile), else English. The row keeps
// the catalog words it was made of, so the inbox puts an old notice in the language chosen since; its title
// and body stay the text as first written (what Pi's copy carried), read as stored for rows written before
// the words were kept and for a person's own text.
import { z } from "zod";
import { DEFAULT_LOCALE, isLocale } from "@purplebeats/contracts/constants";
import type { NewNotification } from "../../data/notifications.js";
import { SERVER_CATALOGS } from "../../infra/i18n/catalogs.js";
import { translatorFor, type MessageValues, type ServerMessageKey } from "../../infra/i18n/translator.js";
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

const keptWords = (words: Words) => ({
  key: words.key,
  ...(words.values ? { values: words.values } : {}),
  ...(words.day ? { day: words.day.toISOString() } : {}),
});

/** The notice written in `language` (its inbox row and Pi's copy), keeping its catalog words for later reads. */
export function inLanguage(notice: Notice, language: string | null | undefined): NewNotification {
  return {
    ...notice,
    title: written(notice.title, language),
    body: written(notice.body, language),
    words: {
      title: keptWords(notice.title),
      ...(typeof notice.body === "string" ? {} : { body: keptWords(notice.body) }),
    },
  };
}

const isMessageKey = (key: unknown): key is ServerMessageKey =>
  typeof key === "string" && Object.hasOwn(SERVER_CATALOGS[DEFAULT_LOCALE], key);

// The words as stored: a key a later release no longer has reads the row's text as written.
const storedWordsSchema = z.object({
  key: z.custom<ServerMessageKey>(isMessageKey),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  day: z.iso.datetime().optional(),
});
const rowWordsSchema = z.object({ title: storedWordsSchema, body: storedWordsSchema.optional() });

function fromStored(stored: z.infer<typeof storedWordsSchema>): Words {
  return {
    key: stored.key,
    ...(stored.values ? { values: stored.values } : {}),
    ...(stored.day ? { day: new Date(stored.day) } : {}),
  };
}

/** A stored notification's title and body in the reader's language, from its kept words when it has them. */
export function readIn(
  row: { title: string; body: string; words: unknown },
  language: string | null | undefined,
): { title: string; body: string } {
  const parsed = rowWordsSchema.safeParse(row.words);
  if (!parsed.success) return { title: row.title, body: row.body };
  const { title, body } = parsed.data;
  return {
    title: written(fromStored(title), language),
    body: body ? written(fromStored(body), language) : row.body,
  };
}
