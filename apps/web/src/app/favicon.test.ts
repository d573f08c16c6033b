// The tab's icon is a raster image: Chromium downloads the favicon again at each of the app's history
// navigations (opening a playlist, an artist) and decodes it on the page's main thread, where an SVG icon
// is a whole SVG document built inside the tap's window (7-9 ms at 4x slowdown) and a small PNG a decode of
// under 1 ms. favicon.svg stays the icon's drawing; favicon.png is it rendered at the declared size.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const html = readFileSync(path.join(root, "index.html"), "utf8");

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature and the chunk's length and type). */
function pngSize(file: Buffer): { width: number; height: number } {
  expect(file.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(file.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: file.readUInt32BE(16), height: file.readUInt32BE(20) };
}

describe("the favicon", () => {
  const links = [...html.matchAll(/<link\s[^>]*rel="icon"[^>]*>/g)].map(([tag]) => tag);

  it("is one PNG the page names with its size", () => {
    expect(links).toHaveLength(1);
    const [link] = links;
    expect(link).toMatch(/type="image\/png"/);
    const href = /href="\/([^"]+)"/.exec(link!)?.[1];
    const sizes = /sizes="(\d+)x(\d+)"/.exec(link!);
    expect(href).toBeDefined();
    expect(sizes).not.toBeNull();
    const size = pngSize(readFileSync(path.join(root, "public", href!)));
    expect(size).toEqual({ width: Number(sizes![1]), height: Number(sizes![2]) });
  });
});
