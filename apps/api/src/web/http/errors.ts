// One mapping from failures to HTTP responses, shared by the REST shim and Fastify's error handler.
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { ZodError } from "zod";
import { describeZodError } from "@purplebeats/contracts";
import { apiErrorCodesOf, type ApiErrorCode } from "@purplebeats/contracts/error-codes";

export interface ErrorBody {
  error: string;
  message: string;
  /** A message a listener may read has a stable code, which the app shows in the listener's language. */
  code?: ApiErrorCode;
  /** A message listing several problems: each one's code in order (null for one with none). */
  codes?: (ApiErrorCode | null)[];
  /** What the code's message names ("Unsupported format: {format}. ..."), by name. */
  values?: Record<string, string>;
}

const reasons: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  421: "Misdirected Request",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

export function errorBody(status: number, message: string): ErrorBody {
  return { error: reasons[status] ?? "Error", message, ...apiErrorCodesOf(message) };
}

/** Status and body for anything thrown by a procedure; undefined for an unexpected failure (a 500). */
export function describeError(error: unknown): { status: number; body: ErrorBody } | undefined {
  if (error instanceof TRPCError) {
    // A cause may name the exact status where tRPC has no code for it (410 Gone: uploads.ts).
    const exact = (error.cause as { httpStatus?: unknown } | undefined)?.httpStatus;
    const status = typeof exact === "number" ? exact : getHTTPStatusCodeFromError(error);
    if (status >= 500 && error.code === "INTERNAL_SERVER_ERROR") return undefined;
    const message = error.cause instanceof ZodError ? describeZodError(error.cause) : error.message;
    return { status, body: errorBody(status, message) };
  }
  if (error instanceof ZodError) return { status: 400, body: errorBody(400, describeZodError(error)) };
  return undefined;
}
