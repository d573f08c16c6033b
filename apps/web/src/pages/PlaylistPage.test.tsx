import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { playlistDetail, songs } from "../test-utils/catalog";
import { renderRoute } from "../test-utils/render";
import { trpcError } from "../test-utils/trpc-fixtures";

describe("Playlist page", () => {
  it("shows the playlist: cover placeholder, name, description, count and numbered songs", async () => {
    renderRoute("/playlist/playlist-1");
    expect(await screen.findByRole("heading", { name: "Playlist 1" })).toBeTruthy();
    expect(screen.getByText("Description 1")).toBeTruthy();
    expect(screen.getByText("4 songs")).toBeTruthy();
    expect(screen.getAllByTestId("cover-placeholder").length).toBeGreaterThan(0);
    const rows = screen.getAllByTestId("song-row");
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => row.textContent?.[0])).toEqual(["1", "2", "3", "4"]);
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
  });

  it("plays all songs in order, or shuffled", async () => {
    const tracks = songs(6);
    const { player } = renderRoute("/playlist/mix", {
      fixtures: { playlists: { byId: () => playlistDetail(9, tracks, { id: "mix", name: "Mix" }) } },
    });
    const ids = (list: { id: string }[] = []) => list.map((track) => track.id);
    const started = vi.mocked(player.startPlaylist).mock.calls;

    await userEvent.click(await screen.findByRole("button", { name: "Play All" }));
    expect(ids(started[0]?.[0])).toEqual(ids(tracks));

    await userEvent.click(screen.getByRole("button", { name: "Shuffle" }));
    const shuffledIds = ids(started[1]?.[0]);
    expect(shuffledIds).toHaveLength(tracks.length);
    expect([...shuffledIds].sort()).toEqual(ids(tracks).sort());
  });

  it("an empty playlist says so and cannot be played", async () => {
    renderRoute("/playlist/empty", {
      fixtures: { playlists: { byId: () => playlistDetail(2, [], { id: "empty", name: "Empty" }) } },
    });
    expect(await screen.findByText("This playlist is empty")).toBeTruthy();
    expect(screen.getByText("0 songs")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Play All" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("button", { name: "Shuffle" }).hasAttribute("disabled")).toBe(true);
  });

  it("says 'Playlist not found' when the API does not know the id", async () => {
    renderRoute("/playlist/nope", {
      fixtures: {
        playlists: {
          byId: () => {
            throw trpcError("NOT_FOUND", "Playlist not found");
          },
        },
      },
    });
    expect(await screen.findByText("Playlist not found")).toBeTruthy();
  });

  it("says 'Playlist not found' for an id that cannot exist (the API refuses it)", async () => {
    renderRoute("/playlist/%20bad%20id%20", {
      fixtures: {
        playlists: {
          byId: () => {
            throw trpcError("BAD_REQUEST", "playlist id may contain only letters, digits, '-' and '_'");
          },
        },
      },
    });
    expect(await screen.findByText("Playlist not found")).toBeTruthy();
  });

  it("shows other failures in SPEC.md's '{status}: {text}' form", async () => {
    renderRoute("/playlist/broken", {
      fixtures: {
        playlists: {
          byId: () => {
            throw trpcError("INTERNAL_SERVER_ERROR", "Database unavailable");
          },
        },
      },
    });
    expect(await screen.findByText("500: Database unavailable")).toBeTruthy();
  });
});
