// The API's errors in the listener's language: each code the API sends (the contract's API_ERROR_MESSAGES)
// has a message in the catalogs. The English table itself stays out of the first screen: the server sends
// the code, and the client's own checks look theirs up where they run (rule-messages.ts).
import type { ApiErrorCode } from "@purplebeats/contracts/error-codes";
import type { MessageKey, Translate } from "../i18n";

/**
 * A code's message in the catalogs: `error.<code>`. A code the contract adds without its message there fails
 * the type check here; the catalogs' completeness test counts these keys as used.
 */
const keyOf = (code: ApiErrorCode): MessageKey => `error.${code}` as const;

/** What a code looks like (the server's own; one unknown to this build's catalogs falls back to the English). */
export const isApiErrorCode = (code: unknown): code is ApiErrorCode =>
  typeof code === "string" && /^[a-z][A-Za-z]{1,40}$/.test(code);

/** What a coded message names (`{format}`, `{status}`), by name: a response's `values`. */
export type ApiErrorValues = Readonly<Record<string, string>>;

export const areApiErrorValues = (values: unknown): values is ApiErrorValues =>
  values !== null &&
  typeof values === "object" &&
  !Array.isArray(values) &&
  Object.values(values).every((value) => typeof value === "string");

/** The codes of a message's problems, in order (null for one with none): a response's `codes`. */
export type ApiErrorCodes = readonly (ApiErrorCode | null)[];

export const areApiErrorCodes = (codes: unknown): codes is ApiErrorCodes =>
  Array.isArray(codes) && codes.every((code) => code === null || isApiErrorCode(code));

/**
 * An error's message in the listener's language when it has a code; else as it was written. An input error's
 * field stays before it ('name: ...'), as the server wrote it. A message listing several problems ('name: ...;
 * handle: ...') is shown problem by problem, each by its own code (`codes`), one without a code as sent; a
 * message whose code is the whole of it ('Please try again; your payment is safe.') is one refusal. What the
 * message names (`values`: a format, a status) takes its place in the language's words.
 */
export function localizeMessage(
  t: Translate,
  message: string,
  code: ApiErrorCode | undefined,
  codes?: ApiErrorCodes,
  values?: ApiErrorValues,
): string {
  if (!message.includes("; ") || (code && !codes))
    return code ? localizePart(t, message, code, values) : message;
  if (!codes) return message;
  return message
    .split("; ")
    .map((part, index) => {
      const partCode = codes[index];
      return partCode ? localizePart(t, part, partCode) : part;
    })
    .join("; ");
}

function localizePart(t: Translate, message: string, code: ApiErrorCode, values?: ApiErrorValues): string {
  const key = keyOf(code);
  const words = t(key, values);
  // A code this build's catalogs do not know (a newer server): the server's English as sent.
  if (words === key) return message;
  // A message with values is the code's whole message, written around them: no field before it.
  if (values) return words;
  const file = FILE_REFUSALS[code];
  if (file) return localizeFileRefusal(message, words, file);
  const field = /^[^\s:]+: /.exec(message)?.[0] ?? "";
  return field + words;
}

/**
 * A file's refusal: '{file name}: {reason}', and for some reasons ': {what was found}' (a format's name, a
 * system's error code), which are names, not words, and stay. The file's name may hold ': ' itself.
 */
const FILE_REFUSALS: Partial<Record<ApiErrorCode, "reason" | "reasonAndFound">> = {
  fileEmpty: "reason",
  fileNotAudio: "reason",
  fileCorrupt: "reason",
  fileUnsupportedFormat: "reasonAndFound",
  fileUnreadable: "reasonAndFound",
  fileAlreadyInCatalog: "reason",
};

function localizeFileRefusal(message: string, words: string, shape: "reason" | "reasonAndFound"): string {
  const parts = message.split(": ");
  const found = shape === "reasonAndFound" && parts.length > 2 ? parts.pop() : undefined;
  parts.pop(); // the reason, in English
  return [parts.join(": "), words, found].filter(Boolean).join(": ");
}
