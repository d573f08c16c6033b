// The catalog's pictures at the widths the app shows them (ART_WIDTHS): a scanned album's cover may be a
// 3,000 px JPEG of megabytes, and every 48 px row and 148 px card would download and decode it whole. Each
// size is made once, from the stored picture, and kept on this instance's disk.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { ART_WIDTHS, type ArtWidth } from "@purplebeats/contracts/schemas";
import { PICTURE_CONTENT_TYPES, writeAtomically } from "./media-store.js";

export interface SizedPicture {
  bytes: Buffer;
  contentType: string;
}

export interface SizedArt {
  /** The picture under `key` (covers/<file>, artists/<file>) at `width`, or null when there is no such picture. */
  get(key: string, width: ArtWidth): Promise<SizedPicture | null>;
}

const WEBP = "image/webp";
/** A sized picture's quality: covers at these sizes show no loss at it, at a third of q90's bytes. */
const WEBP_QUALITY = 78;
/** Decoding a picture larger than this (a hostile file claiming huge dimensions) is refused. */
const MAX_INPUT_PIXELS = 50_000_000;
/**
 * Pictures sized at once in this process, the catalog's and the uploads' together: each holds a core while it
 * decodes, and the API's own work needs the other.
 */
const SIZING_AT_ONCE = 1;

export interface SizedArtOptions {
  /** The stored picture's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Where the sizes are kept (this instance's disk). */
  cacheDir: string;
}

export function createSizedArt({ read, cacheDir }: SizedArtOptions): SizedArt {
  const making = new Map<string, Promise<SizedPicture | null>>();

  async function make(key: string, width: ArtWidth, file: string): Promise<SizedPicture | null> {
    const stored = await read(key);
    if (!stored) return null;
    let bytes: Buffer;
    try {
      bytes = await sizing(() =>
        sharp(stored, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate() // a phone photo's EXIF orientation, applied before the metadata goes
          .resize({ width, height: width, fit: "inside", withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer(),
      );
    } catch {
      // Bytes the scanner took for a picture but the decoder cannot read: sent as stored, as before sizes.
      return { bytes: stored, contentType: PICTURE_CONTENT_TYPES[key.split(".").pop() ?? ""] ?? WEBP };
    }
    await writeAtomically(file, (temporary) => writeFile(temporary, bytes));
    return { bytes, contentType: WEBP };
  }

  return {
    async get(key, width) {
      const file = sizedFile(cacheDir, key, width);
      const kept = await readFile(file).catch(() => null);
      if (kept) return { bytes: kept, contentType: WEBP };
      const id = `${width}/${key}`;
      let pending = making.get(id);
      if (!pending) {
        pending = make(key, width, file).finally(() => making.delete(id));
        making.set(id, pending);
      }
      return pending;
    },
  };
}

/**
 * Where the picture under `key` is kept at `width`. The key is at most one folder and a plain file name
 * (SIZED_ART_PATH, SIZED_OBJECT_PATH): it cannot leave the cache folder.
 */
const sizedFile = (cacheDir: string, key: string, width: ArtWidth) =>
  path.join(cacheDir, String(width), `${key.replace("/", "--")}.webp`);

/** Every size of `key` this instance may keep (to remove them with the picture). */
export const sizedFiles = (cacheDir: string, key: string) =>
  ART_WIDTHS.map((width) => sizedFile(cacheDir, key, width));

const sizing = limiter(SIZING_AT_ONCE);

/** Runs at most `size` of the given jobs at once, the others in the order they came. */
function limiter(size: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await job();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
