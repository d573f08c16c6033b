// A plain walk and tag reader for MUSIC_DIR, standing in for the scanner's (findAudioFiles / readTrack in
// audio-files.ts and read-track.ts) until that lands: the same shapes, fewer fallbacks.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { parseFile } from "music-metadata";
import { AUDIO_FORMATS, type AudioFormat, type ReadResult, type SkippedFile } from "./track.js";

export interface FoundAudioFile {
  path: string;
  size: number;
  mtimeMs: number;
  root: string;
}
export type WalkEntry = { ok: true; file: FoundAudioFile } | { ok: false; skipped: SkippedFile };

export interface LibraryReader {
  findAudioFiles(roots: readonly string[]): AsyncIterable<WalkEntry>;
  readTrack(file: FoundAudioFile): Promise<ReadResult>;
}

const formatOf = (file: string): AudioFormat | null => {
  const ext = path.extname(file).slice(1).toLowerCase();
  return (AUDIO_FORMATS as readonly string[]).includes(ext) ? (ext as AudioFormat) : null;
};

async function* walk(root: string, dir: string): AsyncGenerator<WalkEntry> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    yield {
      ok: false,
      skipped: { source: dir, reason: `Cannot read folder: ${(error as NodeJS.ErrnoException).code}` },
    };
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(root, full);
    else if (entry.isFile() && formatOf(entry.name)) {
      const info = await stat(full).catch(() => null);
      if (info)
        yield { ok: true, file: { path: full, size: info.size, mtimeMs: Math.trunc(info.mtimeMs), root } };
    }
  }
}

export async function hashFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

async function readTrack(file: FoundAudioFile): Promise<ReadResult> {
  const skip = (reason: string): ReadResult => ({ ok: false, skipped: { source: file.path, reason } });
  const format = formatOf(file.path);
  if (!format) return skip("Unsupported format");
  if (file.size === 0) return skip("Empty file");
  try {
    const { common, format: stream } = await parseFile(file.path, { duration: true });
    if (!stream.duration || !stream.container) return skip("Not an audio file");
    const base = path.basename(file.path, path.extname(file.path));
    const picture = common.picture?.[0];
    return {
      ok: true,
      track: {
        source: file.path,
        size: file.size,
        mtimeMs: file.mtimeMs,
        contentHash: await hashFile(file.path),
        format,
        title: common.title ?? base.replace(/^\d+\s*[-.]\s*/, ""),
        artists: common.artists?.length
          ? common.artists
          : [common.artist ?? path.basename(path.dirname(path.dirname(file.path)))],
        album: common.album ?? null,
        albumArtist: common.albumartist ?? null,
        compilation: common.compilation ?? false,
        trackNo: common.track.no,
        discNo: common.disk.no,
        year: common.year ?? null,
        genre: common.genre?.[0] ?? null,
        durationMs: Math.round(stream.duration * 1000),
        bitrateKbps: stream.bitrate ? Math.round(stream.bitrate / 1000) : null,
        lossless: stream.lossless ?? false,
        picture:
          picture && ["image/jpeg", "image/png", "image/webp"].includes(picture.format)
            ? { data: picture.data, mime: picture.format as "image/jpeg" }
            : null,
        lyrics: null,
      },
    };
  } catch (error) {
    return skip(`Cannot read tags: ${(error as Error).message}`);
  }
}

export const localReader: LibraryReader = {
  async *findAudioFiles(roots) {
    for (const root of roots) yield* walk(path.resolve(root), path.resolve(root));
  },
  readTrack,
};
