// What the app and its entries know of the catalogs without loading any.
import type { Locale } from "@purplebeats/contracts/constants";
import type en from "./locales/en/messages.json";

/** The pseudo-locale: English accented and about 40 % longer, in development only. */
export const PSEUDO_LOCALE = "en-XA";
export type CatalogLocale = Locale | typeof PSEUDO_LOCALE;

/** The key of a message in the catalogs (the English catalog names every one). */
export type MessageKey = keyof typeof en;

/** The element of a server-drawn page that holds its language's compiled messages. */
export const MESSAGES_SCRIPT_ID = "pb-messages";
