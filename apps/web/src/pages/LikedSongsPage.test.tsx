import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetListener } from "../features/library/test-account";
import { page, playlist, song, songs } from "../test-utils/catalog";
import { renderRoute } from "../test-utils/render";
import { trpcError, type Fixtures } from "../test-utils/trpc-fixtures";
import { DOWNLOADS_KEY, resetDownloadsForTests } from "../features/downloads/downloads-store";

vi.mock("../features/account", async (importOriginal) =>
  (await import("../features/library/test-account")).mockAccount(importOriginal),
);

const liked = (list: ReturnType<typeof songs>) =>
  list.map((track) => ({ ...track, likedAt: "2025-02-01T00:00:00.000Z" }));

function renderLikedSongs(fixtures: Fixtures = {}) {
  return renderRoute("/liked-songs", {
    fixtures: {
      ...fixtures,
      likedSongs: {
        list: () => page([]),
        count: () => ({ count: 0 }),
        check: () => ({ isLiked: true }),
        ...fixtures.likedSongs,
      },
      likedPlaylists: { list: () => page([]), ...fixtures.likedPlaylists },
    },
  });
}

beforeEach(() => {
  resetListener();
  localStorage.clear();
  resetDownloadsForTests();
});

describe("Liked Songs", () => {
  it("shows free listeners the 'Premium Feature' card with 'Upgrade to Premium' (to /premium), and asks for nothing", async () => {
    resetListener({ premium: false });
    const { callsTo } = renderLikedSongs();
    const teaser = await screen.findByTestId("liked-songs-teaser");
    expect(within(teaser).getByRole("heading", { name: "Premium Feature" })).toBeTruthy();
    expect(within(teaser).getByRole("link", { name: "Upgrade to Premium" }).getAttribute("href")).toBe(
      "/premium",
    );
    expect(callsTo("likedSongs.list")).toHaveLength(0);
  });

  it("puts the teaser in a page: the app's header and the tab's heading above it", async () => {
    resetListener({ premium: false });
    renderLikedSongs();
    const teaser = await screen.findByTestId("liked-songs-teaser");
    expect(screen.getByRole("link", { name: "PurpleBeats home" })).toBeTruthy();
    const heading = screen.getByRole("heading", { name: "Liked Songs", level: 2 });
    expect(heading.compareDocumentPosition(teaser) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(teaser).getByRole("heading", { name: "Premium Feature", level: 3 })).toBeTruthy();
  });

  it("waits for the membership before choosing between the teaser and the list", async () => {
    resetListener({ membershipPending: true });
    renderLikedSongs();
    expect(await screen.findByLabelText("Loading")).toBeTruthy();
    expect(screen.queryByTestId("liked-songs-teaser")).toBeNull();
  });

  it("lists a premium listener's liked songs: number, cover, title, artist (or 'Unknown Artist'), m:ss and play/pause", async () => {
    const tracks = liked([
      song(1, { title: "Midnight Drive", duration: 187 }),
      song(2, { artist: null }),
      song(3),
    ]);
    const { player } = renderLikedSongs({
      likedSongs: { list: () => page(tracks), count: () => ({ count: 3 }) },
    });
    expect(await screen.findByRole("heading", { name: "Liked Songs" })).toBeTruthy();
    expect(await screen.findByText("3 songs")).toBeTruthy();
    const rows = await screen.findAllByTestId("song-row");
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toMatch(/^1/);
    expect(rows[0]!.textContent).toContain("Midnight Drive");
    expect(rows[0]!.textContent).toContain("Artist 1");
    expect(rows[0]!.textContent).toContain("3:07");
    expect(within(rows[0]!).getByTestId("cover-placeholder")).toBeTruthy();
    expect(rows[1]!.textContent).toContain("Unknown Artist");

    await userEvent.click(within(rows[2]!).getByRole("button", { name: "Play Song 3" }));
    expect(player.toggleSong).toHaveBeenCalledWith(tracks[2], tracks);
    await userEvent.click(screen.getByRole("button", { name: "Play All" }));
    expect(player.startPlaylist).toHaveBeenCalledWith(tracks);
  });

  it("shows 'Liked Playlists'", async () => {
    renderLikedSongs({
      likedPlaylists: {
        list: () => page([{ ...playlist(4, { name: "Night Owls" }), likedAt: "2025-02-01T00:00:00.000Z" }]),
      },
    });
    const section = await screen.findByTestId("liked-playlists");
    expect(within(section).getByRole("heading", { name: "Liked Playlists" })).toBeTruthy();
    expect(await within(section).findByText("Night Owls")).toBeTruthy();
  });

  it("says 'No liked songs yet' / 'Songs you like will appear here' when empty, with Play All disabled", async () => {
    renderLikedSongs();
    expect(await screen.findByText("No liked songs yet")).toBeTruthy();
    expect(screen.getByText("Songs you like will appear here")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Play All" }).hasAttribute("disabled")).toBe(true);
  });

  it("shows the error, not '0 songs', when the liked songs failed to load", async () => {
    const failed = () => {
      throw trpcError("INTERNAL_SERVER_ERROR", "Database unavailable");
    };
    renderLikedSongs({ likedSongs: { list: failed, count: failed } });
    expect(await screen.findAllByText(/Database unavailable/)).not.toHaveLength(0);
    expect(screen.getByTestId("liked-songs-count").textContent).not.toMatch(/\d+ songs?/);
  });

  it("with no network, shows the liked songs downloaded for offline listening", async () => {
    const kept = liked([song(1, { title: "Midnight Drive" }), song(2)]);
    localStorage.setItem(
      DOWNLOADS_KEY,
      JSON.stringify({
        items: [
          {
            kind: "liked",
            id: "liked",
            key: "liked:liked",
            title: "Liked Songs",
            songs: kept,
            quality: "high",
            bytes: 2000,
            downloadedAt: 1,
          },
        ],
        confirmedAt: Date.now(),
      }),
    );
    resetDownloadsForTests();
    const offline = () => {
      throw new TypeError("Failed to fetch");
    };
    const { player } = renderLikedSongs({ likedSongs: { list: offline, count: offline } });
    const rows = await screen.findAllByTestId("song-row");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("Midnight Drive"),
      expect.stringContaining("Song 2"),
    ]);
    expect(screen.getByText("2 songs")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Play All" }));
    expect(player.startPlaylist).toHaveBeenCalledWith(kept);
  });

  it("downloads every liked song, reading the pages the screen has not shown", async () => {
    const { callsTo } = renderLikedSongs({
      likedSongs: {
        list: ({ cursor }) => (cursor ? page(liked(songs(2, 51))) : page(liked(songs(50)), "page-2")),
        count: () => ({ count: 52 }),
      },
    });
    expect(await screen.findAllByTestId("song-row")).toHaveLength(50);
    await userEvent.click(screen.getByRole("button", { name: "Download" }));
    await waitFor(() =>
      expect(callsTo("likedSongs.list").map((call) => call.input)).toContainEqual({
        limit: 100,
        cursor: "page-2",
      }),
    );
  });

  it("loads the next page as the list goes on", async () => {
    const { callsTo } = renderLikedSongs({
      likedSongs: {
        list: ({ cursor }) => (cursor ? page(liked(songs(2, 51))) : page(liked(songs(50)), "page-2")),
        count: () => ({ count: 52 }),
      },
    });
    expect(await screen.findAllByTestId("song-row")).toHaveLength(50);
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByTestId("song-row")).toHaveLength(52));
    expect(callsTo("likedSongs.list").map((call) => call.input)).toMatchObject([
      { limit: 50 },
      { limit: 50, cursor: "page-2" },
    ]);
    expect(screen.getByText("52 songs")).toBeTruthy();
  });
});
