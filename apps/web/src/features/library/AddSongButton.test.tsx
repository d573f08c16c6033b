import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as Toast from "../../lib/toast";
import { showToast } from "../../lib/toast";
import { page, playlistDetail, songs } from "../../test-utils/catalog";
import { renderRoute } from "../../test-utils/render";
import { trpcError, type Fixtures } from "../../test-utils/trpc-fixtures";
import { resetListener } from "./test-account";

vi.mock("../account", async (importOriginal) => (await import("./test-account")).mockAccount(importOriginal));
vi.mock("../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof Toast>()),
  showToast: vi.fn(),
}));

const toasts = () => vi.mocked(showToast).mock.calls.map(([toast]) => toast);
const found = songs(3);

function renderSearch(fixtures: Fixtures = {}, route = "/search?q=song&playlist=mix") {
  return renderRoute(route, {
    fixtures: {
      ...fixtures,
      songs: { search: () => page(found), ...fixtures.songs },
      playlists: {
        byId: () => playlistDetail(7, [found[1]!], { id: "mix", name: "Road Mix", isOwn: true }),
      },
      likedSongs: { check: () => ({ isLiked: false }) },
    },
  });
}

beforeEach(() => {
  resetListener();
  vi.mocked(showToast).mockClear();
});

describe("adding songs from the search page (/search?playlist={id})", () => {
  it("names the playlist, leads back to it, and puts an add button on each result", async () => {
    renderSearch();
    expect((await screen.findByRole("link", { name: "Back to Road Mix" })).getAttribute("href")).toBe(
      "/playlist/mix",
    );
    expect(screen.getByText("Adding songs to: Road Mix")).toBeTruthy();
    const rows = await screen.findAllByTestId("song-row");
    expect(within(rows[0]!).getByRole("button", { name: "Add Song 1 to Road Mix" })).toBeTruthy();
    // Already in the playlist: a check, not a second copy.
    const inPlaylist = within(rows[1]!).getByRole("button", { name: "Song 2 is in Road Mix" });
    expect(inPlaylist.hasAttribute("disabled") || inPlaylist.getAttribute("data-disabled") === "true").toBe(
      true,
    );
  });

  it("adds a song ('Added to Playlist') and refreshes the playlist", async () => {
    const addSong = vi.fn(({ id, songId }: { id: string; songId: string }) => ({
      playlistId: id,
      songId,
      position: 2,
      songCount: 2,
    }));
    const { callsTo } = renderSearch({ myPlaylists: { addSong } });
    await userEvent.click(await screen.findByRole("button", { name: "Add Song 1 to Road Mix" }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({ title: "Added to Playlist", message: "Song 1 added to Road Mix" }),
    );
    expect(addSong).toHaveBeenCalledWith({ id: "mix", songId: found[0]!.id });
    await waitFor(() => expect(callsTo("playlists.byId").length).toBeGreaterThanOrEqual(2));
  });

  it("says what went wrong, falling back to 'Failed to add song to playlist'", async () => {
    let failure: Error = trpcError("FORBIDDEN", "Only the playlist's owner can change it");
    renderSearch({
      myPlaylists: {
        addSong: () => {
          throw failure;
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Add Song 1 to Road Mix" }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: "Error",
        message: "403: Only the playlist's owner can change it",
        variant: "destructive",
      }),
    );
    failure = new Error("Failed to fetch");
    await userEvent.click(screen.getByRole("button", { name: "Add Song 1 to Road Mix" }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: "Error",
        message: "Failed to add song to playlist",
        variant: "destructive",
      }),
    );
  });

  it("answers free listeners with the premium toast", async () => {
    resetListener({ premium: false });
    const addSong = vi.fn();
    renderSearch({ myPlaylists: { addSong } });
    await userEvent.click(await screen.findByRole("button", { name: "Add Song 1 to Road Mix" }));
    expect(toasts()).toContainEqual({
      title: "Premium Feature",
      message:
        "Adding songs to playlists is a premium feature. Upgrade to Premium for only 3.14π to unlock this and more features!",
      upgrade: true,
    });
    expect(addSong).not.toHaveBeenCalled();
  });

  it("without the playlist parameter, results have no add buttons", async () => {
    renderSearch({}, "/search?q=song");
    expect(await screen.findAllByTestId("song-row")).toHaveLength(3);
    expect(screen.queryByRole("button", { name: /^Add Song/ })).toBeNull();
  });
});
