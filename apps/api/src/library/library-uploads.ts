// Audio uploads by admins (issue 13): a single-use grant of the audio kind (uploads.ts), the file PUT to us and
// streamed to disk (at most MAX_AUDIO_BYTES, its first bytes an audio container), then read like a scanned
// file (readTrack, its own folder as the root so an untagged file is named after the admin's file name) and
// handed to the same ingestion pipeline. The grant is claimed when the file is stored, so the object counts
// as used and nothing sweeps it away.
import { randomBytes, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { copyFile, link, mkdir, mkdtemp, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { TRPCError } from "@trpc/server";
import type { DataSource } from "typeorm";
import {
  AUDIO_UPLOAD_TOO_LARGE,
  NOT_AUDIO_UPLOAD,
  type IngestLibraryUploadInput,
  type LibraryUploadDto,
  type UploadGrantDto,
} from "@purplebeats/contracts";
import { hashToken, isWellFormedToken } from "../services/session-store.js";
import {
  AUDIO_UPLOAD_PREFIX,
  GRANT_COLUMNS,
  MAX_AUDIO_BYTES,
  UPLOAD_MESSAGES,
  UPLOAD_TTL_SECONDS,
  grantRefusal,
  type GrantRow,
  type RefusalStatus,
  type UploadOutcome,
} from "../services/uploads.js";
import type { ObjectStorage } from "../storage/object-storage.js";
import { sniffContainer } from "./audio-container.js";
import type { LibraryService } from "./library-service.js";
import { readTrack } from "./read-track.js";

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

export function createLibraryUploads(options: {
  dataSource: DataSource;
  storage: ObjectStorage;
  library: () => LibraryService | undefined;
}): LibraryUploads {
  const { dataSource: db, storage } = options;
  const fileOf = (dir: string, key: string) => path.join(dir, key);

  async function grantOf(token: string): Promise<(GrantRow & { object_key: string }) | undefined> {
    const [row] = (await db.query(
      `SELECT ${GRANT_COLUMNS}, object_key FROM uploads WHERE id = $1 AND object_key LIKE $2`,
      [hashToken(token), `${AUDIO_UPLOAD_PREFIX}%`],
    )) as Array<GrantRow & { object_key: string }>;
    return row;
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

  return {
    async grant(userId, origin) {
      if (storage.kind !== "disk")
        throw new TRPCError({
          code: "PRECONDITION_FAILED",
          message:
            "Audio uploads need the server's own file storage; with S3, put the files in MUSIC_DIR and scan",
        });
      const token = randomBytes(32).toString("base64url");
      await db.query(
        // Kind 'audio': the sweeper of unused pictures leaves the catalog's music alone.
        `INSERT INTO uploads (id, user_id, object_key, expires_at, kind)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4), 'audio')`,
        [hashToken(token), userId, `${AUDIO_UPLOAD_PREFIX}${randomUUID()}`, UPLOAD_TTL_SECONDS],
      );
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
            ? `Unsupported format: ${container.name}. ${NOT_AUDIO_UPLOAD}`
            : NOT_AUDIO_UPLOAD;
        return { ok: false, status: 415, message };
      }
      // Claimed before it is in place: of two concurrent PUTs only one keeps its file.
      const [claimed] = (await db.query(
        `UPDATE uploads SET used_at = now(), content_type = $2
         WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING object_key`,
        [grant!.id, container.mime],
      )) as [Array<{ object_key: string }>, number];
      const key = claimed[0]?.object_key;
      if (!key) {
        await rm(stored.part, { force: true });
        return { ok: false, status: 410, message: UPLOAD_MESSAGES.used };
      }
      await rename(stored.part, fileOf(storage.dir, key));
      return { ok: true, objectPath: key };
    },

    async ingest(userId, { uploadURL, fileName }) {
      if (storage.kind !== "disk") throw bad(UPLOAD_MESSAGES.invalid);
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
      const file = fileOf(storage.dir, grant.object_key);
      const info = grant.used_at ? await stat(file).catch(() => null) : null;
      if (!info) throw bad(UPLOAD_MESSAGES.notFound);
      const library = options.library();
      if (!library) throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "The library is starting" });

      // Read under the admin's file name, in a folder of its own: names come from it where tags are missing.
      const folder = await mkdtemp(path.join(tmpdir(), "pb-upload-"));
      try {
        const named = path.join(folder, fileName);
        await link(file, named).catch(() => copyFile(file, named));
        const read = await readTrack(named, {
          size: info.size,
          mtimeMs: info.mtimeMs,
          root: folder,
          source: file,
        });
        if (!read.ok) {
          // Never a song: the stored file goes (its grant stays used).
          await rm(file, { force: true });
          throw new TRPCError({
            code: "UNPROCESSABLE_CONTENT",
            message: `${fileName}: ${read.skipped.reason}`,
          });
        }
        const outcome = await library.ingestTrack(read.track);
        return {
          state: outcome.state,
          songId: outcome.state === "existing" ? outcome.songId : null,
          title: read.track.title,
          artist: read.track.artists[0]!,
        };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}
