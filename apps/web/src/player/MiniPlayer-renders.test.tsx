// The mini player's work per change: pausing, resuming or the audio starting changes its play button, not
// the progress row under it (the seek bar is the heaviest part the player renders).
import { act, cleanup, screen } from "@testing-library/react";
import type * as Mantine from "@mantine/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentPlayer, MiniPlayerHarness, renderWithPlayer, song } from "./test-utils";

const sliderRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock("@mantine/core", async (importOriginal) => {
  const actual = await importOriginal<typeof Mantine>();
  function CountedSlider(props: Mantine.SliderProps) {
    sliderRenders.count += 1;
    return <actual.Slider {...props} />;
  }
  return { ...actual, Slider: CountedSlider };
});
vi.mock("../account/membership", () => ({ useIsPremium: vi.fn(() => false) }));

afterEach(cleanup);

describe("the mini player's progress row", () => {
  it("is not rendered again when the song pauses, resumes or its audio starts", () => {
    const { audio } = renderWithPlayer(<MiniPlayerHarness />);
    act(() => currentPlayer().play(song(1, { duration: 200 })));
    expect(screen.getByRole("button", { name: "Pause" })).toBeTruthy();
    const afterPlay = sliderRenders.count;
    expect(afterPlay).toBeGreaterThan(0);

    act(() => audio.main.emit("playing"));
    act(() => currentPlayer().pause());
    expect(screen.getByRole("button", { name: "Play" })).toBeTruthy();
    act(() => currentPlayer().resume());
    expect(screen.getByRole("button", { name: "Pause" })).toBeTruthy();
    expect(sliderRenders.count).toBe(afterPlay);
  });

  it("follows the song's time", () => {
    const { audio } = renderWithPlayer(<MiniPlayerHarness />);
    act(() => currentPlayer().play(song(1, { duration: 200 })));
    const before = sliderRenders.count;
    act(() => {
      audio.main.currentTime = 61;
      audio.main.emit("timeupdate");
    });
    expect(sliderRenders.count).toBeGreaterThan(before);
    expect(screen.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuenow")).toBe("61");
  });
});
