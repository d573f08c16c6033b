import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { IconButton } from "./IconButton";

describe("IconButton", () => {
  it("is a button named for its action that does it when pressed, in the tone asked for", () => {
    const next = vi.fn();
    render(
      <IconButton tone="filled" onClick={next} label="Next song">
        <svg />
      </IconButton>,
    );
    const button = screen.getByRole("button", { name: "Next song" });
    // A plain button that submits no form it may sit in, with Mantine's focus ring.
    expect(button.getAttribute("type")).toBe("button");
    expect(button.className).toContain("mantine-focus-auto");
    expect(button.dataset.tone).toBe("filled");
    fireEvent.click(button);
    expect(next).toHaveBeenCalledTimes(1);
  });
});
