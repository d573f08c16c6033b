import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { album, artist, page, songs } from "../test-utils/catalog";
import { renderRoute } from "../test-utils/render";
import { pending, trpcError } from "../test-utils/trpc-fixtures";

const record = album(4, {
  title: "Night Drive",
  artist: artist(2, { name: "Nova Lane" }),
  songCount: 3,
  duration: 1390,
});
const tracks = songs(3, 1, { albumId: record.id }).map((s, i) => ({ ...s, trackNumber: i + 1 }));
const fixtures = {
  albums: {
    byId: ({ id }: { id: string }) => {
      if (id === record.id) return record;
      throw trpcError("NOT_FOUND", "Album not found");
    },
    songs: () => page(tracks),
  },
};

describe("Album page", () => {
  it("shows the cover, title, artist link, year, count and length, and the tracks numbered in order", async () => {
    renderRoute(`/album/${record.id}`, { fixtures });
    expect(await screen.findByRole("heading", { name: "Night Drive", level: 1 })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Nova Lane" }).getAttribute("href")).toBe(
      `/artist/${artist(2).id}`,
    );
    expect(screen.getByTestId("album-summary").textContent).toBe("2024 • 3 songs, 23 min");
    const list = await screen.findByRole("list", { name: "Songs in Night Drive" });
    const rows = within(list).getAllByTestId("song-row");
    expect(rows.map((r) => within(r).getByTestId("song-row-title").textContent)).toEqual([
      "Song 1",
      "Song 2",
      "Song 3",
    ]);
    expect(rows.map((r) => r.firstElementChild?.textContent)).toEqual(["1", "2", "3"]);
  });

  it("plays the album with the album as the queue's source (album gain), and shuffles without it", async () => {
    const { player } = renderRoute(`/album/${record.id}`, { fixtures });
    await screen.findByRole("list", { name: "Songs in Night Drive" });
    await userEvent.click(screen.getByRole("button", { name: "Play" }));
    expect(player.startPlaylist).toHaveBeenCalledWith(tracks, { kind: "album", id: record.id });
    await userEvent.click(screen.getByRole("button", { name: "Shuffle" }));
    expect(vi.mocked(player.startPlaylist).mock.calls.at(-1)).toHaveLength(1);
  });

  it("plays a tapped track with the album as the queue's source", async () => {
    const { player } = renderRoute(`/album/${record.id}`, { fixtures });
    await screen.findByRole("list", { name: "Songs in Night Drive" });
    await userEvent.click(screen.getByRole("button", { name: "Play Song 2" }));
    expect(player.toggleSong).toHaveBeenCalledWith(tracks[1], tracks, { kind: "album", id: record.id });
  });

  it("shows skeletons while loading, 'Album not found' for an unknown or bad id, and the error otherwise", async () => {
    const first = renderRoute(`/album/${record.id}`, {
      fixtures: { albums: { ...fixtures.albums, byId: () => pending() } },
    });
    expect(await screen.findByLabelText("Loading album")).toBeTruthy();
    first.unmount();

    const second = renderRoute(`/album/not-an-id`, {
      fixtures: {
        albums: {
          byId: () => {
            throw trpcError("BAD_REQUEST", "album id must be a valid id");
          },
          songs: () => page([]),
        },
      },
    });
    expect(await screen.findByText("Album not found")).toBeTruthy();
    second.unmount();

    renderRoute(`/album/${record.id}`, {
      fixtures: {
        albums: {
          ...fixtures.albums,
          songs: () => {
            throw trpcError("INTERNAL_SERVER_ERROR", "Database unavailable");
          },
        },
      },
    });
    expect(await screen.findByRole("alert")).toBeTruthy();
  });
});
