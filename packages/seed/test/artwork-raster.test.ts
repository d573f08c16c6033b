import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ARTWORK_PIXELS, rasterizeArtwork } from "../src/artwork-raster.js";

const textSvg = (text: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300" font-family="Helvetica,Arial,sans-serif"><rect width="300" height="300" fill="#000"/><text x="20" y="200" font-size="120" font-weight="700" fill="#fff">${text}</text></svg>`;

/** Mean brightness: how much ink the text put down. */
async function ink(svg: string): Promise<number> {
  const { channels } = await sharp(await rasterizeArtwork(svg)).stats();
  return channels[0]!.mean;
}

describe("artwork rasterised from SVG", () => {
  it("is a square WebP", async () => {
    const meta = await sharp(await rasterizeArtwork(textSvg("Ab"))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", ARTWORK_PIXELS, ARTWORK_PIXELS]);
  });

  it("draws text with real glyphs on any machine, not the empty boxes of a missing font", async () => {
    // Missing glyphs are boxes of one size whatever the letter: 'il' and 'WM' would put down the same ink.
    const narrow = await ink(textSvg("il"));
    const wide = await ink(textSvg("WM"));
    expect(narrow).toBeGreaterThan(0.5);
    expect(wide).toBeGreaterThan(narrow * 2);
  });

  it("gives the same bytes for the same drawing", async () => {
    const svg = textSvg("Same");
    expect((await rasterizeArtwork(svg)).equals(await rasterizeArtwork(svg))).toBe(true);
  });
});
