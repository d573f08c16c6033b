// A minimal S3 client: presigned PUT/GET URLs for browsers, and header-signed HEAD, ranged GET, streamed
// GET, PUT and DELETE for the server. Works with AWS S3, MinIO, R2 and our simulator.
import { S3Error, errorKindForStatus, parseErrorXml } from "./errors.js";
import { EMPTY_SHA256, UNSIGNED_PAYLOAD, presignUrl, sha256Hex, signHeaders } from "./signer.js";

export interface S3ClientOptions {
  /** Where storage answers: 'https://s3.eu-central-1.amazonaws.com', 'http://127.0.0.1:9000'. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** endpoint/bucket/key (MinIO, R2, the simulator) rather than bucket.endpoint/key. */
  forcePathStyle: boolean;
  /** Per call: until the response's headers for streams, until the whole body otherwise. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The signing clock (tests). */
  now?: () => Date;
}

export interface ObjectInfo {
  size: number;
  contentType: string | undefined;
  etag: string | undefined;
}

export interface ObjectStream extends ObjectInfo {
  body: ReadableStream<Uint8Array>;
}

export interface S3Client {
  readonly bucket: string;
  /** The origin browsers talk to (for CSP connect-src and bucket CORS). */
  readonly origin: string;
  /** The plain URL of an object. */
  objectUrl(key: string): URL;
  /** The key an object URL of this bucket names (presigned or not), else null. */
  keyOf(url: string): string | null;
  presign(method: "GET" | "PUT", key: string, expiresSeconds: number): Promise<string>;
  /** Size and type; null when there is no such object. */
  head(key: string): Promise<ObjectInfo | null>;
  /**
   * Bytes start..end (inclusive), fewer when the object is shorter; null when there is no such object.
   * With `ifMatch` (an ETag), only from that version of the object (else S3Error 412 PreconditionFailed).
   */
  getRange(key: string, start: number, end: number, ifMatch?: string): Promise<Buffer | null>;
  /** The object as a stream, not buffered; null when there is no such object. */
  getStream(key: string): Promise<ObjectStream | null>;
  put(key: string, body: Uint8Array, contentType?: string): Promise<void>;
  /**
   * Server-side copy within the bucket. `ifMatch` copies only that version of the source (else S3Error
   * 412); `contentType` replaces the stored type.
   */
  copy(
    sourceKey: string,
    targetKey: string,
    options?: { ifMatch?: string; contentType?: string },
  ): Promise<void>;
  /** Succeeds whether or not the object exists, as S3 does. */
  delete(key: string): Promise<void>;
}

export const DEFAULT_S3_TIMEOUT_MS = 10_000;

