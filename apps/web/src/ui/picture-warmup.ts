import { sizedPicture } from "@purplebeats/contracts/constants";

/** At most this many pictures are held: the next screens of Home's first cards, a few each. */
const HELD_MAX = 24;

/**
 * Pictures fetched ahead of the screen that draws them. The browser keeps a fetched picture in its memory
 * cache while something references it: each is held by an Image until newer ones push it out, so the screen's
 * <img> of the same picture at the same size finds it there, drawn with the screen rather than after it, with
 * no request of its own in the tap that opens it.
 */
const held = new Map<string, HTMLImageElement>();

/** Fetches `src` as CoverArt draws it at `size` px (the same srcset and sizes, so the same file). */
export function warmPicture(src: string | null | undefined, size: number): void {
  if (!src) return;
  const key = `${size} ${src}`;
  if (held.has(key)) return;
  const image = new Image();
  image.decoding = "async";
  const { srcSet, sizes } = sizedPicture(src, `${size}px`);
  if (sizes) image.sizes = sizes;
  if (srcSet) image.srcset = srcSet;
  image.src = src;
  held.set(key, image);
  const oldest = held.keys().next().value;
  if (held.size > HELD_MAX && oldest !== undefined) held.delete(oldest);
}

/** For tests: what is held, oldest first. */
export function heldPictures(): string[] {
  return [...held.keys()];
}

/** For tests. */
export function releasePictures(): void {
  held.clear();
}
