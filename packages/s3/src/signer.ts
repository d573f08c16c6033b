// The client's AWS Signature Version 4, by aws4fetch (a maintained signer over Web Crypto), so that the
// simulator's own verifier (simulator/sigv4.ts) checks the client independently rather than repeating it.
import { createHash } from "node:crypto";
import { AwsV4Signer } from "aws4fetch";

/** sha256 of the empty body. */
export const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
/** Presigned URLs (and streamed bodies) do not sign the payload. */
export const UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
/** S3 refuses presigned URLs that live longer than seven days. */
export const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SigningContext {
  credentials: Credentials;
  region: string;
  /** The signing clock. */
  now: Date;
}

export const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** 20130524T000000Z: the X-Amz-Date form of an instant. */
const amzDateTime = (date: Date) => date.toISOString().replace(/[-:]|\.\d{3}/g, "");

/** The signer of one request; aws4fetch signs for S3 (no double-encoded path) when told the service. */
const signerFor = (
  context: SigningContext,
  request: { method: string; url: URL; headers?: Record<string, string>; signQuery?: boolean },
) =>
  new AwsV4Signer({
    method: request.method,
    url: request.url.toString(),
    headers: request.headers,
    accessKeyId: context.credentials.accessKeyId,
    secretAccessKey: context.credentials.secretAccessKey,
    service: "s3",
    region: context.region,
    datetime: amzDateTime(context.now),
    signQuery: request.signQuery,
    // Every given header is signed (Range and If-Match too, which aws4fetch leaves out unless told), so a
    // proxy cannot change which bytes or which version of an object is read.
    allHeaders: true,
  });

export interface SignHeadersInput {
  method: string;
  url: URL;
  /** Headers to send and sign (Range, If-Match, Content-Type, x-amz-*...). */
  headers?: Record<string, string>;
  payloadHash: string;
}

/** Header authentication: the request's headers plus x-amz-date, x-amz-content-sha256 and Authorization. */
export async function signHeaders(input: SignHeadersInput, context: SigningContext): Promise<Headers> {
  const headers = { ...input.headers, "x-amz-content-sha256": input.payloadHash };
  const signed = await signerFor(context, { method: input.method, url: input.url, headers }).sign();
  return signed.headers;
}

/** Query authentication: the URL itself carries the credential, its lifetime and the signature (host signed). */
export async function presignUrl(
  request: { method: string; url: URL; expiresSeconds: number },
  context: SigningContext,
): Promise<string> {
  if (!Number.isInteger(request.expiresSeconds) || request.expiresSeconds < 1)
    throw new RangeError("presignUrl: expiresSeconds must be a positive whole number");
  if (request.expiresSeconds > MAX_PRESIGN_SECONDS)
    throw new RangeError(`presignUrl: expiresSeconds must be at most ${MAX_PRESIGN_SECONDS} (7 days)`);
  const url = new URL(request.url);
  url.searchParams.set("X-Amz-Expires", String(request.expiresSeconds));
  const signed = await signerFor(context, { method: request.method, url, signQuery: true }).sign();
  return signed.url.toString();
}
