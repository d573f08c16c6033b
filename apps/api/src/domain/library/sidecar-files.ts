// Files beside a track that add to it: `Song.lrc` (synced lyrics, which win over embedded ones) and the album
// folder's cover image (used when the file has none). Names are matched case-insensitively ('Cover.JPG').
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { decodeText, parseLyricsText } from "./lrc.js";
import { MAX_PICTURE_BYTES, pictureOf } from "./pictures.js";
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
export async function findFolderCover(albumFolder: string): Promise<Picture | null> {
  const names = await namesIn(albumFolder);
  for (const candidate of COVER_NAMES) {
    const name = names.get(candidate);
    if (!name) continue;
    const picture = await readSmallFile(path.join(albumFolder, name)).then((data) => data && pictureOf(data));
    if (picture) return picture;
  }
  return null;
}

/** The lyrics of `Song.lrc` beside `Song.flac`, if there is one with words in it. */
export async function readSidecarLyrics(audioFile: string): Promise<Lyrics | null> {
  const folder = path.dirname(audioFile);
  const wanted = `${path.basename(audioFile, path.extname(audioFile))}.lrc`.toLowerCase();
  const name = (await namesIn(folder)).get(wanted);
  if (!name) return null;
  const data = await readSmallFile(path.join(folder, name));
  return data ? parseLyricsText(decodeText(data)) : null;
}

async function readSmallFile(file: string): Promise<Uint8Array | null> {
  try {
    return (await stat(file)).size <= MAX_PICTURE_BYTES ? await readFile(file) : null;
  } catch {
    return null;
  }
}
