// The seed's artwork is drawn as SVG (images.ts) and served as WebP. A browser rasterises an SVG image on its
// main thread, in the paint of every frame that first shows it: a Home of seed covers spent 200-400 ms of
// main-thread paint at 4x slowdown where the same covers as raster images, decoded off the main thread, cost
// 60-100 ms. Real music's artwork is a raster image too (embedded JPEG or PNG), so the seed now behaves like it.
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";

/** Pixels per side: sharp at a 148 px card on a 3x phone, about right for Now Playing's artwork. */
export const ARTWORK_PIXELS = 480;
const WEBP_QUALITY = 78;
/** Part of each file's source hash in the manifest: a change here re-renders the artwork once. */
export const ARTWORK_RASTER_VERSION = `webp-${ARTWORK_PIXELS}-q${WEBP_QUALITY}-dejavu-sans`;

// One image at a time: the artwork is rendered once per media folder, beside a server that is answering.
sharp.concurrency(1);
sharp.cache(false);

let fontsReady = false;

/**
 * Points fontconfig (which sharp's SVG renderer asks for the covers' text) at DejaVu Sans from node_modules,
 * before the first text is rendered: a machine with only Node.js has no fonts (the text came out as empty
 * boxes), and one font everywhere makes the artwork the same bytes on every machine.
 */
function useBundledFont(): void {
  if (fontsReady) return;
  fontsReady = true;
  const fontDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")),
    "ttf",
  );
  const configDir = path.join(tmpdir(), "purplebeats-fontconfig");
  mkdirSync(configDir, { recursive: true });
  const config = path.join(configDir, "fonts.conf");
  writeFileSync(
    config,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${fontDir}</dir>
  <cachedir>${path.join(configDir, "cache")}</cachedir>
  <match target="pattern"><edit name="family" mode="prepend" binding="strong"><string>DejaVu Sans</string></edit></match>
</fontconfig>
`,
  );
  process.env.FONTCONFIG_FILE = config;
}

/** The SVG rendered as a square WebP of ARTWORK_PIXELS a side, its text in DejaVu Sans. */
export async function rasterizeArtwork(svg: string): Promise<Buffer> {
  useBundledFont();
  const viewBox = /viewBox="0 0 (\d+(?:\.\d+)?) /.exec(svg);
  const side = viewBox ? Number(viewBox[1]) : ARTWORK_PIXELS;
  // Rendered at the target size (not drawn small and scaled up), so edges and text stay crisp.
  return sharp(Buffer.from(svg), { density: (72 * ARTWORK_PIXELS) / side })
    .resize(ARTWORK_PIXELS, ARTWORK_PIXELS)
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}
