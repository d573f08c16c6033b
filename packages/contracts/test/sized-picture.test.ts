import { describe, expect, it } from "vitest";
import { sizedPicture } from "../src/constants.js";

describe("a picture's sizes", () => {
  it("offers the catalog's and the uploaded pictures at the server's widths, for the size drawn", () => {
    for (const src of [
      "/media/covers/violet-hour.webp",
      "/media/artists/aurora.jpg",
      "/objects/5f0c2d3e-8b1a-4c6e-9f2a-1b2c3d4e5f60.jpg",
      "/objects/5f0c2d3e-8b1a-4c6e-9f2a-1b2c3d4e5f60",
    ])
      expect(sizedPicture(src, "44px")).toEqual({
        srcSet: `${src}?w=96 96w, ${src}?w=192 192w, ${src}?w=384 384w, ${src}?w=768 768w`,
        sizes: "44px",
      });
  });

  it("leaves another site's picture, and a path the server does not size, as they are", () => {
    for (const src of [
      "https://example.com/a.jpg",
      "/media/renditions/abc.mp3",
      "/objects/library/5f0c2d3e-8b1a-4c6e-9f2a-1b2c3d4e5f60.flac",
      "/media/covers/../secret.jpg?x=1",
    ])
      expect(sizedPicture(src, "44px")).toEqual({});
  });
});
