import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as Toast from "../../lib/toast";
import { showToast } from "../../lib/toast";
import { page, playlist, playlistDetail, songs } from "../../test-utils/catalog";
import { renderRoute } from "../../test-utils/render";
import { trpcError, type Fixtures } from "../../test-utils/trpc-fixtures";
import { GUEST, listener, PREMIUM_USER, resetListener } from "./test-account";

vi.mock("../account", async (importOriginal) => (await import("./test-account")).mockAccount(importOriginal));
vi.mock("../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof Toast>()),
  showToast: vi.fn(),
}));

const toasts = () => vi.mocked(showToast).mock.calls.map(([toast]) => toast);
const PREMIUM_TOAST = (what: string) => ({
  title: "Premium Feature",
  message: `${what} is a premium feature. Upgrade to Premium for only 3.14π to unlock this and more features!`,
  upgrade: true,
});

const tracks = songs(3);
const mine = (overrides = {}) =>
  playlistDetail(7, tracks, { id: "mix", name: "Road Mix", isOwn: true, ...overrides });
const theirs = () => playlistDetail(8, tracks, { id: "discover-weekly", name: "Discover Weekly" });

function renderPlaylist(detail = theirs(), fixtures: Fixtures = {}) {
  return renderRoute(`/playlist/${detail.id}`, {
    fixtures: {
      ...fixtures,
      playlists: { byId: () => detail, ...fixtures.playlists },
      likedSongs: { check: () => ({ isLiked: false }), ...fixtures.likedSongs },
      likedPlaylists: { check: () => ({ isLiked: false }), ...fixtures.likedPlaylists },
      libraryPlaylists: { check: () => ({ isInLibrary: false }), ...fixtures.libraryPlaylists },
    },
  });
}

async function openPlaylistMenu(name: string) {
  await userEvent.click(await screen.findByRole("button", { name: `Options for ${name}` }));
  return screen.findByRole("menu");
}

beforeEach(() => {
  resetListener();
  vi.mocked(showToast).mockClear();
});

