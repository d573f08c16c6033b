// Audio uploads by admins: a single-use grant of the audio kind (uploads.ts), the file PUT to us and
// streamed to disk (at most MAX_AUDIO_BYTES, its first bytes an audio container), then read like a scanned
// file (readTrack, its own folder as the root so an untagged file is named after the admin's file name) and
// handed to the same ingestion pipeline. The grant is claimed when the file is stored, so the object counts
// as used and nothing sweeps it away.
import { randomBytes, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { copyFile, link, mkdir, mkdtemp, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import { TRPCError } from "@trpc/server";
import { API_ERROR_MESSAGES, apiErrorText } from "@purplebeats/contracts/error-codes";
import type { DataSource } from "typeorm";
import {
  AUDIO_UPLOAD_TOO_LARGE,
  NOT_AUDIO_UPLOAD,
  type IngestLibraryUploadInput,
  type LibraryUploadDto,
  type UploadGrantDto,
} from "@purplebeats/contracts";
import { hashToken, isWellFormedToken } from "../../infra/session-store.js";
import { S3Error, type S3Client } from "@purplebeats/s3";
import {
  AUDIO_UPLOAD_PREFIX,
  INCOMING_PREFIX,
  MAX_AUDIO_BYTES,
  UPLOAD_MESSAGES,
  UPLOAD_TTL_SECONDS,
  claimGrant,
  grantExpiry,
  grantRefusal,
  type RefusalStatus,
  type UploadOutcome,
} from "../uploads/uploads.js";
import { isStorageDown, type ObjectStorage } from "../../infra/storage/object-storage.js";
import { Upload } from "@purplebeats/db";
import { audioGrantById, audioGrantByObjectKey } from "../../data/uploads.js";
import { sniffContainer } from "./audio-container.js";
import type { LibraryService } from "./library-service.js";
import { readTrack } from "./read-track.js";
import type { TrackDescription } from "./track.js";
import { must } from "../../data/must.js";

export const AUDIO_UPLOAD_PATH = "/api/admin/library/uploads";

export interface LibraryUploads {
  grant(userId: string, origin: string): Promise<UploadGrantDto>;
  /** The PUT of an audio upload URL: stores the body (a stream) once it is checked. */
  receive(
    token: string,
    userId: string | null,
    body: Readable,
    declaredBytes: number | null,
  ): Promise<UploadOutcome>;
  ingest(userId: string, input: IngestLibraryUploadInput): Promise<LibraryUploadDto>;
  /**
   * Reads an uploaded file as ingestion would (tags, format, decodable audio): a file that cannot be a song
   * is refused with the reason (422) and removed. Nothing enters the catalog.
   */
  read(userId: string, input: IngestLibraryUploadInput): Promise<TrackDescription>;
  library(): LibraryService;
}

class TooLarge extends Error {}

/** Counts the bytes going through and stops past the limit (a body may lie about its length). */
const limitTo = (maxBytes: number) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > maxBytes ? new TooLarge() : null, chunk);
    },
  });
};

const bad = (message: string) => new TRPCError({ code: "BAD_REQUEST", message });

/** A song's source when its file is an object in the S3 bucket (an admin's upload with S3 configured). */
const BUCKET_SOURCE = "bucket:";
export const bucketSource = (key: string) => `${BUCKET_SOURCE}${key}`;

/**
 * Where FFmpeg reads a song's source: the file itself, or, for an object in the bucket, a copy fetched into
 * `workDir` (any instance may run the encode, none shares a disk).
 */
export function sourceFetcher(storage: ObjectStorage) {
  return async (source: string, workDir: string): Promise<string> => {
    if (!source.startsWith(BUCKET_SOURCE)) return source;
    if (storage.kind !== "s3") throw new Error(`${source} is in a bucket, and no S3 storage is configured`);
    const file = path.join(workDir, `source${path.extname(source)}`);
    if (!(await downloadObject(storage.client, source.slice(BUCKET_SOURCE.length), file)))
      throw new Error(`${source} is no longer in the bucket`);
    return file;
  };
}

/** Streams an object into `file` (at most MAX_AUDIO_BYTES); false when there is no such object. */
async function downloadObject(s3: S3Client, key: string, file: string): Promise<boolean> {
  const object = await s3.getStream(key);
  if (!object) return false;
  await pipeline(
    Readable.fromWeb(object.body as WebReadableStream<Uint8Array>),
    limitTo(MAX_AUDIO_BYTES),
    createWriteStream(file),
  );
  return true;
}

