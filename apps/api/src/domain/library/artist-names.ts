// A track's artists from its tags: a multi-value ARTISTS tag when the file has one, else the ARTIST text split
// where taggers join names ('A feat. B', 'A; B'). '&', ',' and '/' are left alone: they are inside too many
// names ('Simon & Garfunkel', 'Earth, Wind & Fire', 'AC/DC').
import { matchKey } from "./match-key.js";

/** ' feat. ', ' ft. ', ' featuring ' between names. */
const FEATURING = /\s+(?:feat\.?|ft\.|featuring)\s+/i;
const SEPARATOR = /\s*;\s*/;
/** '(feat. B)' or '[ft. B]', in an artist or a title. */
const BRACKETED_FEATURING = /\s*[([]\s*(?:feat\.?|ft\.|featuring)\s+([^)\]]+)[)\]]/gi;

export const VARIOUS_ARTISTS = "Various Artists";

/**
 * The track's artists, main one first, each once (compared by matchKey): `artists` is music-metadata's list
 * (several values only when the file has a multi-value ARTISTS tag), `artist` the ARTIST text; a title's
 * '(feat. B)' adds B.
 */
export function trackArtists(tags: {
  artist?: string;
  artists?: readonly string[];
  title?: string;
}): string[] {
  const { artists } = tags;
  const values = artists && artists.length > 1 ? artists : tags.artist ? [tags.artist] : (artists ?? []);
  const names = values.flatMap(splitArtistText);
  for (const [, featured = ""] of (tags.title ?? "").matchAll(BRACKETED_FEATURING)) {
    names.push(...splitArtistText(featured));
  }
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = matchKey(name);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function splitArtistText(text: string): string[] {
  return text
    .replace(BRACKETED_FEATURING, "; $1")
    .split(FEATURING)
    .flatMap((part) => part.split(SEPARATOR))
    .map((part) => part.trim())
    .filter(Boolean);
}

/** 'Various Artists', 'various', 'VA': the album artist of a compilation. */
export function isVariousArtists(name: string | null | undefined): boolean {
  const key = matchKey(name ?? "");
  return key === "various artists" || key === "various" || key === "va";
}