describe("the playlist menu", () => {
  it("offers like, library and 'Add to other playlist' to premium listeners, none greyed", async () => {
    renderPlaylist();
    const menu = await openPlaylistMenu("Discover Weekly");
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Add to Liked Playlists",
      "Add to Library",
      "Add to other playlist",
    ]);
    expect(items.some((item) => item.hasAttribute("data-locked"))).toBe(false);
  });

  it("likes and unlikes the playlist with SPEC.md's toasts, refreshing the liked lists", async () => {
    let liked = false;
    const like = vi.fn(() => ((liked = true), { playlistId: "discover-weekly", isLiked: true as const }));
    const unlike = vi.fn(() => ((liked = false), { playlistId: "discover-weekly", isLiked: false as const }));
    const { callsTo } = renderPlaylist(theirs(), {
      likedPlaylists: { check: () => ({ isLiked: liked }), like, unlike, list: () => page([]) },
    });
    await userEvent.click(
      within(await openPlaylistMenu("Discover Weekly")).getByRole("menuitem", {
        name: "Add to Liked Playlists",
      }),
    );
    await waitFor(() => expect(toasts()).toContainEqual({ title: "Playlist liked" }));
    expect(like).toHaveBeenCalledWith({ playlistId: "discover-weekly" });

    const menu = await openPlaylistMenu("Discover Weekly");
    await userEvent.click(await within(menu).findByRole("menuitem", { name: "Remove from Liked Playlists" }));
    await waitFor(() => expect(toasts()).toContainEqual({ title: "Playlist removed from liked" }));
    expect(unlike).toHaveBeenCalledWith({ playlistId: "discover-weekly" });
    expect(callsTo("likedPlaylists.check").length).toBeGreaterThanOrEqual(2);
  });

  it("adds to and removes from the library", async () => {
    let inLibrary = false;
    renderPlaylist(theirs(), {
      libraryPlaylists: {
        check: () => ({ isInLibrary: inLibrary }),
        add: ({ playlistId }) => ((inLibrary = true), { playlistId, isInLibrary: true as const }),
        remove: ({ playlistId }) => ((inLibrary = false), { playlistId, isInLibrary: false as const }),
      },
    });
    await userEvent.click(
      within(await openPlaylistMenu("Discover Weekly")).getByRole("menuitem", { name: "Add to Library" }),
    );
    await waitFor(() => expect(toasts()).toContainEqual({ title: "Playlist added to library" }));
    await userEvent.click(
      await within(await openPlaylistMenu("Discover Weekly")).findByRole("menuitem", {
        name: "Remove from Library",
      }),
    );
    await waitFor(() => expect(toasts()).toContainEqual({ title: "Playlist removed from library" }));
  });

  it("shows a like and a library change at once, before the server answers, and takes back a refused one", async () => {
    let answerLike: () => void = () => undefined;
    const like = vi.fn(
      () =>
        new Promise<{ playlistId: string; isLiked: true }>((resolve) => {
          answerLike = () => resolve({ playlistId: "discover-weekly", isLiked: true });
        }),
    );
    let refuseAdd: () => void = () => undefined;
    const add = vi.fn(
      () =>
        new Promise<never>((_, reject) => {
          refuseAdd = () => reject(trpcError("NOT_FOUND", "Playlist not found"));
        }),
    );
    renderPlaylist(theirs(), {
      likedPlaylists: { check: () => ({ isLiked: false }), like, list: () => page([]) },
      libraryPlaylists: { check: () => ({ isInLibrary: false }), add },
    });
    await userEvent.click(
      within(await openPlaylistMenu("Discover Weekly")).getByRole("menuitem", {
        name: "Add to Liked Playlists",
      }),
    );
    // The server has not answered: the menu says it is liked already.
    expect(
      await within(await openPlaylistMenu("Discover Weekly")).findByRole("menuitem", {
        name: "Remove from Liked Playlists",
      }),
    ).toBeTruthy();
    expect(toasts()).toEqual([]);
    answerLike();
    await waitFor(() => expect(toasts()).toContainEqual({ title: "Playlist liked" }));

    // Refused: shown in the library at once, then taken back with the error toast.
    await userEvent.click(screen.getByRole("menuitem", { name: "Add to Library" }));
    expect(
      await within(await openPlaylistMenu("Discover Weekly")).findByRole("menuitem", {
        name: "Remove from Library",
      }),
    ).toBeTruthy();
    refuseAdd();
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: "Error",
        message: "404: Playlist not found",
        variant: "destructive",
      }),
    );
    await userEvent.keyboard("{Escape}");
    expect(
      await within(await openPlaylistMenu("Discover Weekly")).findByRole("menuitem", {
        name: "Add to Library",
      }),
    ).toBeTruthy();
  });

  it("greys every option for free listeners, with the upgrade mark, and answers with the premium toast", async () => {
    resetListener({ premium: false });
    const like = vi.fn();
    const { callsTo } = renderPlaylist(theirs(), { likedPlaylists: { like } });
    const menu = await openPlaylistMenu("Discover Weekly");
    const items = within(menu).getAllByRole("menuitem");
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(item.hasAttribute("data-locked")).toBe(true);
      expect(item.querySelector("svg")).not.toBeNull();
      expect(item.getAttribute("title")).toBe("Premium feature");
    }
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Add to Liked Playlists" }));
    expect(toasts()).toContainEqual(PREMIUM_TOAST("Liking playlists"));
    await userEvent.click(
      within(await openPlaylistMenu("Discover Weekly")).getByRole("menuitem", { name: "Add to Library" }),
    );
    expect(toasts()).toContainEqual(PREMIUM_TOAST("Adding playlists to library"));
    await userEvent.click(
      within(await openPlaylistMenu("Discover Weekly")).getByRole("menuitem", {
        name: "Add to other playlist",
      }),
    );
    expect(toasts()).toContainEqual(PREMIUM_TOAST("Adding to playlists"));
    expect(like).not.toHaveBeenCalled();
    // Free listeners cannot like, so nothing asks whether they do.
    expect(callsTo("likedPlaylists.check")).toHaveLength(0);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the premium toast when the server refuses ('Premium feature required'), else 'Error' with the response or the fallback", async () => {
    let answer: Error = trpcError("FORBIDDEN", "Premium feature required");
    renderPlaylist(theirs(), {
      libraryPlaylists: {
        add: () => {
          throw answer;
        },
      },
    });
    const addToLibrary = async () =>
      userEvent.click(
        within(await openPlaylistMenu("Discover Weekly")).getByRole("menuitem", { name: "Add to Library" }),
      );
    await addToLibrary();
    await waitFor(() => expect(toasts()).toContainEqual(PREMIUM_TOAST("Adding playlists to library")));
    answer = trpcError("NOT_FOUND", "Playlist not found");
    await addToLibrary();
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: "Error",
        message: "404: Playlist not found",
        variant: "destructive",
      }),
    );
    answer = new Error("Failed to fetch");
    await addToLibrary();
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: "Error",
        message: "Failed to update library",
        variant: "destructive",
      }),
    );
  });
});

