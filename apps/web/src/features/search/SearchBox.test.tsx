import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { artist, playlist, song, songs } from "../../test-utils/catalog";
import { renderWithProviders } from "../../test-utils/render";
import type { Fixtures } from "../../test-utils/trpc-fixtures";
import { SearchBox } from "./SearchBox";
import { SUGGESTION_DEBOUNCE_MS } from "./useSearchSuggestions";

const mixed: Fixtures = {
  search: {
    all: () => ({
      songs: [song(1, { title: "Midnight Drive", artist: { ...artist(1), name: "Nova" } })],
      playlists: [playlist(1, { id: "purple-vibes", name: "Purple Vibes", songCount: 12 })],
      artists: [artist(9, { name: "Midnight Crew" })],
      albums: [],
      genre: null,
    }),
  },
};

function renderSearchBox(fixtures: Fixtures = mixed, route = "/") {
  const view = renderWithProviders(<SearchBox />, { fixtures, route });
  return { ...view, input: screen.getByRole("combobox") };
}

const options = () => {
  const list = screen.queryByTestId("search-suggestions");
  return list ? within(list).getAllByRole("option") : [];
};
const settle = () => new Promise((resolve) => setTimeout(resolve, SUGGESTION_DEBOUNCE_MS + 100));

describe("SearchBox", () => {
  it("has SPEC.md's placeholder", () => {
    renderSearchBox();
    expect(screen.getByPlaceholderText("Search songs, artists, albums...")).toBeTruthy();
  });

  it("suggests nothing, and asks nothing, under 2 characters", async () => {
    const { input, callsTo } = renderSearchBox();
    await userEvent.type(input, "m");
    await settle();
    expect(options()).toHaveLength(0);
    expect(screen.queryByTestId("search-suggestions")).toBeNull();
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(callsTo("search.all")).toHaveLength(0);
  });

  it("shows songs, playlists and artists with their labels from 2 characters", async () => {
    const { input, callsTo } = renderSearchBox();
    await userEvent.type(input, "mi");
    const listbox = await screen.findByRole("listbox");
    expect(input.getAttribute("aria-expanded")).toBe("true");
    const [first, second, third] = within(listbox).getAllByRole("option");
    expect(first?.textContent).toBe("Midnight DriveNova");
    expect(second?.textContent).toBe("Purple VibesPlaylist • 12 songs");
    expect(third?.textContent).toBe("Midnight CrewArtist");
    expect(callsTo("search.all").at(-1)?.input).toEqual({ q: "mi", limit: 8 });
  });

  it("shows at most 8 suggestions", async () => {
    const { input } = renderSearchBox({
      search: {
        all: () => ({
          songs: songs(10),
          playlists: [playlist(1), playlist(2)],
          artists: [artist(1)],
          albums: [],
          genre: null,
        }),
      },
    });
    await userEvent.type(input, "song");
    await screen.findByRole("listbox");
    expect(options()).toHaveLength(8);
  });

  it("runs the search with a chosen song's title", async () => {
    const { input, location } = renderSearchBox();
    await userEvent.type(input, "mid");
    await userEvent.click(await screen.findByRole("option", { name: /Midnight Drive/ }));
    expect(location()).toBe("/search?q=Midnight%20Drive");
    expect((input as HTMLInputElement).value).toBe("Midnight Drive");
  });

  it("opens a chosen playlist or artist", async () => {
    const { input, location } = renderSearchBox();
    await userEvent.type(input, "mid");
    await userEvent.click(await screen.findByRole("option", { name: /Purple Vibes/ }));
    expect(location()).toBe("/playlist/purple-vibes");

    await userEvent.clear(input);
    await userEvent.type(input, "crew");
    // The list for 'crew', not the one for 'mid' still shown while the new one loads (on a loaded machine,
    // a tap on the old list's entry lands on an element that is about to be replaced).
    await waitFor(() => expect(screen.queryByRole("option", { name: /Purple Vibes/ })).toBeNull());
    await userEvent.click(await screen.findByRole("option", { name: /Midnight Crew/ }));
    expect(location()).toBe(`/artist/${artist(9).id}`);
  });

  it("is keyboard navigable: arrows move, Enter chooses, Escape closes", async () => {
    const { input, location } = renderSearchBox();
    await userEvent.type(input, "mid");
    await screen.findByRole("listbox");
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    const active = screen.getByRole("option", { name: /Purple Vibes/ });
    expect(active.getAttribute("aria-selected")).toBe("true");
    expect(input.getAttribute("aria-activedescendant")).toBe(active.id);
    await userEvent.keyboard("{Escape}");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    await userEvent.keyboard("{ArrowUp}{Enter}");
    expect(location()).toBe(`/artist/${artist(9).id}`);
  });

  it("searches for the typed text on submit", async () => {
    const { input, location } = renderSearchBox();
    await userEvent.type(input, "  night drive {Enter}");
    expect(location()).toBe("/search?q=night%20drive");
  });

  it("ignores a blank submit", async () => {
    const { input, location } = renderSearchBox();
    await userEvent.type(input, "   {Enter}");
    expect(location()).toBe("/");
  });

  it("keeps adding to the same playlist when searching again", async () => {
    const { input, location } = renderSearchBox(mixed, "/search?q=old&playlist=purple-vibes");
    await userEvent.type(input, "new{Enter}");
    await waitFor(() => expect(location()).toBe("/search?q=new&playlist=purple-vibes"));
  });
});
