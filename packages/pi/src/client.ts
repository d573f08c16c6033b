// HTTP client for the Pi Platform API (https://api.minepi.com/v2, or the simulator).
// Every response is validated with zod and every failure becomes a PiPlatformError.
import { type z } from "zod";
import { PiPlatformError, errorKindForStatus } from "./errors.js";
import {
  type PiPaymentDTO,
  type PiUserDTO,
  piErrorBodySchema,
  piIncompleteServerPaymentsSchema,
  piNotifyResultSchema,
  piPaymentDtoSchema,
  piRewardedAdStatusSchema,
  piUserDtoSchema,
  type PiRewardedAdStatusDTO,
  type PiNotification,
  type PiNotifyResult,
} from "./schemas.js";

export interface PiPlatformClientOptions {
  /** Origin (plus any prefix) without `/v2`, e.g. 'https://api.minepi.com' or 'http://127.0.0.1:3000/pi-sim'. */
  baseUrl: string;
  /** The app's Server API Key; sent as `Authorization: Key <apiKey>` on payment calls. */
  apiKey: string;
  /** Per-call limit, including reading the body. */
  timeoutMs?: number;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export interface PiPlatformClient {
  /** Verifies a user's access token and returns who it belongs to (`GET /v2/me`). */
  me(accessToken: string): Promise<PiUserDTO>;
  getPayment(paymentId: string): Promise<PiPaymentDTO>;
  approvePayment(paymentId: string): Promise<PiPaymentDTO>;
  completePayment(paymentId: string, txid: string): Promise<PiPaymentDTO>;
  cancelPayment(paymentId: string): Promise<PiPaymentDTO>;
  /** Creates an app-to-user payment (`POST /v2/payments`): the app pays `uid` from its wallet. */
  createAppToUserPayment(payment: A2UPaymentRequest): Promise<PiPaymentDTO>;
  /** A2U payments the app has left unfinished; U2A payments are reported by the SDK instead. */
  incompleteServerPayments(): Promise<PiPaymentDTO[]>;
  /** A rewarded ad's status at Pi's Ad Network (`GET /v2/ads_network/status/{adId}`); reward only when "granted". */
  rewardedAdStatus(adId: string): Promise<PiRewardedAdStatusDTO>;
  /** Sends in-app notifications to users of the app (at most 256 a call); answers those Pi delivered. */
  sendNotifications(notifications: PiNotification[]): Promise<PiNotifyResult>;
}

export interface A2UPaymentRequest {
  amount: number;
  memo: string;
  metadata: Record<string, unknown>;
  uid: string;
}

export const DEFAULT_PI_TIMEOUT_MS = 10_000;

/** Visible ASCII only: anything else cannot travel in a header, and fetch's error would quote it. */
const HEADER_SAFE_CREDENTIAL = /^[\x21-\x7e]+$/;

interface PiRequest<T> {
  method: "GET" | "POST";
  path: string;
  authorization: string;
  body?: unknown;
  schema: z.ZodType<T>;
}

export function createPiPlatformClient(options: PiPlatformClientOptions): PiPlatformClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? DEFAULT_PI_TIMEOUT_MS;
  const fetchFn = options.fetch ?? globalThis.fetch;
  if (!HEADER_SAFE_CREDENTIAL.test(options.apiKey)) {
    throw new Error("createPiPlatformClient: apiKey must be non-empty visible ASCII");
  }
  const serverKey = `Key ${options.apiKey}`;

