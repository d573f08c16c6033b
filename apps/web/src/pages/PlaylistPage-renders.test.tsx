// The playlist screen's work when it opens: its first rows come with the screen, the rest follow in a
// background render (opening a playlist answers at once), and that render adds the rows below
// without rendering the first ones again.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type * as PlaySong from "../features/catalog/usePlaySong";
import { page, playlist, playlistDetail, songs } from "../test-utils/catalog";
import { renderRoute } from "../test-utils/render";

/** Each row asks usePlaySong for its song's state once per render of the row. */
const rowRenders = vi.hoisted(() => new Map<string, number>());
vi.mock("../features/catalog/usePlaySong", async (importOriginal) => {
  const actual = await importOriginal<typeof PlaySong>();
  return {
    ...actual,
    usePlaySong: (...args: Parameters<typeof actual.usePlaySong>) => {
      rowRenders.set(args[0].id, (rowRenders.get(args[0].id) ?? 0) + 1);
      return actual.usePlaySong(...args);
    },
  };
});

describe("Opening a playlist from Home", () => {
  it("renders each row once: the rows below the first follow without the first ones again", async () => {
    const tracks = songs(10);
    renderRoute("/", {
      fixtures: {
        playlists: {
          list: () => page([playlist(9, { id: "mix", name: "Mix" })]),
          byId: () => playlistDetail(9, tracks, { id: "mix", name: "Mix" }),
        },
      },
    });
    const card = await screen.findByRole("link", { name: /Mix/ });
    rowRenders.clear(); // Home's own lists show some of the same songs
    // As on a phone: the songs are asked for as the finger lands, the screen opens with them.
    await userEvent.click(card);
    await waitFor(() => expect(screen.getAllByTestId("song-row")).toHaveLength(10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tracks.map((song) => rowRenders.get(song.id))).toEqual(tracks.map(() => 1));
  });
});
