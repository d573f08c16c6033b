// Single-use, short-lived upload grants bound to the caller, and the objects they store.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { DataSource } from "typeorm";
import type { UploadService } from "@purplebeats/contracts";
import { hashToken, isWellFormedToken } from "./session-store.js";
import { detectImageType } from "./image-type.js";

/** SPEC.md section 5: 5 MB for profile and playlist images. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TTL_SECONDS = 10 * 60;
export const UPLOAD_PATH = "/api/objects/upload";

export type UploadOutcome =
  { ok: true; objectPath: string } | { ok: false; status: 403 | 410 | 415; message: string };

export interface ObjectUrlResolver {
  /** The /objects/... path of an object this user uploaded, from its upload URL or its path; else null. */
  resolveOwnedObject(userId: string, url: string): Promise<string | null>;
}

export interface UploadStore extends UploadService, ObjectUrlResolver {
  /** Stores the body of a PUT to an upload URL. */
  receive(token: string, userId: string | null, body: Buffer): Promise<UploadOutcome>;
}

export function createUploadStore(db: DataSource, objectsDir: string): UploadStore {
  return {
    async grant(userId, origin) {
      const token = randomBytes(32).toString("base64url");
      await db.query(
        `INSERT INTO uploads (id, user_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
        [hashToken(token), userId, UPLOAD_TTL_SECONDS],
      );
      return { uploadURL: `${origin}${UPLOAD_PATH}/${token}` };
    },

    async receive(token, userId, body) {
      if (!isWellFormedToken(token))
        return { ok: false, status: 403, message: "This upload URL is not valid" };
      const [grant] = (await db.query(
        `SELECT user_id, used_at, expires_at < now() AS expired FROM uploads WHERE id = $1`,
        [hashToken(token)],
      )) as Array<{ user_id: string; used_at: Date | null; expired: boolean }>;
      if (!grant || grant.user_id !== userId)
        return { ok: false, status: 403, message: "This upload URL is not yours" };
      if (grant.used_at) return { ok: false, status: 410, message: "This upload URL has already been used" };
      if (grant.expired)
        return { ok: false, status: 410, message: "This upload URL has expired. Please try again." };
      const image = detectImageType(body);
      if (!image)
        return {
          ok: false,
          status: 415,
          message: "Only image files (PNG, JPEG, GIF, WebP, AVIF) can be uploaded",
        };

      const key = `${randomUUID()}.${image.ext}`;
      // Claim the grant first: of two concurrent PUTs only one may store a file.
      const [claimed] = (await db.query(
        `UPDATE uploads SET used_at = now(), object_key = $2, content_type = $3
         WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING id`,
        [hashToken(token), key, image.type],
      )) as [unknown[], number];
      if (claimed.length === 0)
        return { ok: false, status: 410, message: "This upload URL has already been used" };

      await mkdir(objectsDir, { recursive: true });
      const temp = path.join(objectsDir, `.${key}.part`);
      await writeFile(temp, body);
      await rename(temp, path.join(objectsDir, key));
      return { ok: true, objectPath: `/objects/${key}` };
    },

    async resolveOwnedObject(userId, url) {
      let pathname: string;
      try {
        pathname = new URL(url, "http://local").pathname;
      } catch {
        return null;
      }
      let row: { object_key: string } | undefined;
      if (pathname.startsWith(`${UPLOAD_PATH}/`)) {
        const token = pathname.slice(UPLOAD_PATH.length + 1);
        if (!isWellFormedToken(token)) return null;
        [row] = (await db.query(
          `SELECT object_key FROM uploads WHERE id = $1 AND user_id = $2 AND object_key IS NOT NULL`,
          [hashToken(token), userId],
        )) as Array<{ object_key: string }>;
      } else if (pathname.startsWith("/objects/")) {
        [row] = (await db.query(`SELECT object_key FROM uploads WHERE object_key = $1 AND user_id = $2`, [
          pathname.slice("/objects/".length),
          userId,
        ])) as Array<{ object_key: string }>;
      }
      return row ? `/objects/${row.object_key}` : null;
    },
  };
}
