// A loopback S3-compatible server for development and tests: path-style buckets, PUT/GET (Range)/HEAD/
// DELETE of objects kept in memory, real SigV4 verification (header and presigned), CORS for browsers.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { escapeXml } from "../errors.js";
import { parseQuery } from "./sigv4.js";
import { verifyRequest, type S3Failure } from "./verify.js";

export interface S3SimulatorOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Buckets that exist from the start. */
  buckets?: string[];
  /** Origins allowed by the buckets' CORS rule; '*' (the default) allows any. */
  allowedOrigins?: string[];
  /** Larger PUTs are refused with EntityTooLarge (memory guard; S3's own limit is 5 GB). */
  maxObjectBytes?: number;
}

export interface SimulatedObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface S3Simulator {
  /** The endpoint, e.g. http://127.0.0.1:40123 (path-style: endpoint/bucket/key). */
  url: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  buckets: string[];
  /** The S3_* settings that point the PurpleBeats API at this simulator. */
  env(bucket?: string): Record<string, string>;
  object(bucket: string, key: string): SimulatedObject | undefined;
  keys(bucket: string): string[];
  /** Moves the simulator's clock (expiry and clock-skew checks) forward. */
  advanceClock(seconds: number): void;
  close(): Promise<void>;
}

export const SIMULATOR_DEFAULTS = {
  region: "us-east-1",
  accessKeyId: "simulator-access-key",
  secretAccessKey: "simulator-secret-key",
  bucket: "purplebeats",
} as const;

const CORS_METHODS = ["GET", "PUT", "HEAD", "DELETE"];
const NO_SUCH_KEY: S3Failure = {
  status: 404,
  code: "NoSuchKey",
  message: "The specified key does not exist.",
};
const PRECONDITION_FAILED: S3Failure = {
  status: 412,
  code: "PreconditionFailed",
  message: "At least one of the pre-conditions you specified did not hold",
};