  async function call<T>(request: PiRequest<T>): Promise<T> {
    const label = `Pi Platform ${request.method} ${request.path}`;
    const headers: Record<string, string> = {
      Authorization: request.authorization,
      Accept: "application/json",
    };
    if (request.body !== undefined) headers["Content-Type"] = "application/json";

    let status: number;
    let text: string;
    try {
      const response = await fetchFn(`${baseUrl}${request.path}`, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      // Read inside the try: the timeout also covers a body that never finishes.
      text = await response.text();
    } catch (error) {
      throw transportError(label, timeoutMs, error);
    }

    if (status < 200 || status >= 300) throw httpError(label, status, text);

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new PiPlatformError(`${label}: answered ${status} with a body that is not JSON`, {
        kind: "invalid_response",
        status,
        cause: error,
      });
    }
    const parsed = request.schema.safeParse(json);
    if (!parsed.success) {
      throw new PiPlatformError(`${label}: unexpected response shape: ${parsed.error.message}`, {
        kind: "invalid_response",
        status,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  const paymentPath = (paymentId: string, action = "") =>
    `/v2/payments/${encodeURIComponent(paymentId)}${action}`;

  return {
    me: async (accessToken) => {
      // A token with a space or control character was tampered with; Pi would answer 401 too.
      if (!HEADER_SAFE_CREDENTIAL.test(accessToken)) {
        throw new PiPlatformError("Pi Platform GET /v2/me: the access token is malformed", {
          kind: "unauthorized",
        });
      }
      return call({
        method: "GET",
        path: "/v2/me",
        authorization: `Bearer ${accessToken}`,
        schema: piUserDtoSchema,
      });
    },
    getPayment: (paymentId) =>
      call({
        method: "GET",
        path: paymentPath(paymentId),
        authorization: serverKey,
        schema: piPaymentDtoSchema,
      }),
    approvePayment: (paymentId) =>
      call({
        method: "POST",
        path: paymentPath(paymentId, "/approve"),
        authorization: serverKey,
        schema: piPaymentDtoSchema,
      }),
    completePayment: (paymentId, txid) =>
      call({
        method: "POST",
        path: paymentPath(paymentId, "/complete"),
        authorization: serverKey,
        body: { txid },
        schema: piPaymentDtoSchema,
      }),
    cancelPayment: (paymentId) =>
      call({
        method: "POST",
        path: paymentPath(paymentId, "/cancel"),
        authorization: serverKey,
        schema: piPaymentDtoSchema,
      }),
    createAppToUserPayment: (payment) =>
      call({
        method: "POST",
        path: "/v2/payments",
        authorization: serverKey,
        body: { payment },
        schema: piPaymentDtoSchema,
      }),
    incompleteServerPayments: async () => {
      const answer = await call({
        method: "GET",
        path: "/v2/payments/incomplete_server_payments",
        authorization: serverKey,
        schema: piIncompleteServerPaymentsSchema,
      });
      return answer.incomplete_server_payments;
    },
    rewardedAdStatus: (adId) =>
      call({
        method: "GET",
        path: `/v2/ads_network/status/${encodeURIComponent(adId)}`,
        authorization: serverKey,
        schema: piRewardedAdStatusSchema,
      }),
    sendNotifications: (notifications) =>
      call({
        method: "POST",
        path: "/v2/in_app_notifications/notify",
        authorization: serverKey,
        body: { notifications },
        schema: piNotifyResultSchema,
      }),
  };
}

function transportError(label: string, timeoutMs: number, error: unknown): PiPlatformError {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") {
    return new PiPlatformError(`${label}: no answer within ${timeoutMs} ms`, {
      kind: "timeout",
      cause: error,
    });
  }
  return new PiPlatformError(`${label}: could not be reached (${describeCause(error)})`, {
    kind: "unavailable",
    cause: error,
  });
}

function httpError(label: string, status: number, text: string): PiPlatformError {
  const body = parseErrorBody(text);
  // Pi's own words when it gave any; otherwise a short plain-text body (HTML error pages are skipped).
  const plain = text.trim();
  const detail = body
    ? body.error_message
    : plain && !plain.startsWith("<")
      ? truncate(plain, 200)
      : undefined;
  const message =
    [`${label}: ${status}`, body?.error].filter(Boolean).join(" ") + (detail ? `: ${detail}` : "");
  return new PiPlatformError(message, { kind: errorKindForStatus(status), status, piError: body?.error });
}

function parseErrorBody(text: string) {
  try {
    const parsed = piErrorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** undici wraps the useful part (ECONNREFUSED, ENOTFOUND) in `cause`. */
function describeCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  const code = cause && typeof cause === "object" && "code" in cause ? String(cause.code) : undefined;
  return code ? `${error.message}: ${code}` : error.message;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
