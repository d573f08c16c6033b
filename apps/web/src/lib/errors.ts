import { TRPCClientError } from "@trpc/client";
import { PREMIUM_REQUIRED_MESSAGE } from "@purplebeats/contracts/constants";
import type { ApiErrorCode } from "@purplebeats/contracts/error-codes";
import { translate, type Translate } from "../i18n";
import {
  areApiErrorCodes,
  areApiErrorValues,
  isApiErrorCode,
  localizeMessage,
  type ApiErrorCodes,
  type ApiErrorValues,
} from "./error-messages";

/**
 * SPEC.md section 8: a failed call reads '{status}: {body text or status text}', e.g. '404: Playlist not found'.
 * One formatter for every kind of failure, so toasts and inline errors say the same thing. A message the API
 * sent with a code is shown in the listener's language (English: the server's words exactly).
 */
export function describeError(error: unknown, t: Translate = translate): string {
  return describe(error, t);
}

/** `t` null: the server's words as sent. */
function describe(error: unknown, t: Translate | null): string {
  const http = error instanceof HttpError ? error : error instanceof TRPCClientError ? error.cause : null;
  if (http instanceof HttpError) {
    // SPEC.md's '{status}: {body}' as it came, unless the body's message reads otherwise in this language.
    const localized = t && http.reason ? localizeErrorMessage(t, http.reason, error) : http.reason;
    if (localized === http.reason) return http.message;
    // A failure already told as the server's reason alone (an upload's) stays so in every language.
    return http.message === http.reason ? (localized ?? http.message) : `${http.status}: ${localized}`;
  }
  if (error instanceof TRPCClientError) {
    const status = httpStatusOf(error);
    if (status) return `${status}: ${t ? localizeErrorMessage(t, error.message, error) : error.message}`;
  }
  // No response at all: say so in a listener's words, not the browser's ('Failed to fetch').
  if (isNoResponse(error)) return noResponseMessage(t);
  if (error instanceof Error) return error.message;
  return String(error);
}

export const OFFLINE_MESSAGE = "You are offline. Check your connection and try again.";
export const UNREACHABLE_MESSAGE = "PurpleBeats cannot be reached right now. Please try again.";

function noResponseMessage(t: Translate | null): string {
  if (typeof navigator !== "undefined" && navigator.onLine === false)
    return t ? t("error.offline") : OFFLINE_MESSAGE;
  return t ? t("error.unreachable") : UNREACHABLE_MESSAGE;
}

/** The code the API gave its refusal (a REST body's `code`, a tRPC error's `data.errorCode`), if any. */
export function errorCodeOf(error: unknown): ApiErrorCode | undefined {
  if (error instanceof HttpError) return error.code;
  if (!(error instanceof TRPCClientError)) return undefined;
  if (error.cause instanceof HttpError) return error.cause.code;
  const data: unknown = error.data;
  const code = data && typeof data === "object" && "errorCode" in data ? data.errorCode : undefined;
  return isApiErrorCode(code) ? code : undefined;
}

/** The codes of each problem of a refusal that lists several (a REST body's `codes`, tRPC's `data.errorCodes`). */
export function errorCodesOf(error: unknown): ApiErrorCodes | undefined {
  if (error instanceof HttpError) return error.codes;
  if (!(error instanceof TRPCClientError)) return undefined;
  if (error.cause instanceof HttpError) return error.cause.codes;
  const data: unknown = error.data;
  const codes = data && typeof data === "object" && "errorCodes" in data ? data.errorCodes : undefined;
  return areApiErrorCodes(codes) ? codes : undefined;
}

/** What the refusal's message names, by name (a REST body's `values`, tRPC's `data.errorValues`). */
export function errorValuesOf(error: unknown): ApiErrorValues | undefined {
  if (error instanceof HttpError) return error.values;
  if (!(error instanceof TRPCClientError)) return undefined;
  if (error.cause instanceof HttpError) return error.cause.values;
  const data: unknown = error.data;
  const values = data && typeof data === "object" && "errorValues" in data ? data.errorValues : undefined;
  return areApiErrorValues(values) ? values : undefined;
}

