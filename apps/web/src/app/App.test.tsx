import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { screenNameAt } from "../first-screen/lazy-screens";
import { renderRoute } from "../test-utils/render";
import { trpcError } from "../test-utils/trpc-fixtures";

describe("routes", () => {
  it("shows the 404 screen for unknown paths", async () => {
    renderRoute("/no/such/page");
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeTruthy();
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeTruthy();
  });

  it("/landing says where it goes, then goes home", async () => {
    const { location } = renderRoute("/landing");
    // The message shows while the landing screen is up; it hands over to Home at once.
    await waitFor(() => expect(location()).toBe("/"));
    expect(await screen.findByRole("heading", { name: "Recently Played" })).toBeTruthy();
  });

  it.each([
    ["/artist/123", "Artist not found"],
    ["/album/123", "Album not found"],
  ])("%s has its screen (an id that cannot be one: %s)", async (route, message) => {
    const badId = () => {
      throw trpcError("BAD_REQUEST", "id must be a valid id");
    };
    renderRoute(route, {
      fixtures: {
        artists: { byId: badId, topSongs: badId, albums: badId, appearsOn: badId },
        albums: { byId: badId, songs: badId },
      },
    });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText("404 Page Not Found")).toBeNull();
  });

  // The entry loads the first screen's code before hydration (a screen that suspends then can be client
  // rendered again): the album page was server-rendered but its code not preloaded.
  it.each([
    ["/", "HomePage"],
    ["/search", "SearchPage"],
    ["/playlist/discover-weekly", "PlaylistPage"],
    ["/artist/0b6c1c1e-51f7-4c70-9f2a-6a5d1f0f4b11", "ArtistPage"],
    ["/album/0b6c1c1e-51f7-4c70-9f2a-6a5d1f0f4b11", "AlbumPage"],
    ["/no/such/page", "NotFoundPage"],
  ])("preloads for hydration the screen that %s renders (%s)", (route, name) => {
    expect(screenNameAt(route)).toBe(name);
  });

  it("has the four tabs, marking the current one", async () => {
    renderRoute("/search");
    await screen.findByRole("heading", { name: "Browse by Genre" });
    const tabs = ["Home", "Search", "Library", "Liked Songs"].map((name) =>
      screen.getByRole("link", { name }),
    );
    expect(tabs.map((tab) => tab.getAttribute("href"))).toEqual(["/", "/search", "/library", "/liked-songs"]);
    expect(tabs.map((tab) => tab.getAttribute("aria-current"))).toEqual([null, "page", null, null]);
  });
});
