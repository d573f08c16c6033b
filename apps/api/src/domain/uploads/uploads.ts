// Single-use, short-lived upload grants bound to the caller, and the objects they store: on local disk
// (the file is PUT to us) or in an S3-compatible bucket (PUT to a presigned URL, checked when used).
import { randomBytes, randomUUID } from "node:crypto";
import { IsNull, Not, type DataSource, type QueryDeepPartialEntity } from "typeorm";
import { TRPCError } from "@trpc/server";
import { MAX_AUDIO_UPLOAD_BYTES, type UploadService } from "@purplebeats/contracts";
import { API_ERROR_MESSAGES } from "@purplebeats/contracts/error-codes";
import { S3Error, type S3Client } from "@purplebeats/s3";
import { Upload } from "@purplebeats/db";
import { grantById, grantByObjectKey, storedBytes, type GrantRow } from "../../data/uploads.js";
import { hashToken, isWellFormedToken } from "../../infra/session-store.js";
import { MAX_IMAGE_BYTES, uploadKind, type UploadKindName } from "./upload-kinds.js";
import { BUDGET_MESSAGES, UPLOAD_BUDGETS, type UploadBudgets } from "./upload-budgets.js";
import { isStorageDown, type ObjectStorage } from "../../infra/storage/object-storage.js";
import { must } from "../../data/must.js";

export { MAX_IMAGE_BYTES };
export const UPLOAD_TTL_SECONDS = 10 * 60;
export const UPLOAD_PATH = "/api/objects/upload";
/** S3: where presigned PUTs land before they are checked; a bucket lifecycle rule may expire them. */
export const INCOMING_PREFIX = "incoming/";
/** Audio for the catalog (admins only; domain/library/library-uploads.ts): a grant of this kind reserves its key under
 * AUDIO_UPLOAD_PREFIX when it is made, and lossless files of a long track fit. */
export const AUDIO_UPLOAD_PREFIX = "library/";
export const MAX_AUDIO_BYTES = MAX_AUDIO_UPLOAD_BYTES;
export const FILE_TOO_LARGE_MESSAGE = `File size must be less than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`;

export const UPLOAD_MESSAGES = {
  invalid: API_ERROR_MESSAGES.uploadInvalid,
  notYours: API_ERROR_MESSAGES.uploadNotYours,
  used: API_ERROR_MESSAGES.uploadUsed,
  expired: API_ERROR_MESSAGES.uploadExpired,
  empty: API_ERROR_MESSAGES.uploadEmpty,
  notImage: API_ERROR_MESSAGES.notAnImage,
  tooLarge: FILE_TOO_LARGE_MESSAGE,
  notFound: API_ERROR_MESSAGES.uploadNotFound,
  changed: API_ERROR_MESSAGES.uploadChanged,
  storageDown: API_ERROR_MESSAGES.storageDown,
} as const;

export type RefusalStatus = 400 | 403 | 410 | 413 | 415 | 429;
export interface UploadRefusal {
  ok: false;
  status: RefusalStatus;
  message: string;
}
export type UploadOutcome = { ok: true; objectPath: string } | UploadRefusal;

const refusal = (status: RefusalStatus, message: string): UploadRefusal => ({ ok: false, status, message });

export interface ObjectUrlResolver {
  /**
   * The /objects/... path of an object this user uploaded, from its upload URL or its path; else null.
   * With S3 storage, a presigned upload URL is checked here (the file never passed through us): a
   * refusal is thrown with its exact HTTP status.
   */
  resolveOwnedObject(userId: string, url: string): Promise<string | null>;
}

/**
 * The stored form of a picture someone chose (a playlist cover, an artist's picture): one of the catalog's
 * (/media/...), or their own upload (its upload URL or /objects/ path). Nothing from another host: it would
 * learn the address of everyone who looks at the page.
 */
export async function ourPictureUrl(
  objects: ObjectUrlResolver,
  userId: string,
  url: string | null,
): Promise<string | null> {
  if (url === null || url.startsWith("/media/")) return url;
  const owned = await objects.resolveOwnedObject(userId, url);
  if (!owned) throw new TRPCError({ code: "BAD_REQUEST", message: "imageUrl must be an image you uploaded" });
  return owned;
}

export interface UploadStore extends UploadService, ObjectUrlResolver {
  /** Disk storage: stores the body of a PUT to an upload URL. */
  receive(token: string, userId: string | null, body: Buffer): Promise<UploadOutcome>;
  /** The content type of a stored (claimed) object; null when there is none under this key. */
  storedObject(key: string): Promise<{ contentType: string } | null>;
}

