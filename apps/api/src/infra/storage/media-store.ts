// Where the catalog's media (renditions, covers) live: MEDIA_DIR on local disk by default, the S3 bucket
// when one is configured, so that any number of API instances serve one catalog without a shared disk.
// Keys are content-addressed (renditions/<sha256>-128.mp3): a key's bytes never change, so a CDN or a
// browser may cache them forever.
import { copyFile, mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { S3Client } from "@purplebeats/s3";

/** Cache-Control of content-addressed media (a key's bytes never change). */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
/** Cache-Control of a file kept under a name whose bytes may change (the seed's pictures, the app's icons). */
export const NAMED_FILE_CACHE = "public, max-age=86400";
/** Lifetime of a signed URL handed to a listener's player. */
export const SIGNED_URL_SECONDS = 10 * 60;

export type MediaLocation = { kind: "file"; file: string } | { kind: "url"; url: string };

export interface MediaStore {
  kind: "disk" | "s3";
  has(key: string): Promise<boolean>;
  /** Stores a local file under `key` (a no-op when the key is already there: keys are immutable). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  putBytes(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Where a listener's player gets the bytes: a local file, or a short-lived signed URL. */
  locate(key: string): Promise<MediaLocation>;
  /** The URL path of catalog images: /media/<key> (answered from disk, or redirected to the bucket). */
  publicUrl(key: string): string;
  /** The bytes under `key` (a picture, to size it), or null when there is none. */
  read(key: string): Promise<Buffer | null>;
}

/** Write-then-rename, so a reader never sees half a file. */
export async function writeAtomically(target: string, write: (temporary: string) => Promise<void>) {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
  await write(temporary);
  await rename(temporary, target);
}

export function diskMediaStore(mediaDir: string): MediaStore {
  const fileOf = (key: string) => path.join(mediaDir, key);
  const has = async (key: string) => (await stat(fileOf(key)).catch(() => null))?.isFile() ?? false;
  return {
    kind: "disk",
    has,
    async putFile(key, file) {
      if (!(await has(key))) await writeAtomically(fileOf(key), (temporary) => copyFile(file, temporary));
    },
    async putBytes(key, bytes) {
      if (!(await has(key))) await writeAtomically(fileOf(key), (temporary) => writeFile(temporary, bytes));
    },
    locate: async (key) => ({ kind: "file", file: fileOf(key) }),
    publicUrl: (key) => `/media/${key}`,
    read: (key) => readFile(fileOf(key)).catch(() => null),
  };
}

export function bucketMediaStore(client: S3Client): MediaStore {
  const has = async (key: string) => (await client.head(key)) !== null;
  return {
    kind: "s3",
    has,
    async putFile(key, file, contentType) {
      if (!(await has(key))) await client.put(key, await readFile(file), contentType);
    },
    async putBytes(key, bytes, contentType) {
      if (!(await has(key))) await client.put(key, bytes, contentType);
    },
    locate: async (key) => ({ kind: "url", url: await client.presign("GET", key, SIGNED_URL_SECONDS) }),
    publicUrl: (key) => `/media/${key}`,
    async read(key) {
      const object = await client.getStream(key);
      return object ? Buffer.from(await new Response(object.body).arrayBuffer()) : null;
    },
  };
}

export const renditionKey = (contentHash: string, kbps: number) => `renditions/${contentHash}-${kbps}.mp3`;
export const sourceCopyKey = (contentHash: string, format: string) => `renditions/${contentHash}.${format}`;
export const pictureKey = (hash: string, mime: string) =>
  `covers/${hash}.${mime === "image/png" ? "png" : mime === "image/webp" ? "webp" : "jpg"}`;

/** The catalog's pictures' types, by file extension. */
export const PICTURE_CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  svg: "image/svg+xml",
};

export const AUDIO_CONTENT_TYPES: Record<string, string> = {
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  ogg: "audio/ogg",
  opus: "audio/ogg",
  flac: "audio/flac",
  wav: "audio/wav",
};
