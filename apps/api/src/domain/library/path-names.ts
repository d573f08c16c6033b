// What a file's place in the music folder says when its tags do not: `Artist/Album/01 - Title.ext`, with an
// optional disc folder (`Album/CD2/…`) and disc-track names (`1-01 Title`).
import path from "node:path";

export interface FileNameParts {
  title: string;
  trackNo: number | null;
  discNo: number | null;
}

/** `1-01 Title`, `1.01 - Title` (disc and track). */
const DISC_TRACK = /^(\d{1,2})[-.](\d{1,3})(?:\s*[-–.]\s*|\s+)(\S.*)$/;
/** `01 Title`, `01 - Title`, `01. Title`, `01-Title`. */
const TRACK = /^(\d{1,3})(?:\s*[-–._]\s*|\s+)(\S.*)$/;
/** `CD2`, `Disc 1`, `disk 3`: a disc of the album above it. */
const DISC_FOLDER = /^(?:cd|dis[ck])\s*(\d{1,2})$/i;

/** Title, track and disc number from a file name (the extension is ignored). */
export function partsOfFileName(file: string): FileNameParts {
  const stem = path.basename(file, path.extname(file)).trim();
  const discTrack = DISC_TRACK.exec(stem);
  if (discTrack) {
    return { discNo: positive(discTrack[1]), trackNo: positive(discTrack[2]), title: tidy(discTrack[3]) };
  }
  const track = TRACK.exec(stem);
  if (track) return { discNo: null, trackNo: positive(track[1]), title: tidy(track[2]) };
  // `01.mp3`: a number and nothing else is the track's place, and all there is for a title.
  if (/^\d{1,3}$/.test(stem)) return { discNo: null, trackNo: positive(stem), title: stem };
  return { discNo: null, trackNo: null, title: tidy(stem) };
}

export interface FolderNames {
  /** The folder above the album folder, when it is still inside the root. */
  artist: string | null;
  /** The file's folder (or the one above a disc folder), when it is inside the root. */
  album: string | null;
  /** From a disc folder's name. */
  discNo: number | null;
  /** Where the album's cover image would be; null for a file directly in the root (loose files share no cover). */
  albumFolder: string | null;
}

/** The artist and album folders of `file` under `root`. */
export function folderNamesOf(file: string, root: string): FolderNames {
  const relative = path.relative(root, file);
  const folders =
    relative.startsWith("..") || path.isAbsolute(relative) ? [] : relative.split(path.sep).slice(0, -1);
  let discNo: number | null = null;
  const disc = DISC_FOLDER.exec(folders.at(-1) ?? "");
  if (disc && folders.length >= 2) {
    discNo = positive(disc[1]);
    folders.pop();
  }
  const albumFolder = folders.length > 0 ? path.join(root, ...folders) : null;
  return { artist: folders.at(-2) ?? null, album: folders.at(-1) ?? null, discNo, albumFolder };
}

function positive(digits: string | undefined): number | null {
  const n = Number.parseInt(digits ?? "", 10);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** `Some_Title` reads as 'Some Title'; spaces are collapsed. */
function tidy(name: string | undefined): string {
  const text = name ?? "";
  return (text.includes(" ") ? text : text.replace(/_/g, " ")).replace(/\s+/g, " ").trim();
}
