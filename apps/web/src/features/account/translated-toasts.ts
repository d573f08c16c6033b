// Toasts named by their catalog keys and read in the app's language when shown: a module's table of toasts is
// made once, but the listener may change language after, so each entry is a getter.
import { translate, type MessageKey } from "../../i18n";
import type { ToastOptions, ToastVariant } from "../../lib/toast";

export interface ToastWords {
  title: MessageKey;
  message: MessageKey;
  variant?: ToastVariant;
}

/** The toast of `words` in the browser's language now. */
export const toastOf = ({ title, message, variant }: ToastWords): ToastOptions => ({
  title: translate(title),
  message: translate(message),
  ...(variant && { variant }),
});

/** A table of toasts whose entries read the catalog each time they are taken. */
export function translatedToasts<Name extends string>(
  words: Record<Name, ToastWords>,
): Readonly<Record<Name, ToastOptions>> {
  const toasts: Partial<Record<Name, ToastOptions>> = {};
  for (const name of Object.keys(words) as Name[]) {
    Object.defineProperty(toasts, name, { enumerable: true, get: () => toastOf(words[name]) });
  }
  return toasts as Readonly<Record<Name, ToastOptions>>;
}
