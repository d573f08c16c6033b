import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { RoundIconButton } from "./RoundIconButton";

describe("RoundIconButton", () => {
  it("is a button named for its action that does it when pressed, in the tone asked for", () => {
    const next = vi.fn();
    render(
      <RoundIconButton tone="filled" onClick={next} aria-label="Next song">
        <svg />
      </RoundIconButton>,
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
