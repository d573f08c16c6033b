// Where uploaded objects live: local disk (the default) or an S3-compatible bucket. uploads.ts keeps the
// grant and ownership rules once; only what differs between the two places is here.
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { createS3Client, S3Error, type S3Client } from "@purplebeats/s3";
import type { Config } from "../../config/env.js";

/** The browser PUTs the file to our own upload route; the server checks it and writes it here. */
export interface DiskStorage {
  kind: "disk";
  dir: string;
  write(key: string, bytes: Buffer): Promise<void>;
}

/** The browser PUTs the file straight to the bucket through a presigned URL; the server checks it after. */
export interface BucketStorage {
  kind: "s3";
  client: S3Client;
}

export type ObjectStorage = DiskStorage | BucketStorage;

export function diskStorage(dir: string): DiskStorage {
  return {
    kind: "disk",
    dir,
    async write(key, bytes) {
      await mkdir(dir, { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      const temp = path.join(dir, `.${key}.part`);
      await writeFile(temp, bytes);
      await rename(temp, path.join(dir, key));
    },
  };
}

export function openObjectStorage(config: Pick<Config, "uploadDir" | "s3">): ObjectStorage {
  if (!config.s3) return diskStorage(config.uploadDir);
  return { kind: "s3", client: createS3Client(config.s3) };
}

/** Origins the browser sends uploads to, besides our own (CSP connect-src). */
export const uploadOrigins = (storage: ObjectStorage): string[] =>
  storage.kind === "s3" ? [storage.client.origin] : [];

/** Storage did not answer (in time): worth a 503 and a retry, unlike a refusal. */
export const isStorageDown = (error: unknown) =>
  error instanceof S3Error && (error.kind === "timeout" || error.kind === "unavailable");
