// One audio file read into the shape ingestion takes: tags (music-metadata), what the folder and file names
// say where tags are missing, covers and lyrics beside the file, and a decode check. It never throws: a file
// that cannot be used comes back as skipped, with the reason an operator reads in the scan report.
import { openAsBlob } from "node:fs";
import { realpath } from "node:fs/promises";
import path from "node:path";
import {
  type IAudioMetadata,
  type ILyricsTag,
  parseBlob,
  selectCover,
  TimestampFormat,
} from "music-metadata";
import { API_ERROR_MESSAGES } from "@purplebeats/contracts/error-codes";
import { fsFailure, hashFile } from "./audio-files.js";
import { audioFormatOf, sniffContainer } from "./audio-container.js";
import { trackArtists, isVariousArtists, VARIOUS_ARTISTS } from "./artist-names.js";
import { openConfined } from "./confined-files.js";
import { CORRUPT, checkDecodes } from "./decode-check.js";
import { parseLyricsText } from "./lrc.js";
import { folderNamesOf, partsOfFileName } from "./path-names.js";
import { pictureOf } from "./pictures.js";
import { findFolderCover, readSidecarLyrics } from "./sidecar-files.js";
import { rawTagText, TAG_LIMITS, withinTagLimits } from "./tag-limits.js";
import type { AudioFormat, Lyrics, Picture, ReadResult, TrackDescription } from "./track.js";

export const UNKNOWN_ARTIST = "Unknown Artist";

export interface ReadTrackOptions {
  /** As the walk found it; the size and time returned are the file's when it was read. */
  size: number;
  mtimeMs: number;
  /** The MUSIC_DIR root the file is under: folder-name fallbacks stop there (an upload: its own folder). */
  root: string;
  /** The name the result carries (an upload's object key); the absolute path by default. */
  source?: string;
  /** Real paths the file and its lyrics and cover may be read from; the root's by default. */
  bounds?: readonly string[];
}

export async function readTrack(file: string, options: ReadTrackOptions): Promise<ReadResult> {
  const source = options.source ?? path.resolve(file);
  try {
    const root = path.resolve(options.root);
    const bounds = options.bounds ?? [await realpath(root)];
    return await read(path.resolve(file), root, bounds, source);
  } catch (error) {
    // Unexpected: said as it is rather than passed off as a damaged file.
    const reason = (error as NodeJS.ErrnoException).code
      ? fsFailure("file", error)
      : `Could not be read: ${(error as Error).message}`;
    return { ok: false, skipped: { source, reason } };
  }
}

async function read(
  file: string,
  root: string,
  bounds: readonly string[],
  source: string,
): Promise<ReadResult> {
  const skip = (reason: string): ReadResult => ({ ok: false, skipped: { source, reason } });
  // Only a regular file inside the music folders is read (a FIFO or device named .mp3 would block or never
  // end, a link could lead anywhere); opening it is also the only honest test of permission.
  const opened = await openConfined(file, bounds);
  if (!opened.ok) return skip(opened.reason);
  await opened.handle.close();
  const { info, real } = opened;
  if (info.size === 0) return skip(API_ERROR_MESSAGES.fileEmpty);

  // The bytes are read from the real path checked above; names and the files beside it from the path as found.
  const container = await sniffContainer(real);
  if (container.kind === "not-audio") return skip(API_ERROR_MESSAGES.fileNotAudio);
  if (container.kind === "unsupported")
    return skip(`${API_ERROR_MESSAGES.fileUnsupportedFormat}: ${container.name}`);

  const metadata = await parseTags(real, container.mime);
  if (!metadata) return skip(CORRUPT);
  if (metadata.format.hasAudio === false) return skip(API_ERROR_MESSAGES.fileNotAudio);
  const format = audioFormatOf(metadata.format.container ?? "", metadata.format.codec ?? "");
  if (typeof format !== "string")
    return skip(`${API_ERROR_MESSAGES.fileUnsupportedFormat}: ${format.unsupported}`);
  const durationMs = Math.round((metadata.format.duration ?? 0) * 1000);
  if (!(durationMs > 0)) return skip(CORRUPT);
  const decodeProblem = await checkDecodes(real, durationMs);
  if (decodeProblem) return skip(decodeProblem);

  const track: TrackDescription = {
    source,
    size: info.size,
    mtimeMs: info.mtimeMs,
    contentHash: await hashFile(real),
    format,
    durationMs,
    bitrateKbps: metadata.format.bitrate ? Math.round(metadata.format.bitrate / 1000) : null,
    lossless: metadata.format.lossless === true,
    ...(await describe(file, root, bounds, metadata, format)),
  };
  return { ok: true, track };
}

