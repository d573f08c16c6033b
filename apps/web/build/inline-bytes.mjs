// What a page carries inline, for the first screen's size check (scripts/first-screen-size.mjs): the text of
// every script element without a src (the language's messages, the first screen's data, any inline code) and
// of every style element. They are part of what the page needs before its first paint, as much as a chunk is.
import { gzipSync } from "node:zlib";

/** The inline scripts' and styles' text, in the order the page has them (a script with a src is a file). */
export function inlineParts(html) {
  const parts = [];
  for (const match of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi)) {
    const [, tag, attributes, text] = match;
    if (tag.toLowerCase() === "script" && /\ssrc\s*=/i.test(attributes)) continue;
    if (text.trim()) parts.push(text);
  }
  return parts;
}

/** The page's inline parts, gzip-compressed (level 9) together, as they travel in the one response. */
export function inlineBytes(html) {
  const parts = inlineParts(html);
  return parts.length ? gzipSync(parts.join(""), { level: 9 }).length : 0;
}
