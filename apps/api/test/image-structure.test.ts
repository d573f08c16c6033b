// An upload must be an image through and through, not junk behind an image's header.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { detectImageType } from "../src/domain/uploads/image-type.js";
import { isWholeImage } from "../src/domain/uploads/image-structure.js";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "images");
/** Test cards FFmpeg drew (64×48), one per type a listener may upload. */
const real = (ext: string) => readFileSync(path.join(fixtures, `test-card.${ext}`));
const check = (bytes: Buffer) => {
  const type = detectImageType(bytes)?.type;
  return type !== undefined && isWholeImage(type, bytes);
};

describe("whole-image check", () => {
  it("accepts real PNG, JPEG, GIF and WebP files", () => {
    for (const ext of ["png", "jpg", "gif", "webp"]) expect(check(real(ext)), ext).toBe(true);
  });

  it("refuses junk behind an image's header", () => {
    for (const ext of ["png", "jpg", "gif", "webp"]) {
      const image = real(ext);
      const junk = Buffer.concat([image.subarray(0, 16), Buffer.alloc(100_000, 0x41)]);
      expect(check(junk), `${ext} header + junk`).toBe(false);
    }
  });

  it("refuses a PNG with junk appended, cut short, or with a damaged chunk", () => {
    const png = real("png");
    expect(check(Buffer.concat([png, Buffer.from("<script>alert(1)</script>")]))).toBe(false);
    expect(check(png.subarray(0, png.length - 5))).toBe(false);
    const damaged = Buffer.from(png);
    damaged[40] = damaged[40]! ^ 0xff;
    expect(check(damaged)).toBe(false);
  });

  it("refuses a truncated JPEG, GIF or WebP", () => {
    for (const ext of ["jpg", "gif", "webp"]) {
      const image = real(ext);
      expect(check(image.subarray(0, Math.floor(image.length / 2))), ext).toBe(false);
    }
  });
});