/** A refusal's message (or its server's reason) in the listener's language, by the codes the error carries. */
export const localizeErrorMessage = (t: Translate, message: string, error: unknown): string =>
  localizeMessage(t, message, errorCodeOf(error), errorCodesOf(error), errorValuesOf(error));

/** The request never got a response (offline, server down): fetch rejects with a TypeError. */
export function isNoResponse(error: unknown): boolean {
  const cause = error instanceof TRPCClientError ? error.cause : error;
  return cause instanceof TypeError && httpStatusOf(error) === undefined;
}

/** A non-successful response to a plain HTTP call (uploads, the REST shim), already in SPEC.md's form. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own reason, in a person's words, when it gave one (our JSON errors' `message`). */
    readonly reason: string | null = null,
    /** The reason's code, when the server gave one (our JSON errors' `code`). */
    readonly code?: ApiErrorCode,
    /** A reason listing several problems: each one's code (our JSON errors' `codes`). */
    readonly codes?: ApiErrorCodes,
    /** What the reason names, by name (our JSON errors' `values`). */
    readonly values?: ApiErrorValues,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** Turns a non-ok fetch Response into an HttpError: '{status}: {body text}' or '{status}: {status text}'. */
export async function httpErrorFrom(response: Response): Promise<HttpError> {
  const body = (await response.text().catch(() => "")).trim();
  const { reason, code, codes, values } = reasonIn(body);
  const message = `${response.status}: ${body || response.statusText}`;
  return new HttpError(response.status, message, reason, code, codes, values);
}

/**
 * Our API's error body, `{ "error": "Unsupported Media Type", "message": "Only image files ...", "code":
 * "notAnImage" }`: its message and code.
 */
export function reasonIn(body: string): {
  reason: string | null;
  code?: ApiErrorCode;
  codes?: ApiErrorCodes;
  values?: ApiErrorValues;
} {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") {
      const code = "code" in parsed && isApiErrorCode(parsed.code) ? parsed.code : undefined;
      const codes = "codes" in parsed && areApiErrorCodes(parsed.codes) ? parsed.codes : undefined;
      const values = "values" in parsed && areApiErrorValues(parsed.values) ? parsed.values : undefined;
      return { reason: parsed.message.trim() || null, code, codes, values };
    }
  } catch {
    // not JSON (storage's XML, a proxy's page): no reason a listener could read
  }
  return { reason: null };
}

/**
 * Why the server refused, in its words (in the listener's language when it gave a code), when it said (an
 * upload of a file that is not an image); else null.
 */
export function serverReason(error: unknown, t: Translate = translate): string | null {
  const reason = serverReasonInEnglish(error);
  return reason && localizeErrorMessage(t, reason, error);
}

function serverReasonInEnglish(error: unknown): string | null {
  if (error instanceof HttpError) return error.reason;
  if (!(error instanceof TRPCClientError)) return null;
  if (error.cause instanceof HttpError) return error.cause.reason;
  // A procedure's refusal (4xx) carries the server's message; a server error's is not for the listener.
  const status = httpStatusOf(error);
  return status !== undefined && status >= 400 && status < 500 && error.message ? error.message : null;
}

export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof HttpError) return error.status;
  if (error instanceof TRPCClientError) {
    if (error.cause instanceof HttpError) return error.cause.status;
    const data: unknown = error.data;
    if (data && typeof data === "object" && "httpStatus" in data && typeof data.httpStatus === "number") {
      return data.httpStatus;
    }
  }
  return undefined;
}

export function isNotFound(error: unknown): boolean {
  return httpStatusOf(error) === 404;
}

/**
 * An id (playlist, artist, album) the API does not know (404) or that cannot be one (400: the id's format is
 * wrong). The web app leaves validating ids to the API: importing the contract's zod schemas would ship zod.
 */
export function isNoSuchItem(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status === 404 || status === 400;
}
export const isNoSuchPlaylist = isNoSuchItem;

/** DESIGN.md: the server's 403 'Premium feature required' is the rule; the client shows the upgrade toast for it. */
export function isPremiumRequired(error: unknown): boolean {
  return errorCodeOf(error) === "premiumRequired" || describe(error, null).includes(PREMIUM_REQUIRED_MESSAGE);
}
