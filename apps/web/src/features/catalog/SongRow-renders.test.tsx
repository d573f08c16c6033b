// A row's work when its song starts or pauses: the cover's play or pause icon and the row's mark, not its
// heart, menu or artist link (on a playlist page the tapped row renders in the tap that starts the song).
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type * as Icons from "../../ui/icons";
import type * as DotsIcons from "../library/dots-icon";
import { usePlayer } from "../player";
import { renderWithPlayer, song } from "../player/test-utils";
import type { PlayerApi } from "../player/types";
import { SongRow } from "./SongRow";

vi.unmock("../player");
vi.mock("../account/membership", () => ({ useIsPremium: vi.fn(() => false) }));
const renders = vi.hoisted(() => ({ heart: 0, dots: 0 }));
vi.mock("../../ui/icons", async (importOriginal) => {
  const actual = await importOriginal<typeof Icons>();
  function CountedHeartIcon(props: Parameters<typeof actual.HeartIcon>[0]) {
    renders.heart += 1;
    return actual.HeartIcon(props);
  }
  return { ...actual, HeartIcon: CountedHeartIcon };
});
vi.mock("../library/dots-icon", async (importOriginal) => {
  const actual = await importOriginal<typeof DotsIcons>();
  function CountedDotsIcon(props: Parameters<typeof actual.DotsIcon>[0]) {
    renders.dots += 1;
    return actual.DotsIcon(props);
  }
  return { ...actual, DotsIcon: CountedDotsIcon };
});

const latest: { current: PlayerApi | null } = { current: null };
function Probe() {
  latest.current = usePlayer();
  return null;
}

afterEach(cleanup);

describe("a song row", () => {
  it("renders its cover's icon when its song starts or pauses, not its heart or its menu", async () => {
    const list = [song(1), song(2)];
    renderWithPlayer(
      <>
        <Probe />
        {list.map((each) => (
          <SongRow key={each.id} song={each} queue={list} />
        ))}
      </>,
    );
    expect(await screen.findAllByTestId("like-song")).toHaveLength(2);
    const before = { ...renders };
    expect(before.heart).toBeGreaterThan(0);
    expect(before.dots).toBeGreaterThan(0);

    act(() => latest.current!.play(list[0]!, list));
    expect(screen.getByRole("button", { name: `Pause ${list[0]!.title}` })).toBeTruthy();
    act(() => latest.current!.pause());
    expect(screen.getByRole("button", { name: `Play ${list[0]!.title}` })).toBeTruthy();
    act(() => latest.current!.play(list[1]!, list));
    expect(screen.getByRole("button", { name: `Pause ${list[1]!.title}` })).toBeTruthy();
    expect({ ...renders }).toEqual(before);
  });
});
