// Home's work after its first render: what the session around the page does (the Pi SDK arriving, the
// guest session starting) is not Home's playlists or songs, and must not render their cards again: a
// first visit did so three times in a row while the page was still loading (Total Blocking Time).
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakePi } from "../features/account/test-fixtures";
import type * as CoverArtModule from "../ui/CoverArt";
import { renderRoute } from "../test-utils/render";

const coverRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock("../ui/CoverArt", async (importOriginal) => {
  const actual = await importOriginal<typeof CoverArtModule>();
  function CountedCoverArt(props: Parameters<typeof actual.CoverArt>[0]) {
    coverRenders.count += 1;
    return <actual.CoverArt {...props} />;
  }
  return { ...actual, CoverArt: CountedCoverArt };
});

afterEach(() => {
  delete window.Pi;
});

describe("Home's cards and tiles", () => {
  it("are not rendered again when the Pi SDK arrives", async () => {
    renderRoute("/");
    const recent = await screen.findByTestId("home-section-recently-played");
    expect(await within(recent).findAllByTestId("song-tile")).toHaveLength(8);
    const madeForYou = screen.getByTestId("home-section-made-for-you");
    expect(await within(madeForYou).findAllByTestId("playlist-card")).toHaveLength(3);
    expect(
      await within(screen.getByTestId("home-section-trending-now")).findAllByTestId("song-tile"),
    ).toHaveLength(4);
    // Settled: no read of the page is still on its way.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const settled = coverRenders.count;

    // The SDK's script arrives: the header's account entry changes, the catalog does not.
    window.Pi = fakePi();
    await waitFor(() => expect(window.Pi!.init).toHaveBeenCalled(), { timeout: 2_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(coverRenders.count).toBe(settled);
  });
});
