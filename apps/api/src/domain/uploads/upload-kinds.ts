// What a grant may carry. Images now (avatars, playlist covers); another kind (an admin's audio, say)
// is one more entry with its own size limit and content check.
import { detectImageType } from "./image-type.js";
import { isWholeImage } from "./image-structure.js";

export interface UploadKind {
  maxBytes: number;
  /** The stored content type and file extension of an acceptable file; null refuses it. */
  accept(bytes: Buffer): { type: string; ext: string } | null;
}

/** SPEC.md section 5: 5 MB for profile and playlist images. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const UPLOAD_KINDS = {
  image: {
    maxBytes: MAX_IMAGE_BYTES,
    accept(bytes) {
      const image = detectImageType(bytes);
      return image && isWholeImage(image.type, bytes) ? image : null;
    },
  },
} satisfies Record<string, UploadKind>;

export type UploadKindName = keyof typeof UPLOAD_KINDS;

export const uploadKind = (name: string): UploadKind =>
  (UPLOAD_KINDS as Record<string, UploadKind>)[name] ?? UPLOAD_KINDS.image;
