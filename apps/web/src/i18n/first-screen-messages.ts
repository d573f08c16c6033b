// A page the server draws carries only the messages its first screen rendered: the whole catalog is about
// 13 KB gzip (16 KB in Hindi), and the first screen's budget is 170 KB (`pnpm --filter @purplebeats/web size`
// counts what the page carries inline). The browser fetches the rest of its language beside hydration and puts
// it to use after the first screen (the first touch or an idle moment), or as soon as something asks for a
// message it does not have yet.
import type { I18n, Messages } from "@lingui/core";
import type { CatalogLocale } from "./constants";
import { activateBrowserI18n } from "./i18n";

/** The messages, which note each one read (the server's render reads every message it draws), and those read. */
export function recordingReads(messages: Messages): { messages: Messages; read(): Messages } {
  const read: Messages = {};
  const recording = new Proxy(messages, {
    get(target, key, receiver) {
      const message = Reflect.get(target, key, receiver) as Messages[string] | undefined;
      if (typeof key === "string" && message !== undefined && Object.hasOwn(target, key)) read[key] = message;
      return message;
    },
  });
  return { messages: recording, read: () => ({ ...read }) };
}

/**
 * Starts the browser's translator with the first screen's messages; the returned function loads the rest of
 * the language (once; again after a failure), which a message asked for and missing also starts.
 */
export function activateFirstScreenMessages(
  locale: CatalogLocale,
  firstScreen: Messages,
): { i18n: I18n; loadRest(): Promise<void> } {
  const i18n = activateBrowserI18n(locale, firstScreen);
  // Fetched at once, beside hydration (a request, not main-thread work), and put to use after the first screen:
  // a first tap then finds every message there. Fetched only from the tap, the rest could arrive after what
  // the tap raised (a toast) had read its text, and the toast showed a message's key.
  let fetching: Promise<Messages> | null = null;
  const fetchRest = () =>
    (fetching ??= import("./catalogs")
      .then(({ loadMessages }) => loadMessages(locale))
      .catch((error: unknown) => {
        fetching = null; // the next ask, or message missed, tries again
        throw error;
      }));
  fetchRest().catch(() => undefined);
  let loading: Promise<void> | null = null;
  const loadRest = () =>
    (loading ??= fetchRest().then(
      (messages) => {
        stopAsking();
        // Into `locale`'s messages, whichever language is on now; the app's text follows ('change').
        i18n.load(locale, messages);
      },
      () => {
        loading = null;
      },
    ));
  const stopAsking = i18n.on("missing", ({ locale: missed }) => {
    if (missed === locale) void loadRest();
  });
  return { i18n, loadRest };
}