export async function startS3Simulator(options: S3SimulatorOptions = {}): Promise<S3Simulator> {
  const region = options.region ?? SIMULATOR_DEFAULTS.region;
  const accessKeyId = options.accessKeyId ?? SIMULATOR_DEFAULTS.accessKeyId;
  const secretAccessKey = options.secretAccessKey ?? SIMULATOR_DEFAULTS.secretAccessKey;
  const allowedOrigins = options.allowedOrigins ?? ["*"];
  const maxObjectBytes = options.maxObjectBytes ?? 50 * 1024 * 1024;
  const buckets = new Map<string, Map<string, SimulatedObject>>(
    (options.buckets ?? [SIMULATOR_DEFAULTS.bucket]).map((name) => [name, new Map()]),
  );
  const secrets = new Map([[accessKeyId, secretAccessKey]]);
  let clockOffsetMs = 0;
  const now = () => Date.now() + clockOffsetMs;

  const corsOrigin = (origin: string | undefined) =>
    origin === undefined
      ? undefined
      : allowedOrigins.includes("*")
        ? "*"
        : allowedOrigins.includes(origin)
          ? origin
          : undefined;

  function sendError(res: ServerResponse, method: string, resource: string, failure: S3Failure) {
    res.statusCode = failure.status;
    res.setHeader("x-amz-request-id", randomBytes(8).toString("hex").toUpperCase());
    if (method === "HEAD") return res.end();
    res.setHeader("Content-Type", "application/xml");
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${failure.code}</Code>` +
        `<Message>${escapeXml(failure.message)}</Message><Resource>${escapeXml(resource)}</Resource></Error>`,
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? "GET";
    const rawUrl = req.url ?? "/";
    const q = rawUrl.indexOf("?");
    const rawPath = q < 0 ? rawUrl : rawUrl.slice(0, q);
    const query = parseQuery(q < 0 ? "" : rawUrl.slice(q + 1));
    const [, bucketName = "", ...keyParts] = rawPath.split("/");
    const origin = corsOrigin(req.headers.origin);
    let key: string;
    try {
      key = decodeURIComponent(keyParts.join("/"));
    } catch {
      return sendError(res, method, rawPath, {
        status: 400,
        code: "InvalidURI",
        message: "Couldn't parse the specified URI.",
      });
    }
    const resource = `/${bucketName}/${key}`;

    if (method === "OPTIONS") {
      const requested = String(req.headers["access-control-request-method"] ?? "");
      if (!origin || !CORS_METHODS.includes(requested))
        return sendError(res, method, resource, {
          status: 403,
          code: "AccessForbidden",
          message: "CORSResponse: This CORS request is not allowed.",
        });
      res.statusCode = 200;
      res.setHeader("Access-Control-Allow-Origin", origin);
      res.setHeader("Access-Control-Allow-Methods", CORS_METHODS.join(", "));
      const headers = req.headers["access-control-request-headers"];
      if (headers) res.setHeader("Access-Control-Allow-Headers", headers);
      res.setHeader("Access-Control-Max-Age", "3000");
      res.setHeader("Vary", "Origin, Access-Control-Request-Headers, Access-Control-Request-Method");
      return res.end();
    }
    if (origin) {
      res.setHeader("Access-Control-Allow-Origin", origin);
      res.setHeader("Access-Control-Expose-Headers", "ETag");
      res.setHeader("Vary", "Origin");
    }

    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxObjectBytes)
        return sendError(res, method, resource, {
          status: 400,
          code: "EntityTooLarge",
          message: "Your proposed upload exceeds the maximum allowed size",
        });
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks);

    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(",") : value;
    const refused = verifyRequest({ method, rawPath, query, headers, body }, { region, secrets, now: now() });
    if (refused) return sendError(res, method, resource, refused);

    const bucket = buckets.get(bucketName);
    if (!bucket)
      return sendError(res, method, resource, {
        status: 404,
        code: "NoSuchBucket",
        message: "The specified bucket does not exist",
      });
    if (key === "")
      return sendError(res, method, resource, {
        status: 501,
        code: "NotImplemented",
        message: "The simulator serves objects only (no bucket listing or configuration)",
      });

    switch (method) {
      case "PUT": {
        const copySource = headers["x-amz-copy-source"];
        if (copySource !== undefined) return copyObject(res, bucket, key, copySource, headers);
        const etag = `"${createHash("md5").update(body).digest("hex")}"`;
        bucket.set(key, {
          body,
          contentType: headers["content-type"] ?? "binary/octet-stream",
          etag,
          lastModified: new Date(now()),
        });
        res.setHeader("ETag", etag);
        return res.end();
      }
      case "DELETE":
        bucket.delete(key);
        res.statusCode = 204;
        return res.end();
      case "GET":
      case "HEAD": {
        const object = bucket.get(key);
        if (!object) return sendError(res, method, resource, NO_SUCH_KEY);
        const ifMatch = headers["if-match"];
        if (ifMatch !== undefined && ifMatch !== object.etag && ifMatch !== "*")
          return sendError(res, method, resource, PRECONDITION_FAILED);
        res.setHeader("Content-Type", object.contentType);
        res.setHeader("ETag", object.etag);
        res.setHeader("Last-Modified", object.lastModified.toUTCString());
        res.setHeader("Accept-Ranges", "bytes");
        const range = method === "GET" ? parseRange(headers["range"], object.body.length) : null;
        if (range === "unsatisfiable") {
          res.setHeader("Content-Range", `bytes */${object.body.length}`);
          return sendError(res, method, resource, {
            status: 416,
            code: "InvalidRange",
            message: "The requested range is not satisfiable",
          });
        }
        const slice = range ? object.body.subarray(range.start, range.end + 1) : object.body;
        if (range) {
          res.statusCode = 206;
          res.setHeader("Content-Range", `bytes ${range.start}-${range.end}/${object.body.length}`);
        }
        res.setHeader("Content-Length", String(slice.length));
        return res.end(method === "HEAD" ? undefined : slice);
      }
      default:
        return sendError(res, method, resource, {
          status: 405,
          code: "MethodNotAllowed",
          message: "The specified method is not allowed against this resource.",
        });
    }
  }

  /** PUT with x-amz-copy-source: a server-side copy (same bucket), optionally of one version only. */
  function copyObject(
    res: ServerResponse,
    bucket: Map<string, SimulatedObject>,
    key: string,
    copySource: string,
    headers: Record<string, string>,
  ) {
    const [, sourceBucket = "", ...sourceParts] = copySource.split("/");
    let sourceKey = sourceParts.join("/");
    try {
      sourceKey = decodeURIComponent(sourceKey);
    } catch {
      // left as sent: it names no object
    }
    const source = buckets.get(sourceBucket) === bucket ? bucket.get(sourceKey) : undefined;
    if (!source) return sendError(res, "PUT", copySource, NO_SUCH_KEY);
    const ifMatch = headers["x-amz-copy-source-if-match"];
    if (ifMatch !== undefined && ifMatch !== source.etag)
      return sendError(res, "PUT", copySource, PRECONDITION_FAILED);
    const replace = headers["x-amz-metadata-directive"] === "REPLACE";
    const copy: SimulatedObject = {
      ...source,
      contentType: replace ? (headers["content-type"] ?? source.contentType) : source.contentType,
      lastModified: new Date(now()),
    };
    bucket.set(key, copy);
    res.setHeader("Content-Type", "application/xml");
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<CopyObjectResult><LastModified>${copy.lastModified.toISOString()}` +
        `</LastModified><ETag>${escapeXml(copy.etag)}</ETag></CopyObjectResult>`,
    );
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      sendError(res, req.method ?? "GET", req.url ?? "/", {
        status: 500,
        code: "InternalError",
        message: error instanceof Error ? error.message : "We encountered an internal error.",
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;

  // env() points at the first bucket unless told another (the default bucket when none were named).
  const [firstBucket = ""] = buckets.keys();
  return {
    url,
    region,
    accessKeyId,
    secretAccessKey,
    buckets: [...buckets.keys()],
    env: (bucket = firstBucket) => ({
      S3_ENDPOINT: url,
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    }),
    object: (bucket, key) => buckets.get(bucket)?.get(key),
    keys: (bucket) => [...(buckets.get(bucket)?.keys() ?? [])],
    advanceClock(seconds) {
      clockOffsetMs += seconds * 1000;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A single 'bytes=' range; null means the whole object (absent or not understood, as HTTP says). */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