/** Carries the exact HTTP status (410 has no tRPC code) to the REST response; see web/http/errors.ts. */
export class UploadRefused extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
  }
}

const TRPC_CODES = {
  400: "BAD_REQUEST",
  403: "FORBIDDEN",
  410: "PRECONDITION_FAILED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
} as const;

const refused = ({ status, message }: UploadRefusal) =>
  new TRPCError({ code: TRPC_CODES[status], message, cause: new UploadRefused(status, message) });

export type { GrantRow };

/** A new grant's expiry, by the database's clock like the claim's check: SQL for the insert. */
export const grantExpiry = () => `now() + make_interval(secs => ${UPLOAD_TTL_SECONDS})`;

/** Marks the grant used (with what was stored); of two concurrent uses only one gets true. */
export async function claimGrant(db: DataSource, id: string, stored: QueryDeepPartialEntity<Upload>) {
  const { affected } = await db
    .getRepository(Upload)
    .createQueryBuilder()
    .update()
    .set({ ...stored, usedAt: () => "now()" })
    .where("id = :id AND used_at IS NULL AND expires_at > now()", { id })
    .execute();
  return Boolean(affected);
}

/** Whether this caller may still use this grant; the same answers for disk and S3. */
export function grantRefusal(grant: GrantRow | undefined, userId: string | null): UploadRefusal | null {
  if (!grant || grant.user_id !== userId) return refusal(403, UPLOAD_MESSAGES.notYours);
  if (grant.used_at) return refusal(410, UPLOAD_MESSAGES.used);
  if (grant.expired) return refusal(410, UPLOAD_MESSAGES.expired);
  return null;
}

const GRANT_CHECKED = "grantRefusal refuses a missing grant";

const notAnImage = () => refusal(415, UPLOAD_MESSAGES.notImage);

