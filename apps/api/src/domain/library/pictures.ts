// Cover images, embedded or beside the files: only the kinds a browser shows everywhere are kept, and the kind
// is read from the bytes (taggers often write 'image/jpg' or nothing at all).
import type { Picture } from "./track.js";

/** Larger than any real cover; a scan holds one in memory per track. */
export const MAX_PICTURE_BYTES = 20 * 1024 * 1024;

/** The picture in `data`, or null when it is not a JPEG, PNG or WebP image (or absurdly large). */
export function pictureOf(data: Uint8Array): Picture | null {
  if (data.length === 0 || data.length > MAX_PICTURE_BYTES) return null;
  const mime = imageKind(data);
  return mime ? { data, mime } : null;
}

function imageKind(b: Uint8Array): Picture["mime"] | null {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "image/png";
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}
