// Checks a request's SigV4 signature the way S3 does: header authentication (Authorization) or query
// authentication (presigned URLs, with X-Amz-Expires), with the simulator's own canonical request (not the
// client's signer, so that a signing mistake in the client is refused here as S3 would refuse it).
import { timingSafeEqual } from "node:crypto";
import {
  ALGORITHM,
  MAX_PRESIGN_SECONDS,
  UNSIGNED_PAYLOAD,
  canonicalRequest,
  parseAmzDate,
  sha256Hex,
  signCanonical,
} from "./sigv4.js";

export interface S3Failure {
  status: number;
  code: string;
  message: string;
}

export interface IncomingSigned {
  method: string;
  rawPath: string;
  query: Array<[string, string]>;
  /** Lower-case names; repeated headers joined with ','. */
  headers: Record<string, string>;
  body: Buffer;
}

export interface VerifyOptions {
  region: string;
  /** accessKeyId → secretAccessKey */
  secrets: Map<string, string>;
  now: number;
}

/** S3 accepts a header-signed request up to 15 minutes away from its own clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;

const fail = (status: number, code: string, message: string): S3Failure => ({ status, code, message });
const MISMATCH = fail(
  403,
  "SignatureDoesNotMatch",
  "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
);
const ANONYMOUS = fail(403, "AccessDenied", "Access Denied");

/** Null when the signature is right and still valid; otherwise S3's error. */
export function verifyRequest(request: IncomingSigned, options: VerifyOptions): S3Failure | null {
  const presigned = request.query.some(([k]) => k === "X-Amz-Algorithm");
  if (presigned) return verifyPresigned(request, options);
  const authorization = request.headers["authorization"];
  if (authorization === undefined) return ANONYMOUS;
  return verifyHeader(request, authorization, options);
}

interface Credential {
  accessKeyId: string;
  day: string;
  region: string;
  service: string;
}

function parseCredential(value: string): Credential | null {
  const parts = value.split("/");
  if (parts.length !== 5 || parts[4] !== "aws4_request") return null;
  const [accessKeyId, day, region, service] = parts as [string, string, string, string];
  return /^\d{8}$/.test(day) ? { accessKeyId, day, region, service } : null;
}

/** The secret of a credential that names our region and service, or S3's refusal. */
function secretFor(credential: Credential, options: VerifyOptions): string | S3Failure {
  const secret = options.secrets.get(credential.accessKeyId);
  if (secret === undefined)
    return fail(
      403,
      "InvalidAccessKeyId",
      "The AWS Access Key Id you provided does not exist in our records.",
    );
  if (credential.region !== options.region)
    return fail(
      400,
      "AuthorizationHeaderMalformed",
      `The authorization header is malformed; the region '${credential.region}' is wrong; expecting '${options.region}'`,
    );
  if (credential.service !== "s3")
    return fail(
      400,
      "AuthorizationHeaderMalformed",
      "The authorization header is malformed; service must be s3",
    );
  return secret;
}

function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

function verifyHeader(
  request: IncomingSigned,
  authorization: string,
  options: VerifyOptions,
): S3Failure | null {
  const m = new RegExp(
    `^${ALGORITHM} Credential=([^,\\s]+),\\s*SignedHeaders=([a-z0-9;-]+),\\s*Signature=([0-9a-f]{64})$`,
  ).exec(authorization.trim());
  const [, credentialText, signedList, signature] = m ?? [];
  const credential = credentialText ? parseCredential(credentialText) : null;
  if (!credential || signedList === undefined || signature === undefined)
    return fail(400, "AuthorizationHeaderMalformed", "The authorization header is malformed.");
  const secret = secretFor(credential, options);
  if (typeof secret !== "string") return secret;

  const dateTime = request.headers["x-amz-date"] ?? "";
  const at = parseAmzDate(dateTime);
  if (Number.isNaN(at))
    return fail(403, "AccessDenied", "AWS authentication requires a valid Date or x-amz-date header");
  if (Math.abs(options.now - at) > MAX_SKEW_MS)
    return fail(
      403,
      "RequestTimeTooSkewed",
      "The difference between the request time and the current time is too large.",
    );
  if (dateTime.slice(0, 8) !== credential.day)
    return fail(400, "AuthorizationHeaderMalformed", "The credential date does not match the request date.");
  const payloadHash = request.headers["x-amz-content-sha256"];
  if (payloadHash === undefined)
    return fail(400, "InvalidRequest", "Missing required header for this request: x-amz-content-sha256");

  const signedHeaders = signedList.split(";");
  if (!signedHeaders.includes("host"))
    return fail(400, "AuthorizationHeaderMalformed", "The host header must be signed.");
  const expected = signCanonical(
    secret,
    dateTime,
    { region: credential.region, service: credential.service },
    canonicalRequest({
      method: request.method,
      path: request.rawPath,
      query: request.query,
      headers: request.headers,
      signedHeaders,
      payloadHash,
    }),
  );
  if (!signatureMatches(expected, signature)) return MISMATCH;
  if (payloadHash !== UNSIGNED_PAYLOAD && payloadHash !== sha256Hex(request.body))
    return fail(
      400,
      "XAmzContentSHA256Mismatch",
      "The provided 'x-amz-content-sha256' header does not match what was computed.",
    );
  return null;
}

function verifyPresigned(request: IncomingSigned, options: VerifyOptions): S3Failure | null {
  const param = (name: string) => request.query.find(([k]) => k === name)?.[1];
  const malformed = (why: string) => fail(400, "AuthorizationQueryParametersError", why);
  if (param("X-Amz-Algorithm") !== ALGORITHM)
    return malformed(`X-Amz-Algorithm only supports "${ALGORITHM}"`);
  const credential = parseCredential(param("X-Amz-Credential") ?? "");
  if (!credential)
    return malformed(
      'Error parsing the X-Amz-Credential parameter; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".',
    );
  const secret = secretFor(credential, options);
  if (typeof secret !== "string") return secret;
  const dateTime = param("X-Amz-Date") ?? "";
  const at = parseAmzDate(dateTime);
  if (Number.isNaN(at) || dateTime.slice(0, 8) !== credential.day)
    return malformed("X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"");
  const expires = Number(param("X-Amz-Expires"));
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_PRESIGN_SECONDS)
    return malformed("X-Amz-Expires must be a whole number of seconds between 1 and 604800 (7 days)");
  const signedHeaders = (param("X-Amz-SignedHeaders") ?? "").split(";");
  if (!signedHeaders.includes("host")) return malformed("X-Amz-SignedHeaders must include host");
  const signature = param("X-Amz-Signature") ?? "";

  const expected = signCanonical(
    secret,
    dateTime,
    { region: credential.region, service: credential.service },
    canonicalRequest({
      method: request.method,
      path: request.rawPath,
      query: request.query.filter(([k]) => k !== "X-Amz-Signature"),
      headers: request.headers,
      signedHeaders,
      payloadHash: UNSIGNED_PAYLOAD,
    }),
  );
  if (!signatureMatches(expected, signature)) return MISMATCH;
  if (options.now > at + expires * 1000) return fail(403, "AccessDenied", "Request has expired");
  if (at - options.now > MAX_SKEW_MS) return fail(403, "AccessDenied", "Request is not valid yet");
  return null;
}
