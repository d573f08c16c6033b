// Beyond the first bytes: an image whose whole structure holds together. A real picture parses
// from its signature to its end marker with nothing behind it; junk behind a PNG header does not.

/** The largest width or height we take: more is a decompression bomb, not a profile picture. */
const MAX_DIMENSION = 16_384;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const sane = (width: number, height: number) =>
  width > 0 && height > 0 && width <= MAX_DIMENSION && height <= MAX_DIMENSION;

/** Chunks with good checksums from IHDR (sane dimensions) through IDAT to IEND, which ends the file. */
function isWholePng(b: Buffer): boolean {
  let at = 8;
  let first = true;
  let sawData = false;
  while (at + 12 <= b.length) {
    const length = b.readUInt32BE(at);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > b.length) return false;
    const type = b.toString("latin1", at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return false;
    if (crc32(b.subarray(at + 4, at + 8 + length)) !== b.readUInt32BE(at + 8 + length)) return false;
    if (first && (type !== "IHDR" || length !== 13 || !sane(b.readUInt32BE(at + 8), b.readUInt32BE(at + 12))))
      return false;
    first = false;
    if (type === "IDAT") sawData = true;
    if (type === "IEND") return sawData && end === b.length;
    at = end;
  }
  return false;
}

const EOI = Buffer.from([0xff, 0xd9]);

/** Segments from SOI through a frame header (sane dimensions) and a scan closed by EOI. */
function isWholeJpeg(b: Buffer): boolean {
  let at = 2;
  let sawFrame = false;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return false;
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > b.length) return false;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      if (length < 8 || !sane(b.readUInt16BE(at + 7), b.readUInt16BE(at + 5))) return false;
      sawFrame = true;
    }
    if (marker === 0xda) {
      // Entropy-coded data follows, closed by EOI (some cameras append their own data after it).
      return sawFrame && b.lastIndexOf(EOI) >= at + 2 + length;
    }
    at += 2 + length;
  }
  return false;
}

/** A logical screen of sane size and the trailer byte at the very end. */
const isWholeGif = (b: Buffer) =>
  b.length >= 14 && sane(b.readUInt16LE(6), b.readUInt16LE(8)) && b[b.length - 1] === 0x3b;

/** RIFF's own length is the file's, and the first chunk is a WebP bitstream or extended header. */
const isWholeWebp = (b: Buffer) =>
  b.length >= 20 &&
  b.readUInt32LE(4) + 8 === b.length &&
  ["VP8 ", "VP8L", "VP8X"].includes(b.toString("latin1", 12, 16));

/** Top-level ISO boxes that add up to exactly the file, with the media data an AVIF needs. */
function isWholeAvif(b: Buffer): boolean {
  let at = 0;
  const seen = new Set<string>();
  while (at < b.length) {
    if (at + 8 > b.length) return false;
    let size = b.readUInt32BE(at);
    if (size === 1) {
      if (at + 16 > b.length) return false;
      size = Number(b.readBigUInt64BE(at + 8));
    } else if (size === 0) size = b.length - at;
    if (size < 8 || at + size > b.length) return false;
    seen.add(b.toString("latin1", at + 4, at + 8));
    at += size;
  }
  return seen.has("ftyp") && seen.has("mdat");
}

const checks: Record<string, (b: Buffer) => boolean> = {
  "image/png": isWholePng,
  "image/jpeg": isWholeJpeg,
  "image/gif": isWholeGif,
  "image/webp": isWholeWebp,
  "image/avif": isWholeAvif,
};

/** Whether the whole file is a well-formed image of the type its first bytes claim. */
export function isWholeImage(type: string, bytes: Buffer): boolean {
  try {
    return checks[type]?.(bytes) ?? false;
  } catch {
    return false; // read past the end: truncated
  }
}
