import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CoverArt } from "./CoverArt";

const pictureOf = (container: HTMLElement) => container.querySelector("img")!;

describe("a cover's picture", () => {
  it("offers the catalog's covers at the widths the server makes, for the browser to take the one its size needs", () => {
    const { container } = render(<CoverArt src="/media/covers/midnight-telemetry.webp" size={48} />);
    const img = pictureOf(container);
    expect(img.getAttribute("src")).toBe("/media/covers/midnight-telemetry.webp");
    expect(img.getAttribute("srcset")).toBe(
      "/media/covers/midnight-telemetry.webp?w=96 96w, /media/covers/midnight-telemetry.webp?w=192 192w, " +
        "/media/covers/midnight-telemetry.webp?w=384 384w, /media/covers/midnight-telemetry.webp?w=768 768w",
    );
    expect(img.getAttribute("sizes")).toBe("48px");
  });

  it("offers an uploaded picture (a playlist's own cover) at those widths too, on disk or in a bucket", () => {
    for (const src of [
      "/objects/5f0c2d3e-8b1a-4c6e-9f2a-1b2c3d4e5f60.png",
      "/objects/5f0c2d3e-8b1a-4c6e-9f2a-1b2c3d4e5f60",
    ]) {
      const { container, unmount } = render(<CoverArt src={src} size={148} />);
      expect(pictureOf(container).getAttribute("srcset")).toBe(
        `${src}?w=96 96w, ${src}?w=192 192w, ${src}?w=384 384w, ${src}?w=768 768w`,
      );
      expect(pictureOf(container).getAttribute("sizes")).toBe("148px");
      unmount();
    }
  });

  it("sends another site's picture as it is", () => {
    const { container } = render(<CoverArt src="https://example.com/a.jpg" size={148} />);
    expect(pictureOf(container).getAttribute("srcset")).toBeNull();
    expect(pictureOf(container).getAttribute("sizes")).toBeNull();
  });

  it("shows the music note when there is no picture", () => {
    render(<CoverArt src={null} size={48} />);
    expect(screen.getByTestId("cover-placeholder")).toBeTruthy();
  });
});
