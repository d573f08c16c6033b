// Files beside a track that add to it: `Song.lrc` (synced lyrics, which win over embedded ones) and the album
// folder's cover image (used when the file has none). Names are matched case-insensitively ('Cover.JPG').
// Each is read only when its real path is inside `bounds` (the music folders) and it is a regular file, and
// never past its size limit (confined-files.ts).
import { readdir } from "node:fs/promises";
import path from "node:path";
import { readConfined } from "./confined-files.js";
import { decodeText, parseLyricsText } from "./lrc.js";
import { MAX_PICTURE_BYTES, pictureOf } from "./pictures.js";
import { TAG_LIMITS } from "./tag-limits.js";
import type { Lyrics, Picture } from "./track.js";

/** In order of preference. */
const COVER_NAMES = ["cover", "folder", "front"].flatMap((stem) =>
  [".jpg", ".jpeg", ".png", ".webp"].map((ext) => stem + ext),
);

/** The entries of `folder` by lower-cased name (empty when it cannot be read: a cover is optional). */
async function namesIn(folder: string): Promise<Map<string, string>> {
  try {
    const entries = await readdir(folder);
    return new Map(entries.map((name) => [name.toLowerCase(), name]));
  } catch {
    return new Map();
  }
}

/** The album folder's cover.jpg / folder.jpg / front.png (and their .jpeg, .png, .webp kin), if readable. */
export async function findFolderCover(
  albumFolder: string,
  bounds: readonly string[],
): Promise<Picture | null> {
  const names = await namesIn(albumFolder);
  for (const candidate of COVER_NAMES) {
    const name = names.get(candidate);
    if (!name) continue;
    const data = await readConfined(path.join(albumFolder, name), bounds, MAX_PICTURE_BYTES);
    const picture = data && pictureOf(data);
    if (picture) return picture;
  }
  return null;
}

/** The lyrics of `Song.lrc` beside `Song.flac`, if there is one with words in it. */
export async function readSidecarLyrics(
  audioFile: string,
  bounds: readonly string[],
): Promise<Lyrics | null> {
  const folder = path.dirname(audioFile);
  const wanted = `${path.basename(audioFile, path.extname(audioFile))}.lrc`.toLowerCase();
  const name = (await namesIn(folder)).get(wanted);
  if (!name) return null;
  const data = await readConfined(path.join(folder, name), bounds, TAG_LIMITS.lyricsFileBytes);
  return data ? parseLyricsText(decodeText(data)) : null;
}
