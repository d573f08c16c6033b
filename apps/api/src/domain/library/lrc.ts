// Lyrics text as people keep it: LRC (`[01:02.50]words`, from a sidecar .lrc or pasted into a tag) or plain
// lines. https://en.wikipedia.org/wiki/LRC_(file_format)
import { TAG_LIMITS } from "./tag-limits.js";
import type { LyricLine, Lyrics } from "./track.js";

/** A leading `[mm:ss]`, `[mm:ss.xx]`, `[mm:ss.xxx]` or `[mm:ss:xx]`. */
const TIME_TAG = /^\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/;
/** A leading ID tag such as `[ar:Artist]`, `[offset:+250]` or `[#comment]`. */
const ID_TAG = /^\[([a-z#][^:\]]*)(?::([^\]]*))?\]\s*$/i;
/** Enhanced LRC's per-word times `<00:01.20>`, which the player does not use. */
const WORD_TIME = /<\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?>/g;

/**
 * Synced lyrics when the text has time tags (a line may carry several, the `[offset:]` tag shifts them all:
 * positive shows lines sooner), otherwise its non-empty lines as unsynced lyrics; null when there are no
 * words at all.
 */
export function parseLyricsText(text: string): Lyrics | null {
  const timed: Array<LyricLine & { timeMs: number; order: number }> = [];
  const plain: string[] = [];
  let offsetMs = 0;
  // A file may hold any number of lines and time tags: reading stops at what the catalog keeps.
  const full = () => timed.length + plain.length >= TAG_LIMITS.lyricLines;
  for (const raw of text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/)) {
    if (full()) break;
    let line = raw.trim();
    const idTag = ID_TAG.exec(line);
    if (idTag) {
      if (idTag[1]?.toLowerCase() === "offset") offsetMs = Number.parseInt(idTag[2]?.trim() ?? "", 10) || 0;
      continue;
    }
    const times: number[] = [];
    for (
      let tag = TIME_TAG.exec(line);
      tag && times.length < TAG_LIMITS.lyricLines;
      tag = TIME_TAG.exec(line)
    ) {
      const [whole, minutes = "0", seconds = "0", fraction = ""] = tag;
      times.push(Number(minutes) * 60_000 + Number(seconds) * 1000 + fractionMs(fraction));
      line = line.slice(whole.length).trimStart();
    }
    const words = line.replace(WORD_TIME, "").replace(/\s+/g, " ").trim();
    if (times.length > 0) {
      // An empty timed line ends the line before it (an instrumental gap): kept, so the display clears.
      for (const timeMs of times) if (!full()) timed.push({ timeMs, text: words, order: timed.length });
    } else if (words) plain.push(words);
  }
  if (timed.some((line) => line.text)) {
    const lines = timed
      .map((line) => ({ ...line, timeMs: Math.max(0, line.timeMs - offsetMs) }))
      .sort((a, b) => a.timeMs - b.timeMs || a.order - b.order)
      .map(({ timeMs, text: words }) => ({ timeMs, text: words }));
    return { synced: true, lines };
  }
  if (plain.length === 0) return null;
  return { synced: false, lines: plain.map((words) => ({ timeMs: null, text: words })) };
}

/** '5' is half a second, '50' too, '500' as well. */
function fractionMs(fraction: string): number {
  return fraction ? Math.round(Number(`0.${fraction}`) * 1000) : 0;
}

/** A text file's contents: UTF-8 (with or without a BOM), else Latin-1 as older lyric sites wrote. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("latin1").decode(bytes);
  }
}
