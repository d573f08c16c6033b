// One error type for every way a storage call can fail; callers branch on `kind`, not on messages.

export type S3ErrorKind =
  /** 404: no such object (or bucket). */
  | "not_found"
  /** 401/403: wrong credentials, a bad signature, an expired URL, clock skew. */
  | "forbidden"
  /** No response within the client's timeout. */
  | "timeout"
  /** Network failure, 5xx or 503 SlowDown: worth retrying later. */
  | "unavailable"
  /** Another 4xx (416 InvalidRange, 400 ...). */
  | "rejected";

export class S3Error extends Error {
  override readonly name = "S3Error";
  readonly kind: S3ErrorKind;
  /** HTTP status, when storage answered at all. */
  readonly status: number | undefined;
  /** S3's <Code> from the XML error body, when given (e.g. SignatureDoesNotMatch). */
  readonly code: string | undefined;

  constructor(
    message: string,
    details: { kind: S3ErrorKind; status?: number; code?: string; cause?: unknown },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = details.kind;
    this.status = details.status;
    this.code = details.code;
  }
}

export function errorKindForStatus(status: number): S3ErrorKind {
  if (status === 404) return "not_found";
  if (status === 401 || status === 403) return "forbidden";
  if (status === 429 || status >= 500) return "unavailable";
  return "rejected";
}

/** S3's XML error body: <Error><Code>..</Code><Message>..</Message></Error>. */
export function parseErrorXml(xml: string): { code?: string; message?: string } {
  const field = (name: string) => {
    const m = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
    const text = m?.[1];
    return text === undefined ? undefined : unescapeXml(text);
  };
  return { code: field("Code"), message: field("Message") };
}

export const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
