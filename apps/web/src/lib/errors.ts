import { TRPCClientError } from "@trpc/client";

/**
 * SPEC.md section 8: a failed call reads '{status}: {body text or status text}', e.g. '404: Playlist not found'.
 * One formatter for every kind of failure, so toasts and inline errors say the same thing.
 */
export function describeError(error: unknown): string {
  if (error instanceof HttpError) return error.message;
  if (error instanceof TRPCClientError) {
    const status = httpStatusOf(error);
    // No status means the request never got an answer (offline, server down): the message is all we have.
    return status ? `${status}: ${error.message}` : error.message;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/** A non-successful answer to a plain HTTP call (uploads, the REST shim), already in SPEC.md's form. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** Turns a non-ok fetch Response into an HttpError: '{status}: {body text}' or '{status}: {status text}'. */
export async function httpErrorFrom(response: Response): Promise<HttpError> {
  const body = (await response.text().catch(() => "")).trim();
  return new HttpError(response.status, `${response.status}: ${body || response.statusText}`);
}

export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof HttpError) return error.status;
  if (error instanceof TRPCClientError) {
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
 * A playlist id the API does not know (404) or that cannot be one (400: the id's format is wrong).
 * The web app leaves validating ids to the API: importing the contract's zod schemas would ship zod.
 */
export function isNoSuchPlaylist(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status === 404 || status === 400;
}

/** DESIGN.md: the server's 403 'Premium feature required' is the rule; the client shows the upgrade toast for it. */
export function isPremiumRequired(error: unknown): boolean {
  return describeError(error).includes("Premium feature required");
}