export function createS3Client(options: S3ClientOptions): S3Client {
  const endpoint = new URL(options.endpoint);
  if (endpoint.protocol !== "http:" && endpoint.protocol !== "https:")
    throw new Error("createS3Client: endpoint must be an http(s) URL");
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(options.bucket))
    throw new Error("createS3Client: bucket must be a valid S3 bucket name");
  const timeoutMs = options.timeoutMs ?? DEFAULT_S3_TIMEOUT_MS;
  const fetchFn = options.fetch ?? globalThis.fetch;
  const now = options.now ?? (() => new Date());
  const credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
  const signingContext = () => ({ credentials, region: options.region, now: now() });
  const prefix = endpoint.pathname.replace(/\/+$/, "");
  // Path style: origin/bucket/key; virtual-hosted: bucket.host/key.
  const base = options.forcePathStyle
    ? `${endpoint.origin}${prefix}/${options.bucket}/`
    : `${endpoint.protocol}//${options.bucket}.${endpoint.host}${prefix}/`;
  const origin = new URL(base).origin;

  const objectUrl = (key: string) => new URL(`${base}${encodeKey(key)}`);

  async function call(
    method: string,
    key: string,
    init: { headers?: Record<string, string>; body?: Uint8Array; stream?: boolean } = {},
  ): Promise<Response> {
    const url = objectUrl(key);
    const label = `S3 ${method} ${options.bucket}/${key}`;
    const headers = await signHeaders(
      {
        method,
        url,
        headers: init.headers,
        payloadHash: init.body ? sha256Hex(init.body) : method === "PUT" ? UNSIGNED_PAYLOAD : EMPTY_SHA256,
      },
      signingContext(),
    );
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      response = await fetchFn(url, { method, headers, body: init.body, signal: controller.signal });
      if (response.ok && init.stream) {
        clearTimeout(timer);
        return response;
      }
      // Buffer the rest inside the timeout: a body that never finishes is a timeout too.
      const bytes = new Uint8Array(await response.arrayBuffer());
      const { code, message } = response.ok ? {} : parseErrorXml(Buffer.from(bytes).toString("utf8"));
      // A missing object is a response, not a failure (HEAD has no body to say which thing is missing).
      const missingObject =
        response.status === 404 && (method === "HEAD" || (method === "GET" && code === "NoSuchKey"));
      const emptyRange = response.status === 416 && method === "GET";
      if (!response.ok && !missingObject && !emptyRange) {
        throw new S3Error(`${label} failed: ${response.status} ${code ?? ""} ${message ?? ""}`.trim(), {
          kind: errorKindForStatus(response.status),
          status: response.status,
          code,
        });
      }
      return new Response(response.status === 204 || method === "HEAD" ? null : bytes, {
        status: response.status,
        headers: response.headers,
      });
    } catch (error) {
      if (error instanceof S3Error) throw error;
      if (controller.signal.aborted)
        throw new S3Error(`${label} timed out after ${timeoutMs} ms`, { kind: "timeout", cause: error });
      throw new S3Error(`${label} failed: storage is unreachable`, { kind: "unavailable", cause: error });
    } finally {
      if (!init.stream) clearTimeout(timer);
    }
  }

  const infoOf = (response: Response, size: number): ObjectInfo => ({
    size,
    contentType: response.headers.get("content-type") ?? undefined,
    etag: response.headers.get("etag") ?? undefined,
  });

  return {
    bucket: options.bucket,
    origin,
    objectUrl,
    keyOf(url) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return null;
      }
      const root = new URL(base);
      if (parsed.origin !== root.origin || !parsed.pathname.startsWith(root.pathname)) return null;
      const key = safeDecode(parsed.pathname.slice(root.pathname.length));
      return key === null || key === "" ? null : key;
    },
    presign: (method, key, expiresSeconds) =>
      presignUrl({ method, url: objectUrl(key), expiresSeconds }, signingContext()),
    async head(key) {
      const response = await call("HEAD", key);
      if (response.status === 404) return null;
      return infoOf(response, Number(response.headers.get("content-length") ?? 0));
    },
    async getRange(key, start, end, ifMatch) {
      const headers: Record<string, string> = { range: `bytes=${start}-${end}` };
      if (ifMatch) headers["if-match"] = ifMatch;
      const response = await call("GET", key, { headers });
      if (response.status === 404) return null;
      // 416: the object is empty, so no byte is in range.
      if (response.status === 416) return Buffer.alloc(0);
      return Buffer.from(await response.arrayBuffer());
    },
    async getStream(key) {
      const response = await call("GET", key, { stream: true });
      if (response.status === 404 || !response.body) return null;
      return {
        ...infoOf(response, Number(response.headers.get("content-length") ?? 0)),
        body: response.body,
      };
    },
    async put(key, body, contentType) {
      await call("PUT", key, { body, headers: contentType ? { "content-type": contentType } : {} });
    },
    async copy(sourceKey, targetKey, copyOptions = {}) {
      const headers: Record<string, string> = {
        "x-amz-copy-source": `/${options.bucket}/${encodeKey(sourceKey)}`,
      };
      if (copyOptions.ifMatch) headers["x-amz-copy-source-if-match"] = copyOptions.ifMatch;
      if (copyOptions.contentType) {
        headers["x-amz-metadata-directive"] = "REPLACE";
        headers["content-type"] = copyOptions.contentType;
      }
      await call("PUT", targetKey, { headers, body: new Uint8Array(0) });
    },
    async delete(key) {
      await call("DELETE", key);
    },
  };
}

/** An object key in a URL path: RFC 3986 per segment, the slashes kept (S3 does not double-encode). */
const encodeKey = (key: string) =>
  key
    .split("/")
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join("/");

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