describe("'Add to other playlist'", () => {
  // myPlaylists.list: the listener's own (the server lists no one else's).
  const own = [
    playlist(1, { id: "mine-1", name: "Gym", songCount: 2 }),
    playlist(2, { id: "mix", name: "Road Mix" }),
    playlist(3, { id: "purple-vibes", name: "Purple Vibes" }),
  ];

  it("lists only the listener's own playlists, never a system one or this one; choosing one adds this playlist's songs", async () => {
    const copySongs = vi.fn(() => ({ playlistId: "mine-1", added: 3, skipped: 0, songCount: 5 }));
    const { callsTo } = renderPlaylist(mine(), { myPlaylists: { list: () => page(own), copySongs } });
    await userEvent.click(
      within(await openPlaylistMenu("Road Mix")).getByRole("menuitem", { name: "Add to other playlist" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Add to other playlist" });
    const choices = await within(dialog).findAllByRole("button", { name: /songs?$/ });
    expect(choices.map((choice) => choice.textContent)).toEqual(["Gym2 songs"]);
    await userEvent.click(choices[0]!);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(copySongs).toHaveBeenCalledWith({ id: "mine-1", sourceId: "mix" });
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: "Added to Playlist",
        message: "3 songs from Road Mix added to Gym",
      }),
    );
    expect(callsTo("playlists.byId").length).toBeGreaterThanOrEqual(1);
  });

  it("says 'No playlists available' when there is nothing to add to", async () => {
    renderPlaylist(theirs(), { myPlaylists: { list: () => page([own[2]!]) } });
    await userEvent.click(
      within(await openPlaylistMenu("Discover Weekly")).getByRole("menuitem", {
        name: "Add to other playlist",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Add to other playlist" });
    expect(await within(dialog).findByText("No playlists available")).toBeTruthy();
  });
});

describe("the song menu", () => {
  it("likes a song ('Add to Liked Songs') and unlikes a liked one ('Remove from Liked Songs')", async () => {
    const liked = new Set<string>([tracks[1]!.id]);
    renderPlaylist(theirs(), {
      likedSongs: {
        check: ({ songId }) => ({ isLiked: liked.has(songId) }),
        like: ({ songId }) => (liked.add(songId), { songId, isLiked: true as const }),
        unlike: ({ songId }) => (liked.delete(songId), { songId, isLiked: false as const }),
        list: () => page([]),
        count: () => ({ count: liked.size }),
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Options for Song 1" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Add to Liked Songs" }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: "Added to Liked Songs",
        message: "Song 1 added to your liked songs",
      }),
    );

    await userEvent.click(screen.getByRole("button", { name: "Options for Song 2" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Remove from Liked Songs" }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: "Removed from Liked Songs",
        message: "Song 2 removed from your liked songs",
      }),
    );
  });

  it("is greyed for free listeners", async () => {
    resetListener({ premium: false });
    renderPlaylist();
    await userEvent.click(await screen.findByRole("button", { name: "Options for Song 1" }));
    const item = await screen.findByRole("menuitem", { name: "Add to Liked Songs" });
    expect(item.hasAttribute("data-locked")).toBe(true);
    await userEvent.click(item);
    expect(toasts()).toContainEqual(PREMIUM_TOAST("Liking songs"));
  });
});

describe("the owner's menu", () => {
  it("is one menu for the owner, holding everything one does with one's own playlist", async () => {
    const first = renderPlaylist(theirs());
    await screen.findByRole("button", { name: "Options for Discover Weekly" });
    expect(screen.queryByRole("menuitem", { name: "Change name" })).toBeNull();
    first.unmount();

    // Someone else (here a guest) is told by the server that it is not theirs.
    resetListener({ user: GUEST, premium: false });
    const second = renderPlaylist(mine({ isOwn: false }));
    const guestMenu = await openPlaylistMenu("Road Mix");
    expect(within(guestMenu).queryByRole("menuitem", { name: "Change name" })).toBeNull();
    second.unmount();

    resetListener();
    renderPlaylist(mine());
    await screen.findByRole("button", { name: "Options for Road Mix" });
    // One 'more' button on the page, not two side by side.
    expect(screen.getAllByRole("button", { name: "Options for Road Mix" })).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "More options" })).toBeNull();
    expect(screen.queryByTestId("playlist-owner-menu")).toBeNull();
    const items = within(await openPlaylistMenu("Road Mix")).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Add picture",
      "Change name",
      "Edit description",
      "Add song",
      "Reorder songs",
      "Make private",
      "Delete playlist",
      "Add to other playlist",
    ]);
  });

  it("is greyed for an owner whose premium has ended", async () => {
    resetListener({ premium: false });
    renderPlaylist(mine());
    const items = within(await openPlaylistMenu("Road Mix")).getAllByRole("menuitem");
    expect(items).toHaveLength(8);
    expect(items.every((item) => item.hasAttribute("data-locked"))).toBe(true);
    await userEvent.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: "Add song" }));
    expect(toasts()).toContainEqual(PREMIUM_TOAST("Adding songs to playlists"));
  });

  it("'Add song' goes to the search page with the playlist id", async () => {
    const { location } = renderPlaylist(mine());
    await openPlaylistMenu("Road Mix");
    await userEvent.click(await screen.findByRole("menuitem", { name: "Add song" }));
    await waitFor(() => expect(location()).toBe("/search?playlist=mix"));
  });

  it("'Change name' refuses a blank or unchanged name, then renames", async () => {
    const update = vi.fn(({ id, name }: { id: string; name?: string }) => ({ ...mine({ id, name }) }));
    renderPlaylist(mine(), { myPlaylists: { update } });
    await openPlaylistMenu("Road Mix");
    await userEvent.click(await screen.findByRole("menuitem", { name: "Change name" }));
    const dialog = await screen.findByRole("dialog", { name: "Change name" });
    const field = within(dialog).getByLabelText("Playlist name");
    expect((field as HTMLInputElement).value).toBe("Road Mix");

    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("The new name must be different")).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, "   ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Playlist name is required")).toBeTruthy();
    expect(update).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, "  Night Drive ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ id: "mix", name: "Night Drive" }));
    await waitFor(() => expect(toasts()).toContainEqual({ title: "Playlist updated successfully" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("'Change name' failing says 'Error' / 'Failed to update playlist'", async () => {
    renderPlaylist(mine(), {
      myPlaylists: {
        update: () => {
          throw trpcError("INTERNAL_SERVER_ERROR", "boom");
        },
      },
    });
    await openPlaylistMenu("Road Mix");
    await userEvent.click(await screen.findByRole("menuitem", { name: "Change name" }));
    const dialog = await screen.findByRole("dialog", { name: "Change name" });
    await userEvent.type(within(dialog).getByLabelText("Playlist name"), "!");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: "Error",
        message: "Failed to update playlist",
        variant: "destructive",
      }),
    );
  });

  it("'Add picture' uploads an image through a one-time URL and sets it as the cover", async () => {
    const fetchMock = vi.fn(async () => Response.json({ objectPath: "/objects/0000-cover.png" }));
    vi.stubGlobal("fetch", fetchMock);
    try {
      const update = vi.fn(({ id }: { id: string }) => mine({ id }));
      renderPlaylist(mine(), {
        uploads: { grant: () => ({ uploadURL: "http://localhost/api/objects/upload/token-1" }) },
        myPlaylists: { update },
      });
      // The owner menu (and its file input) loads after the page has rendered: features/library/LazyMenus.
      const input = await screen.findByTestId("playlist-picture-input");

      await userEvent.upload(input, new File(["x".repeat(10)], "notes.txt", { type: "text/plain" }), {
        applyAccept: false,
      });
      expect(toasts()).toContainEqual({
        title: "Upload Failed",
        message: "Please choose an image file.",
        variant: "destructive",
      });

      const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "huge.png", { type: "image/png" });
      await userEvent.upload(input, huge);
      expect(toasts()).toContainEqual({
        title: "File too large",
        message: "File size must be less than 5 MB",
        variant: "destructive",
      });
      expect(fetchMock).not.toHaveBeenCalled();

      await userEvent.upload(input, new File([new Uint8Array(64)], "cover.png", { type: "image/png" }));
      await waitFor(() =>
        expect(toasts()).toContainEqual({
          title: "Image Uploaded",
          message: "Playlist updated successfully",
        }),
      );
      expect(fetchMock).toHaveBeenCalledWith(
        "http://localhost/api/objects/upload/token-1",
        expect.objectContaining({ method: "PUT" }),
      );
      expect(update).toHaveBeenCalledWith({ id: "mix", imageUrl: "/objects/0000-cover.png" });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("'Add picture' gives the server's reason when it says why it refused the file", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              error: "Unsupported Media Type",
              message: "Only image files (PNG, JPEG, GIF, WebP, AVIF) can be uploaded",
            }),
            { status: 415, headers: { "content-type": "application/json" } },
          ),
      ),
    );
    try {
      renderPlaylist(mine(), {
        uploads: { grant: () => ({ uploadURL: "http://localhost/api/objects/upload/t" }) },
      });
      const input = await screen.findByTestId("playlist-picture-input");
      await userEvent.upload(input, new File([new Uint8Array(64)], "cover.png", { type: "image/png" }));
      await waitFor(() =>
        expect(toasts()).toContainEqual({
          title: "Upload Failed",
          message: "Only image files (PNG, JPEG, GIF, WebP, AVIF) can be uploaded",
          variant: "destructive",
        }),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("'Add picture' says 'Upload Failed' when storage refuses the file", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("File type not allowed", { status: 415 })),
    );
    try {
      renderPlaylist(mine(), {
        uploads: { grant: () => ({ uploadURL: "http://localhost/api/objects/upload/t" }) },
      });
      // The owner menu (and its file input) loads after the page has rendered: features/library/LazyMenus.
      const input = await screen.findByTestId("playlist-picture-input");
      await userEvent.upload(input, new File([new Uint8Array(64)], "cover.png", { type: "image/png" }));
      await waitFor(() =>
        expect(toasts()).toContainEqual({
          title: "Upload Failed",
          message: "Failed to upload file. Please try again.",
          variant: "destructive",
        }),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

it("keeps listener state per test", () => {
  expect(listener.user).toBe(PREMIUM_USER);
});
