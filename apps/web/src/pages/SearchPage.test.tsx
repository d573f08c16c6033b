import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { album, artist, page, playlist, playlistDetail, song, songs } from "../test-utils/catalog";
import { renderRoute } from "../test-utils/render";
import { SUGGESTION_LIMIT } from "@purplebeats/contracts/constants";
import { pending } from "../test-utils/trpc-fixtures";
import { accountFixtures, PI_USER } from "../features/account/test-fixtures";
import { everythingInView } from "../test-utils/in-view";

/** search.all's response when no artist, album, playlist or genre matches. */
const NO_SECTIONS = { songs: [], playlists: [], artists: [], albums: [], genre: null };

describe("Search page", () => {
  it("without text: 'Browse by Genre' and a button per genre to its category", async () => {
    renderRoute("/search");
    expect(await screen.findByRole("heading", { name: "Browse by Genre" })).toBeTruthy();
    const genres = within(screen.getByTestId("browse-genres"));
    expect((await genres.findByRole("link", { name: "Hip Hop" })).getAttribute("href")).toBe(
      "/category/Hip%20Hop",
    );
    expect(genres.getByRole("link", { name: "R&B" }).getAttribute("href")).toBe("/category/R%26B");
    expect(genres.getAllByRole("link")).toHaveLength(3);
  });

  it("with text: the heading and five placeholder rows while results load", async () => {
    renderRoute("/search?q=night", { fixtures: { songs: { search: pending } } });
    expect(await screen.findByRole("heading", { name: 'Search results for "night"' })).toBeTruthy();
    expect(within(screen.getByTestId("search-results")).getAllByTestId("skeleton")).toHaveLength(5);
  });

  it("lists the matching songs, from a single character", async () => {
    const found = songs(3);
    const { callsTo, player } = renderRoute("/search?q=s", {
      fixtures: { songs: { search: () => page(found) } },
    });
    expect(await screen.findAllByTestId("song-row")).toHaveLength(3);
    expect(callsTo("songs.search")[0]?.input).toMatchObject({ q: "s", limit: 20 });
    await userEvent.click(screen.getByRole("button", { name: "Play Song 2" }));
    expect(player.toggleSong).toHaveBeenCalledWith(found[1], found);
  });

  it("links the artists and albums sections to the artist and album pages", async () => {
    everythingInView();
    const singer = artist(1, { name: "Nova Lane" });
    renderRoute("/search?q=nova", {
      fixtures: {
        search: {
          all: () => ({
            songs: [],
            playlists: [],
            artists: [singer],
            albums: [{ ...album(2, { title: "Nova Nights" }), artist: singer }],
            genre: null,
          }),
        },
      },
    });
    const artists = within(await screen.findByTestId("search-artists"));
    expect(artists.getByRole("link", { name: /Nova Lane/ }).getAttribute("href")).toBe(
      `/artist/${singer.id}`,
    );
    const albums = within(screen.getByTestId("search-albums"));
    expect(albums.getByRole("link", { name: /Nova Nights/ }).getAttribute("href")).toBe(
      `/album/${album(2).id}`,
    );
  });

  it("lists the songs of the genre the text names, with the way to all of them, and matching playlists", async () => {
    everythingInView();
    renderRoute("/search?q=rock", {
      fixtures: {
        search: {
          all: () => ({
            songs: [],
            playlists: [playlist(3, { name: "Rock Classics" })],
            artists: [],
            albums: [],
            genre: { name: "Rock", songs: [song(7, { title: "Thunder Road", genre: "Rock" })] },
          }),
        },
      },
    });
    const genre = within(await screen.findByTestId("search-genre"));
    expect(genre.getByRole("heading", { name: "Rock" })).toBeTruthy();
    expect(genre.getByText("Thunder Road")).toBeTruthy();
    expect(genre.getByRole("link", { name: "All Rock songs" }).getAttribute("href")).toBe("/category/Rock");
    expect(within(screen.getByTestId("search-playlists")).getByText("Rock Classics")).toBeTruthy();
    expect(screen.queryByTestId("search-artists")).toBeNull();
    expect(screen.queryByTestId("search-albums")).toBeNull();
  });

  it("reads and renders the other sections only once a scroll nears them", async () => {
    const { callsTo } = renderRoute("/search?q=nova", {
      fixtures: {
        songs: { search: () => page(songs(3)) },
        search: { all: () => ({ ...NO_SECTIONS, artists: [artist(1)] }) },
      },
    });
    expect(await screen.findAllByTestId("song-row")).toHaveLength(3);
    expect(screen.getByTestId("near-view-marker")).toBeTruthy();
    expect(callsTo("search.all")).toHaveLength(0);
    expect(screen.queryByTestId("search-artists")).toBeNull();
  });

  it("says when nothing matches, in any section", async () => {
    renderRoute("/search?q=zzz", {
      fixtures: { songs: { search: () => page([]) }, search: { all: () => NO_SECTIONS } },
    });
    expect(await screen.findByText('No results found for "zzz"')).toBeTruthy();
  });

  it("no songs but an album matches: the album, without saying nothing was found", async () => {
    everythingInView();
    renderRoute("/search?q=love", {
      fixtures: {
        songs: { search: () => page([]) },
        search: { all: () => ({ ...NO_SECTIONS, albums: [album(4, { title: "Love Letters" })] }) },
      },
    });
    const albums = within(await screen.findByTestId("search-albums"));
    expect(albums.getByRole("link", { name: /Love Letters/ })).toBeTruthy();
    expect(screen.queryByText(/No results found/)).toBeNull();
  });

  it("loads more results on request", async () => {
    const { callsTo } = renderRoute("/search?q=song", {
      fixtures: {
        songs: {
          search: ({ cursor }) => (cursor ? page(songs(2, 21)) : page(songs(20), "next-page")),
        },
      },
    });
    expect(await screen.findAllByTestId("song-row")).toHaveLength(20);
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Song 22")).toBeTruthy();
    expect(callsTo("songs.search").at(-1)?.input).toMatchObject({ cursor: "next-page" });
  });

  it("while adding songs to one's own playlist: the way back and its name", async () => {
    const mine = playlistDetail(5, songs(2), { id: "road-trip", name: "Road Trip", isOwn: true });
    renderRoute("/search?q=song&playlist=road-trip", {
      fixtures: { ...accountFixtures({ user: PI_USER }), playlists: { byId: () => mine } },
    });
    const back = await screen.findByRole("link", { name: "Back to Road Trip" });
    expect(back.getAttribute("href")).toBe("/playlist/road-trip");
    expect(screen.getByText("Adding songs to: Road Trip")).toBeTruthy();
  });

  it.each([
    ["a system playlist", { id: "purple-vibes", name: "Purple Vibes", isOwn: false }],
    ["someone else's playlist", { id: "their-mix", name: "Their Mix", isOwn: false }],
  ])("does not offer adding songs to %s (the server would refuse): plain search", async (_label, target) => {
    renderRoute(`/search?q=song&playlist=${target.id}`, {
      fixtures: {
        ...accountFixtures({ user: PI_USER }),
        playlists: { byId: () => playlistDetail(5, songs(2), target) },
        songs: { search: () => page(songs(3)) },
      },
    });
    expect(await screen.findAllByTestId("song-row")).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId("adding-to-playlist")).toBeNull();
    expect(screen.queryByRole("button", { name: /add .* to/i })).toBeNull();
  });

  it("shows the query in the search box, without asking for suggestions until it is used", async () => {
    const { callsTo } = renderRoute("/search?q=night%20drive");
    expect(((await screen.findByRole("combobox")) as HTMLInputElement).value).toBe("night drive");
    await screen.findByTestId("search-results");
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The results page's sections read search.all too (six of each); suggestions are the box's reads.
    const suggestions = callsTo("search.all").filter(
      (call) => (call.input as { limit?: number }).limit === SUGGESTION_LIMIT,
    );
    expect(suggestions).toHaveLength(0);
  });
});
