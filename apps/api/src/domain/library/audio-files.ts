// The walk over MUSIC_DIR: every audio file under one or more roots, once each, without ever throwing. A folder
// that cannot be read is reported (the scan report shows it) and the walk goes on.
import { createHash } from "node:crypto";
import { createReadStream, type Dirent, type Stats } from "node:fs";
import { readdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { API_ERROR_MESSAGES } from "@purplebeats/contracts/error-codes";
import { isInsideAny, NOT_REGULAR, OUTSIDE_ROOTS, realFolders } from "./confined-files.js";
import { TAG_LIMITS } from "./tag-limits.js";
import type { SkippedFile } from "./track.js";

/** File name endings the scan reads (the container is checked from the bytes, not from these). */
export const AUDIO_EXTENSIONS: ReadonlySet<string> = new Set([
  ".mp3",
  ".flac",
  ".ogg",
  ".oga",
  ".opus",
  ".m4a",
  ".mp4",
  ".aac",
  ".wav",
]);

export function hasAudioExtension(file: string): boolean {
  return AUDIO_EXTENSIONS.has(path.extname(file).toLowerCase());
}

export interface FoundAudioFile {
  /** Absolute path as reached from its root (through symlinks, not resolved). */
  path: string;
  size: number;
  mtimeMs: number;
  /** The MUSIC_DIR root it was found under (absolute): folder-name fallbacks stop there. */
  root: string;
  /** Real paths the file and the files beside it (lyrics, cover) may be read from: the roots' own. */
  bounds: readonly string[];
}

export type WalkEntry = { ok: true; file: FoundAudioFile } | { ok: false; skipped: SkippedFile };

export interface WalkOptions {
  /** MUSIC_FOLLOW_SYMLINKS: folder links out of the roots are walked too (the operator keeps music there). */
  followLinksOut?: boolean;
}

export const FOLDER_LINK_OUT = `${OUTSIDE_ROOTS} (set MUSIC_FOLLOW_SYMLINKS=1 to follow folder links)`;

/** Why a file system call failed, in the scan report's words ('Cannot read folder: EACCES'). */
export function fsFailure(what: "file" | "folder", error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? "unknown error";
  return `${what === "file" ? API_ERROR_MESSAGES.fileUnreadable : "Cannot read folder"}: ${code}`;
}

/**
 * Every audio file under `roots`, in name order, each once: hidden files and folders (a leading dot, such as
 * macOS's `._song.mp3`) are left out, and a folder or file reached twice (a symlink loop, a hard link, roots
 * inside each other) is walked once, by device and inode. Only regular files whose real path is inside a root
 * are found: links inside the roots are followed, file links out of them never, folder links out of them only
 * with `followLinksOut` (their folder then counts as a root for what it holds).
 */
export async function* findAudioFiles(
  roots: readonly string[],
  options: WalkOptions = {},
): AsyncGenerator<WalkEntry> {
  const seen = new Set<string>();
  const resolved = roots.map((root) => path.resolve(root));
  const bounds = await realFolders(resolved);
  for (const root of resolved) {
    let info: Stats;
    let real: string;
    try {
      real = await realpath(root);
      info = await stat(real);
    } catch (error) {
      yield { ok: false, skipped: { source: root, reason: fsFailure("folder", error) } };
      continue;
    }
    if (!info.isDirectory()) {
      yield { ok: false, skipped: { source: root, reason: "Not a folder" } };
      continue;
    }
    const walk: Walk = { root, seen, followLinksOut: options.followLinksOut === true };
    if (firstVisit(seen, info)) yield* walkFolder(walk, root, real, bounds);
  }
}

interface Walk {
  root: string;
  seen: Set<string>;
  followLinksOut: boolean;
}

function firstVisit(seen: Set<string>, info: Stats): boolean {
  const key = `${info.dev}:${info.ino}`;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

/** `folder` as reached from the root, `real` its real path; `bounds` where what it holds may really be. */
async function* walkFolder(
  walk: Walk,
  folder: string,
  real: string,
  bounds: readonly string[],
): AsyncGenerator<WalkEntry> {
  let entries: Dirent[];
  try {
    entries = await readdir(real, { withFileTypes: true });
  } catch (error) {
    yield { ok: false, skipped: { source: folder, reason: fsFailure("folder", error) } };
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const full = path.join(folder, entry.name);
    const audio = hasAudioExtension(entry.name);
    const link = entry.isSymbolicLink();
    if (!audio && !entry.isDirectory() && !link) continue;
    const skip = (reason: string): WalkEntry => ({ ok: false, skipped: { source: full, reason } });
    let target: string;
    let info: Stats;
    try {
      // Only a link needs resolving: anything else in a real folder is where it looks.
      target = link ? await realpath(full) : path.join(real, entry.name);
      info = await stat(target);
    } catch (error) {
      // A symlink to nowhere is only worth a line in the report when it looks like music.
      if (audio) yield skip(fsFailure("file", error));
      else if (entry.isDirectory()) yield skip(fsFailure("folder", error));
      continue;
    }
    const inside = isInsideAny(target, bounds);
    if (info.isDirectory()) {
      if (!inside && !walk.followLinksOut) yield skip(FOLDER_LINK_OUT);
      else if (firstVisit(walk.seen, info))
        yield* walkFolder(walk, full, target, inside ? bounds : [...bounds, target]);
    } else if (audio) {
      if (!inside) yield skip(OUTSIDE_ROOTS);
      else if (!info.isFile()) yield skip(NOT_REGULAR);
      else if (Buffer.byteLength(full) > TAG_LIMITS.sourcePathBytes) yield skip("Path too long");
      else if (firstVisit(walk.seen, info))
        yield {
          ok: true,
          file: { path: full, size: info.size, mtimeMs: info.mtimeMs, root: walk.root, bounds },
        };
    }
  }
}

/** sha256 of a file's bytes, hex, read as a stream (a lossless album is hundreds of MB). */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}
