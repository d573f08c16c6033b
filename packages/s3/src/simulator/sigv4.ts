// AWS Signature Version 4 for S3, written from AWS's "Authenticating Requests (AWS Signature Version 4)":
// the canonical request, the string to sign and the derived key, as the simulator recomputes them to
// verify a request. The client signs with aws4fetch instead, so a mistake in either is caught by the
// other rather than shared (the simulator's tests check this file against AWS's documented examples).
import { createHash, createHmac } from "node:crypto";

export const ALGORITHM = "AWS4-HMAC-SHA256";
/** sha256 of the empty body. */
export const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
/** Presigned URLs (and streamed bodies) do not sign the payload. */
export const UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
/** S3 refuses presigned URLs that live longer than seven days. */
export const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

export interface Scope {
  region: string;
  service?: string;
}

export const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** The instant an X-Amz-Date names; NaN when it is not one. */
export function parseAmzDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return Number.NaN;
  const [, year = Number.NaN, month = Number.NaN, day, hours, minutes, seconds] = m.map(Number);
  return Date.UTC(year, month - 1, day, hours, minutes, seconds);
}

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - . _ ~ is %XX (upper case). */
export function uriEncode(value: string, keepSlash = false): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === "/")) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** The canonical form of a URL path: each segment decoded once, then encoded (S3 does not double-encode). */
export function canonicalPath(rawPath: string): string {
  return rawPath
    .split("/")
    .map((segment) => uriEncode(safeDecode(segment)))
    .join("/");
}

/** Query pairs from a raw query string, decoded once, in order ('a&b=1' → [a,''],[b,'1']). */
export function parseQuery(rawQuery: string): Array<[string, string]> {
  if (rawQuery === "") return [];
  return rawQuery.split("&").map((part) => {
    const eq = part.indexOf("=");
    return eq < 0 ? [safeDecode(part), ""] : [safeDecode(part.slice(0, eq)), safeDecode(part.slice(eq + 1))];
  });
}

export function canonicalQuery(pairs: Array<[string, string]>): string {
  return pairs
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

export interface CanonicalRequestInput {
  method: string;
  /** The path as sent (percent-encoded or not: it is normalised). */
  path: string;
  query: Array<[string, string]>;
  /** Header names in lower case → value; only the signed ones are used. */
  headers: Record<string, string>;
  signedHeaders: string[];
  payloadHash: string;
}

export function canonicalRequest(input: CanonicalRequestInput): string {
  const names = [...input.signedHeaders].sort();
  const headerLines = names
    .map((name) => `${name}:${(input.headers[name] ?? "").trim().replace(/\s+/g, " ")}\n`)
    .join("");
  return [
    input.method.toUpperCase(),
    canonicalPath(input.path),
    canonicalQuery(input.query),
    headerLines,
    names.join(";"),
    input.payloadHash,
  ].join("\n");
}

export const credentialScope = (day: string, scope: Scope) =>
  `${day}/${scope.region}/${scope.service ?? "s3"}/aws4_request`;

export function signingKey(secretAccessKey: string, day: string, scope: Scope): Buffer {
  const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
  const dateKey = hmac(`AWS4${secretAccessKey}`, day);
  return hmac(hmac(hmac(dateKey, scope.region), scope.service ?? "s3"), "aws4_request");
}

/** The hex signature of a canonical request made at `dateTime` (20130524T000000Z). */
export function signCanonical(
  secretAccessKey: string,
  dateTime: string,
  scope: Scope,
  canonical: string,
): string {
  const day = dateTime.slice(0, 8);
  const stringToSign = [ALGORITHM, dateTime, credentialScope(day, scope), sha256Hex(canonical)].join("\n");
  return createHmac("sha256", signingKey(secretAccessKey, day, scope))
    .update(stringToSign)
    .digest("hex");
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
