// The server's own words in the reader's language: Open Graph text of the server-drawn pages and the
// notifications written for a listener. Messages are ICU MessageFormat in `locales/<locale>/messages.json`
// (the web app's format, compiled by the same Lingui), one folder per language; a message a language lacks
// is English's. One translator per language, kept: a server draws pages in many languages at once.
import { setupI18n, type I18n } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@purplebeats/contracts/constants";
import { SERVER_CATALOGS, type ServerMessageKey } from "./catalogs.js";

export type { ServerMessageKey } from "./catalogs.js";

export type MessageValues = Record<string, string | number>;
/** A message of the server's catalogs in one language. */
export type Translate = (key: ServerMessageKey, values?: MessageValues) => string;

const translators = new Map<Locale, Translate>();

function compiled(locale: Locale): I18n {
  const messages = { ...SERVER_CATALOGS[DEFAULT_LOCALE], ...SERVER_CATALOGS[locale] };
  const i18n = setupI18n();
  i18n.load(
    locale,
    Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, compileMessageOrThrow(text)])),
  );
  i18n.activate(locale);
  return i18n;
}

/** The translator of `locale`; any other value (a profile's unset or unknown language) gets English. */
export function translatorFor(locale: string | null | undefined): Translate {
  const known = isLocale(locale) ? locale : DEFAULT_LOCALE;
  let translate = translators.get(known);
  if (!translate) {
    const i18n = compiled(known);
    translate = (key, values) => i18n._(key, values);
    translators.set(known, translate);
  }
  return translate;
}
