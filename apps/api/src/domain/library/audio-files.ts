// The walk over MUSIC_DIR: every audio file under one or more roots, once each, without ever throwing. A folder
// that cannot be read is reported (the scan report shows it) and the walk goes on.
import { createHash } from "node:crypto";
import { createReadStream, type Dirent, type Stats } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
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
}

export type WalkEntry = { ok: true; file: FoundAudioFile } | { ok: false; skipped: SkippedFile };

/** Why a file system call failed, in the scan report's words ('Cannot read folder: EACCES'). */
export function fsFailure(what: "file" | "folder", error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? "unknown error";
  return `Cannot read ${what}: ${code}`;
}

/**
 * Every audio file under `roots`, in name order, each once: hidden files and folders (a leading dot, such as
 * macOS's `._song.mp3`) are left out, symlinks are followed, and a folder or file reached twice (a symlink
 * loop, a hard link, roots inside each other) is walked once, by device and inode.
 */
export async function* findAudioFiles(roots: readonly string[]): AsyncGenerator<WalkEntry> {
  const seen = new Set<string>();
  for (const given of roots) {
    const root = path.resolve(given);
    let info: Stats;
    try {
      info = await stat(root);
    } catch (error) {
      yield { ok: false, skipped: { source: root, reason: fsFailure("folder", error) } };
      continue;
    }
    if (!info.isDirectory()) {
      yield { ok: false, skipped: { source: root, reason: "Not a folder" } };
      continue;
    }
    if (firstVisit(seen, info)) yield* walkFolder(root, root, seen);
  }
}

function firstVisit(seen: Set<string>, info: Stats): boolean {
  const key = `${info.dev}:${info.ino}`;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

async function* walkFolder(folder: string, root: string, seen: Set<string>): AsyncGenerator<WalkEntry> {
  let entries: Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    yield { ok: false, skipped: { source: folder, reason: fsFailure("folder", error) } };
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const full = path.join(folder, entry.name);
    const audio = hasAudioExtension(entry.name);
    const maybeFolder = entry.isDirectory() || entry.isSymbolicLink();
    if (!audio && !maybeFolder) continue;
    let info: Stats;
    try {
      info = await stat(full);
    } catch (error) {
      // A symlink to nowhere is only worth a line in the report when it looks like music.
      if (audio) yield { ok: false, skipped: { source: full, reason: fsFailure("file", error) } };
      else if (entry.isDirectory())
        yield { ok: false, skipped: { source: full, reason: fsFailure("folder", error) } };
      continue;
    }
    if (info.isDirectory()) {
      if (firstVisit(seen, info)) yield* walkFolder(full, root, seen);
    } else if (audio && info.isFile() && firstVisit(seen, info)) {
      yield { ok: true, file: { path: full, size: info.size, mtimeMs: info.mtimeMs, root } };
    }
  }
}

/** sha256 of a file's bytes, hex, read as a stream (a lossless album is hundreds of MB). */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}
