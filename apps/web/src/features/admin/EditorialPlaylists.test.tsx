import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AdminSongDto, EditorialPlaylistDetailDto } from "@purplebeats/contracts/schemas";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../test-utils/render";
import { asAdmin } from "./test-admin";

const song = (id: string, title: string): AdminSongDto => ({
  id,
  title,
  artist: "Editor's Pick",
  artistId: "artist-1",
  album: null,
  hidden: false,
  membersOnly: false,
  unavailable: false,
  renditions: true,
});
const CATALOG = [song("s1", "First"), song("s2", "Second"), song("s3", "Third"), song("s4", "Fourth")];

/** The dashboard against a server that keeps one editorial playlist's songs in memory. */
function dashboard() {
  let playlist: EditorialPlaylistDetailDto = {
    id: "discover-weekly",
    name: "Discover Weekly",
    description: "Fresh picks",
    imageUrl: null,
    songCount: 3,
    createdAt: "2026-11-24T07:00:00.000Z",
    songs: CATALOG.slice(0, 3),
  };
  const fixtures = asAdmin({
    songs: ({ q }) => CATALOG.filter((s) => s.title.toLowerCase().includes((q ?? "").toLowerCase())),
    editorialPlaylists: () => [playlist],
    editorialPlaylist: () => playlist,
    setEditorialPlaylistSongs: ({ songIds }) => {
      const songs = songIds.map((id) => CATALOG.find((s) => s.id === id)!);
      playlist = { ...playlist, songs, songCount: songs.length };
      return playlist;
    },
    createEditorialPlaylist: (input) => ({
      ...playlist,
      id: "new-1",
      name: input.name,
      description: input.description ?? null,
      songs: [],
      songCount: 0,
    }),
  });
  return renderRoute("/admin", { fixtures });
}

const order = () => screen.getAllByTestId("editorial-song").map((row) => row.textContent?.split("Editor")[0]);

vi.setConfig({ testTimeout: 20_000 });
beforeAll(async () => {
  await import("../../pages/AdminPage");
});

describe("Admin dashboard: editorial playlists", () => {
  it("reorders with the up and down buttons, removes, and adds a song found by search", async () => {
    const user = userEvent.setup();
    const { callsTo } = dashboard();
    const row = await screen.findByTestId("editorial-playlist");
    expect(within(row).getByText("3 songs")).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "Edit Discover Weekly" }));
    await screen.findAllByTestId("editorial-song");
    expect(order()).toEqual(["First", "Second", "Third"]);

    await user.click(screen.getByRole("button", { name: "Move Third up" }));
    await waitFor(() => expect(order()).toEqual(["First", "Third", "Second"]));
    expect(callsTo("admin.setEditorialPlaylistSongs")[0]?.input).toEqual({
      id: "discover-weekly",
      songIds: ["s1", "s3", "s2"],
    });
    expect((screen.getByRole("button", { name: "Move First up" }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole("button", { name: "Remove First" }));
    await waitFor(() => expect(order()).toEqual(["Third", "Second"]));

    await user.type(screen.getByRole("textbox", { name: "Add songs" }), "four");
    await user.click(await screen.findByRole("button", { name: "Add Fourth" }));
    await waitFor(() => expect(order()).toEqual(["Third", "Second", "Fourth"]));
    expect(callsTo("admin.setEditorialPlaylistSongs").at(-1)?.input).toEqual({
      id: "discover-weekly",
      songIds: ["s3", "s2", "s4"],
    });
  });

  it("creates a playlist from the dialog, refusing an empty name without a call", async () => {
    const user = userEvent.setup();
    const { callsTo } = dashboard();
    await user.click(await screen.findByRole("button", { name: "New playlist" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findByRole("alert")).toBeTruthy();
    expect(callsTo("admin.createEditorialPlaylist")).toHaveLength(0);
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Friday Feeling");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    await waitFor(() =>
      expect(callsTo("admin.createEditorialPlaylist")[0]?.input).toEqual({
        name: "Friday Feeling",
        description: "",
      }),
    );
    // Straight on to its songs.
    expect(await screen.findByText("No songs yet: add some below.")).toBeTruthy();
  });
});
