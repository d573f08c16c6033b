// One error type for every way a Pi Platform call can fail, so callers branch on `kind`
// (retry on 'timeout'/'unavailable', refuse on 'rejected', ...) instead of parsing messages.

export type PiPlatformErrorKind =
  /** 401/403: bad access token or server API key. */
  | "unauthorized"
  /** 404: no such payment (or user). */
  | "not_found"
  /** No response within the client's timeout. */
  | "timeout"
  /** Network failure, 5xx or 429: worth retrying later. */
  | "unavailable"
  /** Another 4xx: Pi refused the operation (e.g. completing with a wrong txid). */
  | "rejected"
  /** A 2xx whose body is not the documented shape. */
  | "invalid_response";

export interface PiPlatformErrorDetails {
  kind: PiPlatformErrorKind;
  /** HTTP status, when Pi answered at all. */
  status?: number;
  /** Pi's machine-readable `error` code from the body, when given. */
  piError?: string;
  cause?: unknown;
}

/** Messages never contain the access token or the API key: they travel only in headers. */
export class PiPlatformError extends Error {
  override readonly name = "PiPlatformError";
  readonly kind: PiPlatformErrorKind;
  readonly status: number | undefined;
  readonly piError: string | undefined;

  constructor(message: string, details: PiPlatformErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = details.kind;
    this.status = details.status;
    this.piError = details.piError;
  }
}

export function isPiPlatformError(value: unknown): value is PiPlatformError {
  return value instanceof PiPlatformError;
}

/** Which kind a non-2xx HTTP status maps to. */
export function errorKindForStatus(status: number): PiPlatformErrorKind {
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 404) return "not_found";
  if (status === 429 || status >= 500) return "unavailable";
  return "rejected";
}
