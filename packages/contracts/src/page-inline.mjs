// What a server-drawn page carries inline, for the first screen's size budget: the text of every script
// element without a src (the language's messages, the first screen's data, any inline code) and of every
// style element. They are part of what the page needs before its first paint, as much as a chunk is. One
// count for both measures of it: the web app's size check (apps/web/scripts/first-screen-size.mjs) and
// `pnpm bench`'s web size (bench/src/benchmarks/web.ts). Plain JavaScript (Node runs the size check as is);
// Node-only, so no browser code imports it.
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

/**
 * The stylesheet files the page has inline: the server's page inlines a screen's own stylesheets, each marked
 * by a disabled link to its file (apps/api's page-renderer.ts). Their bytes are counted inline, so a measure
 * that also adds up the first screen's files leaves these out. Paths as Vite's manifest names them.
 */
export function inlinedStylesheets(html) {
  const files = [];
  for (const [link] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel\s*=\s*"stylesheet"/i.test(link) || !/\sdisabled\b/i.test(link)) continue;
    const href = /\bhref\s*=\s*"([^"]+)"/i.exec(link)?.[1];
    if (href) files.push(href.replace(/^\//, ""));
  }
  return files;
}