export function createLibraryUploads(options: {
  dataSource: DataSource;
  storage: ObjectStorage;
  library: () => LibraryService | undefined;
}): LibraryUploads {
  const { dataSource: db, storage } = options;
  const fileOf = (dir: string, key: string) => path.join(dir, key);

  async function grantOf(token: string) {
    return audioGrantById(db, hashToken(token), AUDIO_UPLOAD_PREFIX);
  }

  /** Stores a checked body aside (.part), so a reader never sees half a file; the part file or null. */
  async function storeBody(dir: string, body: Readable): Promise<{ part: string } | { status: 400 | 413 }> {
    await mkdir(path.join(dir, AUDIO_UPLOAD_PREFIX), { recursive: true });
    const part = path.join(dir, AUDIO_UPLOAD_PREFIX, `.${randomUUID()}.part`);
    try {
      await pipeline(body, limitTo(MAX_AUDIO_BYTES), createWriteStream(part));
    } catch (error) {
      await rm(part, { force: true });
      if (error instanceof TooLarge) return { status: 413 };
      throw error;
    }
    if ((await stat(part)).size === 0) {
      await rm(part, { force: true });
      return { status: 400 };
    }
    return { part };
  }

  /** What ingestion reads: the stored file at `named`, its size and time, its source, and how to drop it. */
  interface StoredUpload {
    size: number;
    mtimeMs: number;
    source: string;
    remove(): Promise<void>;
  }

  /** Disk: the file the PUT stored, linked (or copied) under the admin's file name. */
  async function linkFromDisk(dir: string, userId: string, uploadURL: string, named: string) {
    let pathname: string;
    try {
      pathname = new URL(uploadURL, "http://local").pathname;
    } catch {
      throw bad(UPLOAD_MESSAGES.invalid);
    }
    const token = pathname.startsWith(`${AUDIO_UPLOAD_PATH}/`)
      ? pathname.slice(AUDIO_UPLOAD_PATH.length + 1)
      : "";
    if (!isWellFormedToken(token)) throw bad(UPLOAD_MESSAGES.invalid);
    const grant = await grantOf(token);
    if (!grant || grant.user_id !== userId)
      throw new TRPCError({ code: "FORBIDDEN", message: UPLOAD_MESSAGES.notYours });
    const file = fileOf(dir, grant.object_key);
    const info = grant.used_at ? await stat(file).catch(() => null) : null;
    if (!info) throw bad(UPLOAD_MESSAGES.notFound);
    await link(file, named).catch(() => copyFile(file, named));
    return {
      size: info.size,
      mtimeMs: info.mtimeMs,
      source: file,
      remove: () => rm(file, { force: true }),
    } satisfies StoredUpload;
  }

  /**
   * S3: the file went straight to the bucket (incoming/), so it is checked here, as the disk route checks
   * a PUT: the grant, the size (HEAD), the first bytes of the copy fetched for reading. Then that version
   * is copied to the upload's own key, out of reach of the presigned URL (which S3 cannot revoke), the
   * grant is claimed and the incoming copy deleted; a refused file is deleted too. Ingesting the same URL
   * again reads the adopted object.
   */
  async function fetchFromBucket(s3: S3Client, userId: string, uploadURL: string, named: string) {
    const incoming = s3.keyOf(uploadURL);
    if (!incoming?.startsWith(`${INCOMING_PREFIX}${AUDIO_UPLOAD_PREFIX}`)) throw bad(UPLOAD_MESSAGES.invalid);
    const key = incoming.slice(INCOMING_PREFIX.length);
    const grant = await audioGrantByObjectKey(db, key);
    if (!grant || grant.user_id !== userId)
      throw new TRPCError({ code: "FORBIDDEN", message: UPLOAD_MESSAGES.notYours });
    const stored: StoredUpload = {
      size: 0,
      mtimeMs: Date.now(),
      source: bucketSource(key),
      remove: () => s3.delete(key),
    };
    try {
      if (grant.used_at) {
        const info = await s3.head(key);
        if (!info || !(await downloadObject(s3, key, named))) throw bad(UPLOAD_MESSAGES.notFound);
        return { ...stored, size: info.size };
      }
      if (grant.expired) throw new TRPCError({ code: "BAD_REQUEST", message: UPLOAD_MESSAGES.expired });
      const info = await s3.head(incoming);
      if (!info) throw bad(UPLOAD_MESSAGES.notFound);
      const refuse = async (error: TRPCError) => {
        await s3.delete(incoming);
        return error;
      };
      if (info.size === 0) throw await refuse(bad(UPLOAD_MESSAGES.empty));
      if (info.size > MAX_AUDIO_BYTES)
        throw await refuse(new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: AUDIO_UPLOAD_TOO_LARGE }));
      await downloadObject(s3, incoming, named);
      const container = await sniffContainer(named);
      if (container.kind !== "audio")
        throw await refuse(
          new TRPCError({
            code: "UNSUPPORTED_MEDIA_TYPE",
            message:
              container.kind === "unsupported"
                ? apiErrorText("uploadUnsupportedFormat", { format: container.name })
                : NOT_AUDIO_UPLOAD,
          }),
        );
      await s3.copy(incoming, key, { ifMatch: info.etag, contentType: container.mime });
      if (!(await claimGrant(db, grant.id, { contentType: container.mime })))
        throw new TRPCError({ code: "BAD_REQUEST", message: UPLOAD_MESSAGES.used });
      // The object is ours now; a leftover incoming copy is only clutter (the lifecycle rule's job).
      await s3.delete(incoming).catch(() => {});
      return { ...stored, size: info.size };
    } catch (error) {
      if (isStorageDown(error))
        throw new TRPCError({ code: "BAD_GATEWAY", message: UPLOAD_MESSAGES.storageDown, cause: error });
      // Replaced in the bucket while it was being checked: the checked version is gone.
      if (error instanceof S3Error && error.status === 412) throw bad(UPLOAD_MESSAGES.changed);
      throw error;
    }
  }

  return {
    async grant(userId, origin) {
      const token = randomBytes(32).toString("base64url");
      const key = `${AUDIO_UPLOAD_PREFIX}${randomUUID()}`;
      // Kind 'audio': the sweeper of unused pictures leaves the catalog's music alone.
      await db
        .getRepository(Upload)
        .insert({ id: hashToken(token), userId, objectKey: key, expiresAt: grantExpiry, kind: "audio" });
      // S3: the browser PUTs straight into the bucket (incoming/), and the file is checked when ingested.
      if (storage.kind === "s3")
        return {
          uploadURL: await storage.client.presign("PUT", `${INCOMING_PREFIX}${key}`, UPLOAD_TTL_SECONDS),
        };
      return { uploadURL: `${origin}${AUDIO_UPLOAD_PATH}/${token}` };
    },

    async receive(token, userId, body, declaredBytes) {
      const refuse = (status: RefusalStatus, message: string): UploadOutcome => {
        body.resume();
        return { ok: false, status, message };
      };
      if (storage.kind !== "disk" || !isWellFormedToken(token)) return refuse(403, UPLOAD_MESSAGES.invalid);
      const grant = await grantOf(token);
      const denied = grantRefusal(grant, userId);
      if (denied) return refuse(denied.status, denied.message);
      if (declaredBytes !== null && declaredBytes > MAX_AUDIO_BYTES)
        return refuse(413, AUDIO_UPLOAD_TOO_LARGE);

      const stored = await storeBody(storage.dir, body);
      if ("status" in stored)
        return stored.status === 413
          ? { ok: false, status: 413, message: AUDIO_UPLOAD_TOO_LARGE }
          : { ok: false, status: 400, message: UPLOAD_MESSAGES.empty };
      const container = await sniffContainer(stored.part);
      if (container.kind !== "audio") {
        await rm(stored.part, { force: true });
        const message =
          container.kind === "unsupported"
            ? apiErrorText("uploadUnsupportedFormat", { format: container.name })
            : NOT_AUDIO_UPLOAD;
        return { ok: false, status: 415, message };
      }
      // Claimed before it is in place: of two concurrent PUTs only one keeps its file.
      const { object_key: key, id: grantId } = must(grant, "grantRefusal refuses a missing grant");
      if (!(await claimGrant(db, grantId, { contentType: container.mime }))) {
        await rm(stored.part, { force: true });
        return { ok: false, status: 410, message: UPLOAD_MESSAGES.used };
      }
      await rename(stored.part, fileOf(storage.dir, key));
      return { ok: true, objectPath: key };
    },

    library: startedLibrary,
    read: readUpload,
    async ingest(userId, input) {
      const library = startedLibrary();
      const track = await readUpload(userId, input);
      const outcome = await library.ingestTrack(track);
      return {
        state: outcome.state,
        songId: outcome.state === "existing" ? outcome.songId : null,
        title: track.title,
        artist: must(track.artists[0], "readUpload names at least one artist"),
      };
    },
  };

  function startedLibrary(): LibraryService {
    const library = options.library();
    if (!library)
      throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: API_ERROR_MESSAGES.libraryStarting });
    return library;
  }

  async function readUpload(userId: string, { uploadURL, fileName }: IngestLibraryUploadInput) {
    // Read under the uploader's file name, in a folder of its own: names come from it where tags are missing.
    const folder = await mkdtemp(path.join(tmpdir(), "pb-upload-"));
    try {
      const named = path.join(folder, fileName);
      const stored =
        storage.kind === "s3"
          ? await fetchFromBucket(storage.client, userId, uploadURL, named)
          : await linkFromDisk(storage.dir, userId, uploadURL, named);
      const read = await readTrack(named, {
        size: stored.size,
        mtimeMs: stored.mtimeMs,
        root: folder,
        source: stored.source,
      });
      if (!read.ok) {
        // Never a song: the stored file goes (its grant stays used).
        await stored.remove();
        throw new TRPCError({
          code: "UNPROCESSABLE_CONTENT",
          message: `${fileName}: ${read.skipped.reason}`,
        });
      }
      return read.track;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
}