/** music-metadata told the container found in the bytes, so a misnamed file is read by the right parser. */
async function parseTags(file: string, mimeType: string): Promise<IAudioMetadata | null> {
  // A file-backed Blob reads lazily, with random access, and carries the MIME type.
  const blob = await openAsBlob(file, { type: mimeType });
  try {
    return await parseBlob(blob, { duration: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code) throw error;
    return null;
  }
}

type Described = Pick<
  TrackDescription,
  | "title"
  | "artists"
  | "album"
  | "albumArtist"
  | "compilation"
  | "trackNo"
  | "discNo"
  | "year"
  | "genre"
  | "picture"
  | "lyrics"
>;

async function describe(
  file: string,
  root: string,
  bounds: readonly string[],
  metadata: IAudioMetadata,
  format: AudioFormat,
): Promise<Described> {
  const tags = metadata.common;
  // WAV's INFO chunk has no declared encoding; FFmpeg and most taggers write UTF-8, read back as Latin-1.
  const text = (value: string | undefined) => tagText(value, format === "wav");
  const fromName = partsOfFileName(file);
  const folders = folderNamesOf(file, root);

  const title = text(tags.title) ?? fromName.title;
  const albumArtistTag = text(tags.albumartist);
  const compilation = tags.compilation === true || isVariousArtists(albumArtistTag);
  const album = text(tags.album) ?? folders.album;
  let artists = trackArtists({
    artist: text(tags.artist) ?? undefined,
    artists: tags.artists?.slice(0, TAG_LIMITS.values).map((a) => text(a) ?? ""),
    title,
  });
  if (artists.length === 0) {
    const fallback = (!compilation && albumArtistTag) || folders.artist || UNKNOWN_ARTIST;
    artists = [fallback];
  }
  const albumArtist =
    albumArtistTag ?? (compilation ? VARIOUS_ARTISTS : !text(tags.album) && album ? folders.artist : null);

  const [picture, lyrics] = await Promise.all([
    embeddedPicture(tags.picture) ??
      (folders.albumFolder ? findFolderCover(folders.albumFolder, bounds) : null),
    readSidecarLyrics(file, bounds).then((sidecar) => sidecar ?? embeddedLyrics(tags.lyrics, text)),
  ]);
  return withinTagLimits({
    title: title || path.basename(file),
    artists,
    album,
    albumArtist,
    compilation,
    trackNo: positive(tags.track.no) ?? fromName.trackNo,
    discNo: positive(tags.disk.no) ?? folders.discNo ?? fromName.discNo,
    year: positive(tags.year) ?? positive(Number.parseInt(tags.date ?? "", 10)),
    genre:
      tags.genre
        ?.slice(0, TAG_LIMITS.values)
        .map((g) => text(g))
        .find(Boolean) ?? null,
    picture,
    lyrics,
  });
}

/** A tag's text: cut before anything parses it (tag-limits.ts), trimmed, null when empty. */
function tagText(value: string | undefined, maybeLatin1Utf8: boolean): string | null {
  let textValue = value === undefined ? undefined : rawTagText(value).trim();
  if (!textValue) return null;
  const latin1Only = [...textValue].every((ch) => ch.charCodeAt(0) <= 0xff);
  if (maybeLatin1Utf8 && latin1Only && /[\u0080-\u00ff]/.test(textValue)) {
    try {
      textValue = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(textValue, "latin1"));
    } catch {
      // Really Latin-1: kept as read.
    }
  }
  return textValue;
}

function positive(n: number | null | undefined): number | null {
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : null;
}

function embeddedPicture(pictures: IAudioMetadata["common"]["picture"]): Picture | null {
  const preferred = selectCover(pictures);
  for (const candidate of [preferred, ...(pictures ?? [])]) {
    const picture = candidate ? pictureOf(candidate.data) : null;
    if (picture) return picture;
  }
  return null;
}

/** SYLT (synced, in milliseconds) first, then USLT / LYRICS text, which may itself be LRC. */
function embeddedLyrics(
  tags: ILyricsTag[] | undefined,
  text: (v: string | undefined) => string | null,
): Lyrics | null {
  const candidates = (tags ?? []).slice(0, TAG_LIMITS.values);
  for (const tag of candidates) {
    // USLT comes without syncText, whatever music-metadata's type says.
    const lines = (tag.syncText ?? [])
      .slice(0, TAG_LIMITS.lyricLines)
      .filter((line) => line.timestamp !== undefined && text(line.text));
    if (tag.timeStampFormat === TimestampFormat.milliseconds && lines.length > 0) {
      return {
        synced: true,
        lines: lines
          .map((line) => ({ timeMs: Math.round(line.timestamp ?? 0), text: text(line.text) ?? "" }))
          .sort((a, b) => a.timeMs - b.timeMs),
      };
    }
  }
  for (const tag of candidates) {
    const lyrics = tag.text ? parseLyricsText(rawTagText(tag.text, TAG_LIMITS.lyricsTagChars)) : null;
    if (lyrics) return lyrics;
  }
  return null;
}
