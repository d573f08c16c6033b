import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HeartIcon, PlayIcon, ShareIcon } from "./icons";
import { DotsIcon } from "../features/library/icons";

describe("inline icons", () => {
  // A list's rows create dozens of icons in the tap that opens a screen: each attribute is a DOM
  // call, each shape an element.
  it("carry their look in one class, not in presentation attributes on every <svg>", () => {
    const { container } = render(<HeartIcon />);
    const svg = container.querySelector("svg")!;
    expect(svg.getAttributeNames().sort()).toEqual(
      ["aria-hidden", "class", "height", "viewBox", "width"].sort(),
    );
  });

  it("draw the menu's dots and the share mark as one shape each", () => {
    for (const icon of [<DotsIcon key="dots" />, <ShareIcon key="share" />]) {
      const { container, unmount } = render(icon);
      expect(container.querySelector("svg")!.children).toHaveLength(1);
      unmount();
    }
  });

  it("are filled when asked (a liked heart), a style that outranks the class", () => {
    const { container } = render(<HeartIcon fill="currentColor" />);
    expect(container.querySelector("svg")!.style.fill.toLowerCase()).toBe("currentcolor");
  });

  it("fill the solid ones by class (play)", () => {
    const { container } = render(<PlayIcon />);
    const svg = container.querySelector("svg")!;
    expect(svg.getAttribute("fill")).toBeNull();
    expect(svg.getAttribute("class")?.split(" ")).toHaveLength(2);
  });
});
