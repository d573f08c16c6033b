import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { inlineBytes, inlineParts, inlinedStylesheets } from "../src/page-inline.mjs";

/** Text that gzip cannot shrink, so that its counted size is known. */
const incompressible = (bytes: number) => randomBytes(bytes).toString("base64").slice(0, bytes);

describe("a page's inline parts", () => {
  it("counts an inline script of known size: the catalog the server inlines", () => {
    const catalog = incompressible(10_000);
    const html = `<!doctype html><html><head><title>x</title></head><body><div id="root"></div>
      <script type="application/json" id="pb-messages">${catalog}</script></body></html>`;
    expect(inlineParts(html)).toEqual([catalog]);
    const counted = inlineBytes(html);
    expect(counted).toBe(gzipSync(catalog, { level: 9 }).length);
    // Base64 shrinks to about three quarters under gzip; the count is of that order, not of the markup.
    expect(counted).toBeGreaterThan(7_000);
  });

  it("counts inline styles and every inline script together, not a script with a src (a file)", () => {
    const style = ".pb-shell { margin: 0 auto; }";
    const state = '{"queries":[]}';
    const html =
      `<html><head><style>${style}</style><script type="module" src="/assets/boot.js"></script></head>` +
      `<body><SCRIPT type="application/json" id="pb-state">${state}</SCRIPT><script></script></body></html>`;
    expect(inlineParts(html)).toEqual([style, state]);
    expect(inlineBytes(html)).toBe(gzipSync(style + state, { level: 9 }).length);
  });

  it("counts nothing for a page with nothing inline", () => {
    expect(inlineBytes('<html><body><script src="/a.js"></script></body></html>')).toBe(0);
  });

  it("names the stylesheets the server's page has inline (a disabled link marks each), counted inline, not as files", () => {
    const html =
      '<head><style>._line{display:flex}</style><link rel="stylesheet" href="/assets/HomePage-a1.css" disabled>' +
      '<link rel="stylesheet" href="/assets/index-b2.css"><link rel="x-start-chunk" href="/assets/x.js"></head>';
    expect(inlinedStylesheets(html)).toEqual(["assets/HomePage-a1.css"]);
    expect(inlinedStylesheets("<html></html>")).toEqual([]);
  });
});
