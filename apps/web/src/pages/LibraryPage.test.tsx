import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { reloadPage } from "../features/library/reload";
import { resetListener } from "../features/library/test-account";
import type * as Toast from "../lib/toast";
import { showToast } from "../lib/toast";
import { page, playlist } from "../test-utils/catalog";
import { renderRoute } from "../test-utils/render";
import { pending, trpcError, type Fixtures } from "../test-utils/trpc-fixtures";

vi.mock("../features/account", async (importOriginal) =>
  (await import("../features/library/test-account")).mockAccount(importOriginal),
);
vi.mock("../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof Toast>()),
  showToast: vi.fn(),
}));
vi.mock("../features/library/reload", () => ({ reloadPage: vi.fn() }));

const toasts = () => vi.mocked(showToast).mock.calls.map(([toast]) => toast);

function renderLibrary(fixtures: Fixtures = {}) {
  return renderRoute("/library", {
    fixtures: {
      ...fixtures,
      libraryPlaylists: { list: () => page([]), ...fixtures.libraryPlaylists },
      likedSongs: { count: () => ({ count: 0 }), ...fixtures.likedSongs },
    },
  });
}

beforeEach(() => {
  resetListener();
  vi.mocked(showToast).mockClear();
  vi.mocked(reloadPage).mockClear();
});

describe("Library", () => {
  it("shows three placeholder rows while 'Recently Added' loads", async () => {
    renderLibrary({ myPlaylists: { collected: pending } });
    const section = await screen.findByTestId("library-recently-added");
    expect(within(section).getByRole("heading", { name: "Recently Added" })).toBeTruthy();
    expect(within(section).getAllByTestId("skeleton")).toHaveLength(3);
  });

  it("lists the listener's own, liked and added playlists under 'Recently Added'; tapping opens one, its play button plays it", async () => {
    const { player, location, callsTo } = renderLibrary();
    const section = await screen.findByTestId("library-recently-added");
    const rows = await within(section).findAllByTestId("playlist-row");
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain("Playlist 1");
    expect(rows[0]!.textContent).toContain("11 songs");

    await userEvent.click(within(rows[1]!).getByRole("button", { name: "Play Playlist 2" }));
    expect(player.playPlaylistById).toHaveBeenCalledWith("playlist-2");
    await userEvent.click(within(rows[0]!).getByRole("link"));
    await waitFor(() => expect(location()).toBe("/playlist/playlist-1"));
    // The listener's collection, not the shared list of everyone's playlists.
    expect(callsTo("myPlaylists.collected")).not.toHaveLength(0);
    expect(callsTo("playlists.list")).toHaveLength(0);
  });

  it("disables the play button of a playlist with no songs, as its page's Play All is", async () => {
    const { player } = renderLibrary({
      myPlaylists: { collected: () => page([playlist(1, { name: "Empty One", songCount: 0 }), playlist(2)]) },
    });
    const rows = await within(await screen.findByTestId("library-recently-added")).findAllByTestId(
      "playlist-row",
    );
    const playEmpty = within(rows[0]!).getByRole("button", { name: "Play Empty One" });
    expect(playEmpty).toHaveProperty("disabled", true);
    await userEvent.click(playEmpty);
    expect(player.playPlaylistById).not.toHaveBeenCalled();
    expect(within(rows[1]!).getByRole("button", { name: "Play Playlist 2" })).toHaveProperty(
      "disabled",
      false,
    );
  });

  it("shows 'Your Library Playlists' only when there are some", async () => {
    const first = renderLibrary();
    await screen.findAllByTestId("playlist-row");
    expect(screen.queryByRole("heading", { name: "Your Library Playlists" })).toBeNull();
    first.unmount();

    const saved = { ...playlist(9, { name: "Saved Mix" }), addedAt: "2025-02-01T00:00:00.000Z" };
    renderLibrary({ libraryPlaylists: { list: () => page([saved]) } });
    const section = await screen.findByTestId("library-playlists");
    expect(within(section).getByRole("heading", { name: "Your Library Playlists" })).toBeTruthy();
    expect(within(section).getByText("Saved Mix")).toBeTruthy();
  });

  it("the Liked Songs card: 'N songs' and 'See all', or 'No liked songs yet'", async () => {
    const first = renderLibrary({ likedSongs: { count: () => ({ count: 3 }) } });
    const card = await screen.findByTestId("library-liked-songs");
    expect(await within(card).findByText("3 songs")).toBeTruthy();
    expect(within(card).getByRole("link", { name: "See all" }).getAttribute("href")).toBe("/liked-songs");
    first.unmount();

    renderLibrary();
    const empty = await screen.findByTestId("library-liked-songs");
    expect(await within(empty).findByText("No liked songs yet")).toBeTruthy();
    expect(within(empty).queryByRole("link", { name: "See all" })).toBeNull();
  });
});

describe("'New Playlist'", () => {
  async function openCreate() {
    await userEvent.click(await screen.findByRole("button", { name: "New Playlist" }));
    return screen.findByRole("dialog", { name: "Create Playlist" });
  }

  it("checks the form with SPEC.md's messages before sending", async () => {
    const create = vi.fn();
    renderLibrary({ myPlaylists: { create } });
    const dialog = await openCreate();
    const create_ = within(dialog).getByRole("button", { name: "Create" });

    await userEvent.click(create_);
    expect(await within(dialog).findByText("Playlist name is required")).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText(/Name/), "x".repeat(101));
    await userEvent.click(within(dialog).getByLabelText("Description"));
    await userEvent.paste("d".repeat(501));
    await userEvent.click(create_);
    expect(await within(dialog).findByText("Name too long")).toBeTruthy();
    expect(within(dialog).getByText("Description too long")).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it("creates the playlist, says 'Playlist Created' and reloads the page a second later", async () => {
    const create = vi.fn(({ name }: { name: string }) => playlist(20, { id: "new-one", name }));
    renderLibrary({ myPlaylists: { create } });
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText(/Name/), "  Road Trip ");
    await userEvent.type(within(dialog).getByLabelText("Description"), "Songs for the car");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));

    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({
        name: "Road Trip",
        description: "Songs for the car",
        isPublic: true,
      }),
    );
    await waitFor(() => expect(toasts()[0]).toMatchObject({ title: "Playlist Created" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(reloadPage).not.toHaveBeenCalled();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
  });

  it("says 'Error' / 'Failed to create playlist. Please try again.' when creating fails", async () => {
    renderLibrary({
      myPlaylists: {
        create: () => {
          throw trpcError("INTERNAL_SERVER_ERROR", "Database unavailable");
        },
      },
    });
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText(/Name/), "Road Trip");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: "Error",
        message: "Failed to create playlist. Please try again.",
        variant: "destructive",
      }),
    );
    expect(screen.getByRole("dialog", { name: "Create Playlist" })).toBeTruthy();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("offers free listeners the 'Premium Feature' dialog instead: 'Maybe Later' or 'Upgrade Now'", async () => {
    resetListener({ premium: false });
    const { location } = renderLibrary();
    await userEvent.click(await screen.findByRole("button", { name: "New Playlist" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Premium Feature")).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: "Create Playlist" })).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: "Maybe Later" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await userEvent.click(screen.getByRole("button", { name: "New Playlist" }));
    await userEvent.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Upgrade Now" }),
    );
    await waitFor(() => expect(location()).toBe("/premium"));
  });
});
