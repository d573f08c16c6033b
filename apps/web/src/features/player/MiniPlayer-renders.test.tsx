// The mini player's work per change: pausing, resuming or the audio starting changes its play button, not
// the progress row under it (the seek bar is the heaviest part the player renders).
import { act, cleanup, screen } from "@testing-library/react";
import type * as Mantine from "@mantine/core";
import { useLocation, useNavigate, type NavigateFunction } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type * as Icons from "./icons";
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
const nextIconRenders = vi.hoisted(() => ({ count: 0 }));
const volumeIconRenders = vi.hoisted(() => ({ count: 0 }));
const closeIconRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock("./icons", async (importOriginal) => {
  const actual = await importOriginal<typeof Icons>();
  type IconProps = Parameters<typeof actual.NextIcon>[0];
  function CountedNextIcon(props: IconProps) {
    nextIconRenders.count += 1;
    return actual.NextIcon(props);
  }
  function CountedVolumeIcon(props: IconProps) {
    volumeIconRenders.count += 1;
    return actual.VolumeIcon(props);
  }
  function CountedCloseIcon(props: IconProps) {
    closeIconRenders.count += 1;
    return actual.CloseIcon(props);
  }
  return { ...actual, NextIcon: CountedNextIcon, VolumeIcon: CountedVolumeIcon, CloseIcon: CountedCloseIcon };
});

/** The router's navigate and address, for a test to move to another screen as a tap on a link would. */
const router: { navigate?: NavigateFunction; address?: string } = {};
function NavigateProbe() {
  router.navigate = useNavigate();
  const location = useLocation();
  router.address = location.pathname + location.search + location.hash;
  return null;
}

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

  it("follows the song's time without rendering its mute and close buttons again", () => {
    const { audio } = renderWithPlayer(<MiniPlayerHarness />);
    act(() => currentPlayer().play(song(1, { duration: 200 })));
    const before = { volume: volumeIconRenders.count, close: closeIconRenders.count };
    expect(before.volume).toBeGreaterThan(0);
    expect(before.close).toBeGreaterThan(0);
    for (const time of [1, 2, 3]) {
      act(() => {
        audio.main.currentTime = time;
        audio.main.emit("timeupdate");
      });
    }
    expect(screen.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuenow")).toBe("3");
    expect({ volume: volumeIconRenders.count, close: closeIconRenders.count }).toEqual(before);
  });
});

describe("the mini player's controls", () => {
  it("are not rendered again when the listener moves to another screen", () => {
    renderWithPlayer(
      <>
        <NavigateProbe />
        <MiniPlayerHarness />
      </>,
    );
    act(() => currentPlayer().play(song(1, { duration: 200 })));
    const before = nextIconRenders.count;
    expect(before).toBeGreaterThan(0);

    act(() => void router.navigate!("/search?q=a"));
    act(() => void router.navigate!("/playlist/discover-weekly"));
    expect(nextIconRenders.count).toBe(before);
    // Now Playing still opens from the screen the listener is on.
    act(() => screen.getByRole("button", { name: "Open Now Playing" }).click());
    expect(router.address).toBe("/playlist/discover-weekly#now-playing");
  });
});
