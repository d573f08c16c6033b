// What the scan may read: regular files whose real path (links resolved) is inside the music folders. A link
// someone left in MUSIC_DIR must not read /etc/passwd into lyrics, and a FIFO or /dev/zero must not hang a read
// or fill memory (stat says 0 bytes for /dev/zero): files beside the music are read through one handle up to a
// hard limit, whatever stat says.
import { constants, type Stats } from "node:fs";
import { open, realpath, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";

export const NOT_REGULAR = "Not a regular file";
export const OUTSIDE_ROOTS = "A link to a place outside MUSIC_DIR";

/**
 * How a checked file is opened: never through a link swapped in after the check, and without waiting for a
 * FIFO's writer (O_NONBLOCK changes nothing for a regular file). Both are 0 where the system lacks them.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** The real paths of the folders that exist among `folders` (one that does not is reported by the walk). */
export async function realFolders(folders: readonly string[]): Promise<string[]> {
  const real = await Promise.all(folders.map((folder) => realpath(folder).catch(() => null)));
  return real.filter((folder): folder is string => folder !== null);
}

/** Whether the real path `real` is one of `bounds` (real paths) or inside one. */
export function isInsideAny(real: string, bounds: readonly string[]): boolean {
  return bounds.some(
    (bound) => real === bound || real.startsWith(bound.endsWith(path.sep) ? bound : bound + path.sep),
  );
}

export type Opened =
  { ok: true; handle: FileHandle; real: string; info: Stats } | { ok: false; reason: string };

/**
 * `file` opened when it is a regular file whose real path is inside `bounds`, else the scan report's reason.
 * Nothing else is opened (opening a device can have effects); the handle confirms the type once more.
 * File system errors (ENOENT, EACCES) are thrown.
 */
export async function openConfined(file: string, bounds: readonly string[]): Promise<Opened> {
  const real = await realpath(file);
  if (!isInsideAny(real, bounds)) return { ok: false, reason: OUTSIDE_ROOTS };
  if (!(await stat(real)).isFile()) return { ok: false, reason: NOT_REGULAR };
  const handle = await open(real, OPEN_FLAGS);
  const info = await handle.stat();
  if (info.isFile()) return { ok: true, handle, real, info };
  await handle.close();
  return { ok: false, reason: NOT_REGULAR };
}

const CHUNK = 64 * 1024;

/**
 * The bytes of `file` when it is a regular file inside `bounds` of at most `maxBytes`, else null (outside,
 * not regular, larger, unreadable: a file beside the music is optional). Reading stops at `maxBytes` + 1.
 */
export async function readConfined(
  file: string,
  bounds: readonly string[],
  maxBytes: number,
): Promise<Uint8Array | null> {
  try {
    const opened = await openConfined(file, bounds);
    if (!opened.ok) return null;
    try {
      const chunks: Buffer[] = [];
      let total = 0;
      while (total <= maxBytes) {
        const chunk = Buffer.alloc(Math.min(CHUNK, maxBytes + 1 - total));
        const { bytesRead } = await opened.handle.read(chunk, 0, chunk.length, null);
        if (bytesRead === 0) break;
        chunks.push(chunk.subarray(0, bytesRead));
        total += bytesRead;
      }
      return total > maxBytes ? null : Buffer.concat(chunks, total);
    } finally {
      await opened.handle.close();
    }
  } catch {
    return null;
  }
}
