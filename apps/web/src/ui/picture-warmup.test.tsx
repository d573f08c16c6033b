import { render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CoverArt } from "./CoverArt";
import { heldPictures, releasePictures, warmPicture } from "./picture-warmup";

afterEach(() => {
  releasePictures();
  vi.restoreAllMocks();
});

/** The Images warmPicture makes, as they were given their picture. */
function madeImages(): HTMLImageElement[] {
  const made: HTMLImageElement[] = [];
  const Original = window.Image;
  // A function, not an arrow: it is called with `new`, and the object it returns is what `new` gives.
  vi.spyOn(window, "Image").mockImplementation(function (this: unknown) {
    const image = new Original();
    made.push(image);
    return image;
  } as unknown as () => HTMLImageElement);
  return made;
}

describe("pictures fetched ahead", () => {
  it("asks for the same file as the cover that will draw it: the same src, srcset and sizes", () => {
    const made = madeImages();
    const src = "/media/covers/midnight-telemetry.webp";
    warmPicture(src, 200);
    const { container } = render(<CoverArt src={src} size={200} />);
    const drawn = container.querySelector("img")!;
    expect(made).toHaveLength(1);
    expect(made[0]!.getAttribute("src")).toBe(drawn.getAttribute("src"));
    expect(made[0]!.getAttribute("srcset")).toBe(drawn.getAttribute("srcset"));
    expect(made[0]!.getAttribute("sizes")).toBe(drawn.getAttribute("sizes"));
  });

  it("fetches a picture once per size, and nothing for a song without one", () => {
    const made = madeImages();
    warmPicture("/media/covers/a.webp", 48);
    warmPicture("/media/covers/a.webp", 48);
    warmPicture("/media/covers/a.webp", 200);
    warmPicture(null, 48);
    warmPicture(undefined, 48);
    expect(made).toHaveLength(2);
    expect(heldPictures()).toEqual(["48 /media/covers/a.webp", "200 /media/covers/a.webp"]);
  });

  it("holds a bounded number, letting the oldest go first", () => {
    for (let i = 0; i < 30; i++) warmPicture(`/media/covers/${i}.webp`, 48);
    const held = heldPictures();
    expect(held).toHaveLength(24);
    expect(held[0]).toBe("48 /media/covers/6.webp");
    expect(held.at(-1)).toBe("48 /media/covers/29.webp");
  });
});
