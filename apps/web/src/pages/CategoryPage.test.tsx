import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { page, songs } from "../test-utils/catalog";
import { renderRoute } from "../test-utils/render";
import { pending, trpcError } from "../test-utils/trpc-fixtures";

describe("Category page", () => {
  it("decodes the genre from the address and lists its songs", async () => {
    const hipHop = songs(4, 1, { genre: "Hip Hop" });
    const { callsTo } = renderRoute("/category/Hip%20Hop", {
      fixtures: { songs: { byGenre: () => page(hipHop) } },
    });
    expect(await screen.findByRole("heading", { name: "Hip Hop" })).toBeTruthy();
    expect(await screen.findAllByTestId("song-row")).toHaveLength(4);
    expect(screen.getByText("4 songs")).toBeTruthy();
    expect(callsTo("songs.byGenre")[0]?.input).toMatchObject({ genre: "Hip Hop" });
  });

  it("decodes reserved characters too", async () => {
    renderRoute("/category/R%26B", { fixtures: { songs: { byGenre: () => page([]) } } });
    expect(await screen.findByRole("heading", { name: "R&B" })).toBeTruthy();
  });

  it("plays all loaded songs", async () => {
    const pop = songs(3);
    const { player } = renderRoute("/category/Pop", { fixtures: { songs: { byGenre: () => page(pop) } } });
    await screen.findAllByTestId("song-row");
    await userEvent.click(screen.getByRole("button", { name: "Play All" }));
    expect(player.startPlaylist).toHaveBeenCalledWith(pop);
  });

  it("says when the genre has no songs, and offers nothing to play", async () => {
    renderRoute("/category/Polka", { fixtures: { songs: { byGenre: () => page([]) } } });
    expect(await screen.findByText("No songs found in Polka category")).toBeTruthy();
    expect(screen.getByText("0 songs")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Play All" }).hasAttribute("disabled")).toBe(true);
  });

  it("shows no count while the songs load, nor when they failed to load", async () => {
    renderRoute("/category/Jazz", { fixtures: { songs: { byGenre: () => pending() } } });
    expect(await screen.findByRole("heading", { name: "Jazz" })).toBeTruthy();
    expect(screen.getByTestId("category-song-count-loading")).toBeTruthy();
    expect(screen.queryByText(/\d+ songs?$/)).toBeNull();
  });

  it("shows the error, not '0 songs', when the songs failed to load", async () => {
    renderRoute("/category/Jazz", {
      fixtures: {
        songs: {
          byGenre: () => {
            throw trpcError("INTERNAL_SERVER_ERROR", "Database unavailable");
          },
        },
      },
    });
    expect(await screen.findByText(/Database unavailable/)).toBeTruthy();
    expect(screen.queryByText(/\d+ songs?$/)).toBeNull();
  });

  it("counts the songs loaded so far as pages arrive", async () => {
    renderRoute("/category/Pop", {
      fixtures: {
        songs: { byGenre: ({ cursor }) => (cursor ? page(songs(5, 51)) : page(songs(50), "page-2")) },
      },
    });
    expect(await screen.findByText("50 songs")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("55 songs")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });
});
