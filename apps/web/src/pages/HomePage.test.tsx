import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { page, playlist, songs } from "../test-utils/catalog";
import { renderRoute } from "../test-utils/render";
import { pending } from "../test-utils/trpc-fixtures";

const section = (testId: string) => screen.findByTestId(testId);

describe("Home", () => {
  it("shows 8, 3, 4, 3 and 5 placeholders while the sections load", async () => {
    renderRoute("/", {
      fixtures: {
        songs: { recentlyPlayed: pending, trending: pending, list: pending },
        playlists: { list: pending },
      },
    });
    const expected = {
      "home-section-recently-played": 8,
      "home-section-made-for-you": 3,
      "home-section-trending-now": 4,
      "home-section-new-releases": 3,
      "home-section-top-charts": 5,
    };
    for (const [testId, count] of Object.entries(expected)) {
      expect(within(await section(testId)).getAllByTestId("skeleton")).toHaveLength(count);
    }
  });

  it("shows the five sections with SPEC.md's titles and counts", async () => {
    renderRoute("/");
    expect(await screen.findByRole("heading", { name: "Recently Played" })).toBeTruthy();
    for (const title of ["Made For You", "Trending Now", "New Releases", "Top Charts"]) {
      expect(screen.getByRole("heading", { name: title })).toBeTruthy();
    }
    // Recently played: first 8 of 10.
    const recent = await section("home-section-recently-played");
    expect(await within(recent).findAllByTestId("song-tile")).toHaveLength(8);
    // Made For You: every playlist, with its count.
    const madeForYou = await section("home-section-made-for-you");
    expect(await within(madeForYou).findAllByTestId("playlist-card")).toHaveLength(3);
    expect(within(madeForYou).getByText("11 songs")).toBeTruthy();
    // Trending now: first 4; new releases: first 3; top charts: first 5, numbered.
    expect(
      await within(await section("home-section-trending-now")).findAllByTestId("song-tile"),
    ).toHaveLength(4);
    expect(await within(await section("home-section-new-releases")).findAllByTestId("song-row")).toHaveLength(
      3,
    );
    const charts = await within(await section("home-section-top-charts")).findAllByTestId("song-row");
    expect(charts.map((row) => row.textContent?.match(/^\d/)?.[0])).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("has the header: logo, title, search box and 'Go Premium'", async () => {
    renderRoute("/");
    expect(await screen.findByRole("heading", { name: "PurpleBeats" })).toBeTruthy();
    expect(screen.getByPlaceholderText("Search songs, artists, albums...")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go Premium" }).getAttribute("href")).toBe("/premium");
  });

  it("gives a new listener something to play instead of an empty 'Recently Played': trending songs, said so", async () => {
    const trending = songs(6, 201);
    const { player } = renderRoute("/", {
      fixtures: { songs: { recentlyPlayed: () => page([]), trending: () => page(trending) } },
    });
    const section = await screen.findByTestId("home-section-recently-played");
    expect(await within(section).findByText("Nothing played yet: start with what's trending.")).toBeTruthy();
    const tiles = await within(section).findAllByTestId("song-tile");
    expect(tiles.length).toBeGreaterThanOrEqual(4);
    expect(within(tiles[0]!).getByText(trending[0]!.title)).toBeTruthy();
    expect(tiles[0]!.getAttribute("aria-label")).toBe(`Play ${trending[0]!.title}`);
    await userEvent.click(tiles[0]!);
    expect(player.toggleSong).toHaveBeenCalledWith(trending[0], trending);
  });

  it("'Made For You': the editorial playlists, then the listener's own and liked ones, each once", async () => {
    const editorial = playlist(1, { name: "Discover Weekly", id: "discover-weekly" });
    const mine = playlist(2, { name: "My Road Trip", id: "mine" });
    const liked = playlist(3, { name: "A Friend's Mix", id: "friends" });
    renderRoute("/", {
      fixtures: {
        playlists: { list: () => page([editorial]) },
        myPlaylists: { list: () => page([mine]) },
        likedPlaylists: {
          list: () => page([liked, editorial].map((p) => ({ ...p, likedAt: "2025-02-01T00:00:00.000Z" }))),
        },
      },
    });
    const strip = await screen.findByTestId("home-section-made-for-you");
    await waitFor(() =>
      expect(
        within(strip)
          .getAllByTestId("playlist-card")
          .map((card) => card.textContent),
      ).toEqual([
        expect.stringContaining("Discover Weekly"),
        expect.stringContaining("My Road Trip"),
        expect.stringContaining("A Friend's Mix"),
      ]),
    );
  });

  it("reads the three songs 'New Releases' shows, not the player's pool", async () => {
    const { callsTo } = renderRoute("/", { fixtures: { songs: { list: () => page(songs(3)) } } });
    const section = await screen.findByTestId("home-section-new-releases");
    await waitFor(() => expect(within(section).getAllByTestId("song-row")).toHaveLength(3));
    expect(callsTo("songs.list").map((call) => call.input)).toEqual([{ limit: 3 }]);
  });

  it("plays a recently played song with the strip as its queue", async () => {
    const recent = songs(3, 50);
    const { player } = renderRoute("/", { fixtures: { songs: { recentlyPlayed: () => page(recent) } } });
    await userEvent.click(await screen.findByRole("button", { name: "Play Song 51" }));
    expect(player.toggleSong).toHaveBeenCalledWith(recent[1], recent);
  });

  it("opens a playlist from its card and plays it from its play button", async () => {
    const { player, location } = renderRoute("/", {
      fixtures: {
        playlists: { list: () => page([playlist(7, { name: "Purple Vibes", id: "purple-vibes" })]) },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Play Purple Vibes" }));
    expect(player.playPlaylistById).toHaveBeenCalledWith("purple-vibes");
    await userEvent.click(screen.getByRole("link", { name: /Purple Vibes/ }));
    // Navigation waits for the next screen's code (a transition), so the address changes a moment later.
    await waitFor(() => expect(location()).toBe("/playlist/purple-vibes"));
  });

  it("shows what followed listeners did under 'From people you follow', each linked", async () => {
    const grace = { handle: "grace.h", name: "Grace Hopper", imageUrl: null };
    renderRoute("/", {
      fixtures: {
        activity: {
          feed: () =>
            page([
              {
                id: "p:1",
                at: new Date().toISOString(),
                kind: "playlist" as const,
                listener: grace,
                updated: true,
                playlist: playlist(4, { name: "Night Drive" }),
              },
              {
                id: "r:1",
                at: "2026-01-02T10:00:00.000Z",
                kind: "release" as const,
                artist: { id: "artist-a", name: "Luna Tide", imageUrl: null },
                album: { id: "album-1", title: "Tides", imageUrl: null },
              },
            ]),
        },
      },
    });
    const shelf = await section("home-section-following-activity");
    expect(within(shelf).getByRole("heading", { name: "From people you follow" })).toBeTruthy();
    const night = await within(shelf).findByRole("link", {
      name: /Grace Hopper updated the playlist Night Drive/,
    });
    expect(night.getAttribute("href")).toBe("/playlist/playlist-4");
    expect(
      within(shelf)
        .getByRole("link", { name: /Luna Tide released Tides/ })
        .getAttribute("href"),
    ).toBe("/album/album-1");
  });

  it("invites a listener who follows no one to follow people", async () => {
    renderRoute("/");
    const shelf = await section("home-section-following-activity");
    expect(await within(shelf).findByText(/Follow listeners and artists to see/)).toBeTruthy();
  });
});
