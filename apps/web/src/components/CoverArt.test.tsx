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

  it("sends an uploaded picture or another site's as it is", () => {
    for (const src of ["/objects/5f0c2d3e-8b1a-4c6e-9f2a-1b2c3d4e5f60.png", "https://example.com/a.jpg"]) {
      const { container, unmount } = render(<CoverArt src={src} size={148} />);
      expect(pictureOf(container).getAttribute("srcset")).toBeNull();
      expect(pictureOf(container).getAttribute("sizes")).toBeNull();
      unmount();
    }
  });

  it("shows the music note when there is no picture", () => {
    render(<CoverArt src={null} size={48} />);
    expect(screen.getByTestId("cover-placeholder")).toBeTruthy();
  });
});