export function createUploadStore(
  db: DataSource,
  storage: ObjectStorage,
  budgets: UploadBudgets = UPLOAD_BUDGETS,
): UploadStore {
  const uploads = db.getRepository(Upload);

  const claim = (id: string, key: string, contentType: string, size: number) =>
    claimGrant(db, id, { objectKey: key, contentType, size });

  /** The key of an object this user stored through one of their grants. */
  async function ownedKey(where: { objectKey: string } | { id: string }, userId: string) {
    const row = await uploads.findOne({
      where: { ...where, userId, usedAt: Not(IsNull()) },
      select: { objectKey: true },
    });
    return row?.objectKey ? `/objects/${row.objectKey}` : null;
  }

  /**
   * Whether `adding` more bytes fit the user's quota (what they keep stored) and the address's budget (what
   * it stored today, whoever signed in): checked when a grant is asked for (adding 1) and, with the
   * file's real size, before it is stored.
   */
  async function budgetRefusal(userId: string, clientIp: string | null, adding: number) {
    const row = must(await storedBytes(db, userId, clientIp), "a sum() answers one row");
    if (Number(row.mine) + adding > budgets.userQuotaBytes) return refusal(413, BUDGET_MESSAGES.quota);
    if (clientIp && Number(row.address) + adding > budgets.addressBytesPerDay)
      return refusal(429, BUDGET_MESSAGES.address);
    return null;
  }

  const ownedObjectPath = (userId: string, key: string) => ownedKey({ objectKey: key }, userId);

  /**
   * S3: the file went straight to the bucket, so it is checked on its one use, as the disk route checks a
   * PUT: the grant, the size (HEAD), the first bytes (ranged GET of that version). Then that version is
   * copied to the object's own key, out of reach of the presigned URL (which S3 cannot revoke), and the
   * incoming copy is deleted; a refused file is deleted too.
   */
  async function adoptBucketUpload(s3: S3Client, userId: string, bucketKey: string): Promise<string> {
    if (!bucketKey.startsWith(INCOMING_PREFIX)) {
      const owned = await ownedObjectPath(userId, bucketKey);
      if (owned) return owned;
      throw refused(refusal(403, UPLOAD_MESSAGES.notYours));
    }
    const key = bucketKey.slice(INCOMING_PREFIX.length);
    const grant = await grantByObjectKey(db, key);
    const denied = grantRefusal(grant, userId);
    if (denied) throw refused(denied);
    const granted = must(grant, GRANT_CHECKED);

    try {
      const info = await s3.head(bucketKey);
      if (!info) throw refused(refusal(400, UPLOAD_MESSAGES.notFound));
      let problem: UploadRefusal | null = null;
      let type: string | undefined;
      if (info.size === 0) problem = refusal(400, UPLOAD_MESSAGES.empty);
      else if (info.size > uploadKind(granted.kind).maxBytes)
        problem = refusal(413, UPLOAD_MESSAGES.tooLarge);
      else {
        // The whole file (at most the kind's limit) of that version: its structure, not only its signature.
        const body = await s3.getRange(bucketKey, 0, info.size - 1, info.etag);
        type = body ? uploadKind(granted.kind).accept(body)?.type : undefined;
        if (!type) problem = notAnImage();
        else problem = await budgetRefusal(granted.user_id, granted.client_ip, info.size);
      }
      if (problem || !type) {
        await s3.delete(bucketKey);
        throw refused(problem ?? notAnImage());
      }
      await s3.copy(bucketKey, key, { ifMatch: info.etag, contentType: type });
      if (!(await claim(granted.id, key, type, info.size))) throw refused(refusal(410, UPLOAD_MESSAGES.used));
      // The object is ours now; a leftover incoming copy is only clutter (the lifecycle rule's job).
      await s3.delete(bucketKey).catch(() => {});
      return `/objects/${key}`;
    } catch (error) {
      if (isStorageDown(error))
        throw new TRPCError({
          code: "BAD_GATEWAY",
          message: UPLOAD_MESSAGES.storageDown,
          cause: error,
        });
      // Replaced in the bucket while it was being checked: the checked version is gone.
      if (error instanceof S3Error && error.status === 412)
        throw refused(refusal(400, UPLOAD_MESSAGES.changed));
      throw error;
    }
  }

  return {
    async grant(userId, origin, clientIp, kind: UploadKindName = "image") {
      const overBudget = await budgetRefusal(userId, clientIp, 1);
      if (overBudget) throw refused(overBudget);
      const token = randomBytes(32).toString("base64url");
      // S3: the object key is chosen now, since the browser writes the object itself.
      const key = storage.kind === "s3" ? randomUUID() : null;
      await uploads.insert({
        id: hashToken(token),
        userId,
        objectKey: key,
        expiresAt: grantExpiry,
        kind,
        clientIp,
      });
      if (storage.kind === "s3")
        return {
          uploadURL: await storage.client.presign("PUT", `${INCOMING_PREFIX}${key}`, UPLOAD_TTL_SECONDS),
        };
      return { uploadURL: `${origin}${UPLOAD_PATH}/${token}` };
    },

    async receive(token, userId, body) {
      if (storage.kind !== "disk") return refusal(403, UPLOAD_MESSAGES.invalid);
      if (!isWellFormedToken(token)) return refusal(403, UPLOAD_MESSAGES.invalid);
      const grant = await grantById(db, hashToken(token));
      const denied = grantRefusal(grant, userId);
      if (denied) return denied;
      const granted = must(grant, GRANT_CHECKED);
      const accepted = uploadKind(granted.kind).accept(body);
      if (!accepted) return notAnImage();
      const overBudget = await budgetRefusal(granted.user_id, granted.client_ip, body.length);
      if (overBudget) return overBudget;

      const key = `${randomUUID()}.${accepted.ext}`;
      // Claim the grant first: of two concurrent PUTs only one may store a file.
      if (!(await claim(granted.id, key, accepted.type, body.length)))
        return refusal(410, UPLOAD_MESSAGES.used);
      await storage.write(key, body);
      return { ok: true, objectPath: `/objects/${key}` };
    },

    async resolveOwnedObject(userId, url) {
      if (storage.kind === "s3") {
        const key = storage.client.keyOf(url);
        if (key !== null) return adoptBucketUpload(storage.client, userId, key);
      }
      let pathname: string;
      try {
        pathname = new URL(url, "http://local").pathname;
      } catch {
        return null;
      }
      if (pathname.startsWith("/objects/"))
        return ownedObjectPath(userId, pathname.slice("/objects/".length));
      if (!pathname.startsWith(`${UPLOAD_PATH}/`)) return null;
      const token = pathname.slice(UPLOAD_PATH.length + 1);
      if (!isWellFormedToken(token)) return null;
      return ownedKey({ id: hashToken(token) }, userId);
    },

    async storedObject(key) {
      const row = await uploads.findOne({
        where: { objectKey: key, usedAt: Not(IsNull()) },
        select: { contentType: true },
      });
      return row?.contentType ? { contentType: row.contentType } : null;
    },
  };
}
