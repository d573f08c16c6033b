// How much text a music file may bring into the catalog (tags, file and folder names, lyrics): a file is
// written by anyone, and a 1 MB title, a 2,500-letter word or 10,000 genres must neither slow the scan and
// search nor fail an insert. The catalog's own limits apply (an admin may type titles and names of 200
// characters, a genre of 60: packages/contracts), and indexed text stays well under PostgreSQL's b-tree entry
// size (about 2,700 bytes) in its folded form too (NFKD turns one character into up to 18).
import type { Lyrics, TrackDescription } from "./track.js";

export const TAG_LIMITS = {
  /** Song and album titles, as an admin may set them. */
  title: 200,
  /** Artist names. */
  name: 200,
  genre: 60,
  /** A track's own artists (the first is its artist; the others come from 'feat.'). */
  artists: 10,
  /** Values of one multi-value tag looked at (ARTISTS, GENRE). */
  values: 50,
  /** Any tag text is cut to this before it is parsed (split into artists, searched for 'feat.'). */
  tagChars: 4_000,
  /** Embedded lyrics text, before it is parsed. */
  lyricsTagChars: 256 * 1024,
  /** A sidecar .lrc file: larger is refused unread. */
  lyricsFileBytes: 512 * 1024,
  lyricLines: 2_000,
  lyricLineChars: 500,
  /** All the lyrics' lines together, folded (the lyrics' full-text index holds at most 1 MB). */
  lyricsBytes: 256 * 1024,
  /** A file's path (the songs' source index): a deeper one is reported, not read. */
  sourcePathBytes: 2_000,
  /** Folded bytes of an indexed value (titles, names, genres, their match keys). */
  indexedBytes: 2_000,
} as const;

const ELLIPSIS = "…";
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Tag text as a file gives it, cut to `maxChars` before anything else looks at it; without NULs and control
 * characters (PostgreSQL refuses NUL in text and JSON) and without half surrogate pairs.
 */
export function rawTagText(value: string, maxChars: number = TAG_LIMITS.tagChars): string {
  return value.slice(0, maxChars).replace(LONE_SURROGATE, "\ufffd").replace(CONTROL, "");
}

/** The UTF-8 size of `text` as the search indexes hold it (lower case, NFKD), an upper bound of both folds. */
const indexedBytes = (text: string) => Buffer.byteLength(text.toLowerCase().normalize("NFKD"));

/**
 * `text` within `maxChars` characters (code points) and the index budget: cut at the last space in its second
 * half, else within the word, and ended with '…' so a listener sees that it goes on.
 */
export function cutText(text: string, maxChars: number): string {
  const clean = rawTagText(text, maxChars * 2 + 2);
  let limit = maxChars;
  let result = clean;
  while (Array.from(result).length > maxChars || indexedBytes(result) > TAG_LIMITS.indexedBytes) {
    result = cutAtWord(clean, limit);
    limit = Math.floor(limit * 0.8);
  }
  return result;
}

function cutAtWord(text: string, maxChars: number): string {
  const head = Array.from(text)
    .slice(0, Math.max(1, maxChars - 1))
    .join("");
  let space = head.length - 1;
  while (space > 0 && !/\s/.test(head.charAt(space))) space--;
  const cut = space >= head.length / 2 ? head.slice(0, space) : head;
  return cut.trimEnd() + ELLIPSIS;
}

/** At most `limits.lyricLines` lines of at most `limits.lyricLineChars`, and the lyrics' byte budget in all. */
export function limitLyrics(lyrics: Lyrics | null): Lyrics | null {
  if (!lyrics) return null;
  const lines: Lyrics["lines"] = [];
  let bytes = 0;
  for (const line of lyrics.lines.slice(0, TAG_LIMITS.lyricLines)) {
    const text = line.text.length > 0 ? cutText(line.text, TAG_LIMITS.lyricLineChars) : "";
    bytes += indexedBytes(text);
    if (bytes > TAG_LIMITS.lyricsBytes) break;
    lines.push({ timeMs: line.timeMs, text });
  }
  return lines.length > 0 ? { synced: lyrics.synced, lines } : null;
}

type LimitedFields = Pick<
  TrackDescription,
  "title" | "artists" | "album" | "albumArtist" | "genre" | "lyrics"
>;

/** A track's text within the catalog's limits: the one place ingestion applies them. */
export function withinTagLimits<T extends LimitedFields>(track: T): T {
  const optional = (value: string | null, max: number) => (value ? cutText(value, max) : value);
  return {
    ...track,
    title: cutText(track.title, TAG_LIMITS.title),
    artists: track.artists.slice(0, TAG_LIMITS.artists).map((name) => cutText(name, TAG_LIMITS.name)),
    album: optional(track.album, TAG_LIMITS.title),
    albumArtist: optional(track.albumArtist, TAG_LIMITS.name),
    genre: optional(track.genre, TAG_LIMITS.genre),
    lyrics: limitLyrics(track.lyrics),
  };
}
