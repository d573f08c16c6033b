/** The image types we accept, recognised by their first bytes, never by the declared Content-Type. */
const signatures: Array<{ type: string; ext: string; test: (b: Buffer) => boolean }> = [
  {
    type: "image/png",
    ext: "png",
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: "image/jpeg", ext: "jpg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: "image/gif",
    ext: "gif",
    test: (b) => ["GIF87a", "GIF89a"].includes(b.subarray(0, 6).toString("latin1")),
  },
  {
    type: "image/webp",
    ext: "webp",
    test: (b) =>
      b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
  {
    type: "image/avif",
    ext: "avif",
    test: (b) =>
      b.subarray(4, 8).toString("latin1") === "ftyp" &&
      ["avif", "avis"].includes(b.subarray(8, 12).toString("latin1")),
  },
];

/** How many leading bytes detectImageType needs to tell every type apart. */
export const IMAGE_SIGNATURE_BYTES = 12;

export function detectImageType(bytes: Buffer): { type: string; ext: string } | null {
  const hit = signatures.find((s) => bytes.length >= IMAGE_SIGNATURE_BYTES && s.test(bytes));
  return hit ? { type: hit.type, ext: hit.ext } : null;
}

export const extensionContentType = Object.fromEntries(signatures.map((s) => [s.ext, s.type]));
