// The seed's artwork is drawn as SVG (images.ts) and served as WebP. A browser rasterises an SVG image on its
// main thread, in the paint of every frame that first shows it: a Home of seed covers spent 200-400 ms of
// main-thread paint at 4x slowdown where the same covers as raster images, decoded off the main thread, cost
// 60-100 ms. Real music's artwork is a raster image too (embedded JPEG or PNG), so the seed now behaves like it.
import sharp from "sharp";

/** Pixels per side: sharp at a 148 px card on a 3x phone, about right for Now Playing's artwork. */
export const ARTWORK_PIXELS = 480;
const WEBP_QUALITY = 78;
/** Part of each file's source hash in the manifest: a change here re-renders the artwork once. */
export const ARTWORK_RASTER_VERSION = `webp-${ARTWORK_PIXELS}-q${WEBP_QUALITY}`;

// One image at a time: the artwork is rendered once per media folder, beside a server that is answering.
sharp.concurrency(1);
sharp.cache(false);

/** The SVG rendered as a square WebP of ARTWORK_PIXELS a side. Text needs a system font (fontconfig). */
export async function rasterizeArtwork(svg: string): Promise<Buffer> {
  const viewBox = /viewBox="0 0 (\d+(?:\.\d+)?) /.exec(svg);
  const side = viewBox ? Number(viewBox[1]) : ARTWORK_PIXELS;
  // Rendered at the target size (not drawn small and scaled up), so edges and text stay crisp.
  return sharp(Buffer.from(svg), { density: (72 * ARTWORK_PIXELS) / side })
    .resize(ARTWORK_PIXELS, ARTWORK_PIXELS)
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}
