import { TRPCClientError } from "@trpc/client";
import { PREMIUM_REQUIRED_MESSAGE } from "@purplebeats/contracts/constants";

/**
 * SPEC.md section 8: a failed call reads '{status}: {body text or status text}', e.g. '404: Playlist not found'.
 * One formatter for every kind of failure, so toasts and inline errors say the same thing.
 */
export function describeError(error: unknown): string {
  if (error instanceof HttpError) return error.message;
  if (error instanceof TRPCClientError) {
    if (error.cause instanceof HttpError) return error.cause.message;
    const status = httpStatusOf(error);
    if (status) return `${status}: ${error.message}`;
  }
  // No response at all: say so in a listener's words, not the browser's ('Failed to fetch').
  if (isNoResponse(error)) return noResponseMessage();
  if (error instanceof Error) return error.message;
  return String(error);
}

export const OFFLINE_MESSAGE = "You are offline. Check your connection and try again.";
export const UNREACHABLE_MESSAGE = "PurpleBeats cannot be reached right now. Please try again.";

const noResponseMessage = () =>
  typeof navigator !== "undefined" && navigator.onLine === false ? OFFLINE_MESSAGE : UNREACHABLE_MESSAGE;

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
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** Turns a non-ok fetch Response into an HttpError: '{status}: {body text}' or '{status}: {status text}'. */
export async function httpErrorFrom(response: Response): Promise<HttpError> {
  const body = (await response.text().catch(() => "")).trim();
  return new HttpError(response.status, `${response.status}: ${body || response.statusText}`, reasonIn(body));
}

/** Our API's error body, `{ "error": "Unsupported Media Type", "message": "Only image files ..." }`: its message. */
function reasonIn(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string")
      return parsed.message.trim() || null;
  } catch {
    // not JSON (storage's XML, a proxy's page): no reason a listener could read
  }
  return null;
}

/** Why the server refused, in its words, when it said (an upload of a file that is not an image); else null. */
export function serverReason(error: unknown): string | null {
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
  return describeError(error).includes(PREMIUM_REQUIRED_MESSAGE);
}
