import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ARRIVING_DATA_WAIT_MS } from "../lib/arriving-data";
import { playlistDetail, songs } from "../test-utils/catalog";
import type { PlaylistDetailDto } from "@purplebeats/contracts/schemas";
import { renderRoute } from "../test-utils/render";
import { trpcError } from "../test-utils/trpc-fixtures";

describe("Playlist page", () => {
  it("shows the playlist: cover placeholder, name, description, count and numbered songs", async () => {
    renderRoute("/playlist/playlist-1");
    expect(await screen.findByRole("heading", { name: "Playlist 1" })).toBeTruthy();
    expect(screen.getByText("Description 1")).toBeTruthy();
    expect(screen.getByText("4 songs")).toBeTruthy();
    expect(screen.getAllByTestId("cover-placeholder").length).toBeGreaterThan(0);
    const rows = screen.getAllByTestId("song-row");
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => row.textContent?.[0])).toEqual(["1", "2", "3", "4"]);
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
  });

  it("names someone else's playlist's owner (the API sends a name, never a uid), not one's own", async () => {
    const theirs = renderRoute("/playlist/mix", {
      fixtures: {
        playlists: {
          byId: () => playlistDetail(9, songs(2), { id: "mix", owner: { name: "Olive", handle: "olive" } }),
        },
      },
    });
    const owner = await screen.findByRole("link", { name: /Olive/ });
    expect(owner.getAttribute("href")).toBe("/user/olive");
    expect(owner.textContent).toBe("Olive @olive");
    theirs.unmount();
    renderRoute("/playlist/mix", {
      fixtures: {
        playlists: {
          byId: () =>
            playlistDetail(9, songs(2), {
              id: "mix",
              name: "Mine",
              owner: { name: "Me", handle: "me" },
              isOwn: true,
            }),
        },
      },
    });
    expect(await screen.findByRole("heading", { name: "Mine" })).toBeTruthy();
    expect(screen.queryByText("By Me")).toBeNull();
  });

  it("plays all songs in order, or shuffled", async () => {
    const tracks = songs(6);
    const { player } = renderRoute("/playlist/mix", {
      fixtures: { playlists: { byId: () => playlistDetail(9, tracks, { id: "mix", name: "Mix" }) } },
    });
    const ids = (list: { id: string }[] = []) => list.map((track) => track.id);
    const started = vi.mocked(player.startPlaylist).mock.calls;

    await userEvent.click(await screen.findByRole("button", { name: "Play All" }));
    expect(ids(started[0]?.[0])).toEqual(ids(tracks));

    await userEvent.click(screen.getByRole("button", { name: "Shuffle" }));
    const shuffledIds = ids(started[1]?.[0]);
    expect(shuffledIds).toHaveLength(tracks.length);
    expect([...shuffledIds].sort()).toEqual(ids(tracks).sort());
  });

  it("an empty playlist says so and cannot be played", async () => {
    renderRoute("/playlist/empty", {
      fixtures: { playlists: { byId: () => playlistDetail(2, [], { id: "empty", name: "Empty" }) } },
    });
    expect(await screen.findByText("This playlist is empty")).toBeTruthy();
    expect(screen.getByText("0 songs")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Play All" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("button", { name: "Shuffle" }).hasAttribute("disabled")).toBe(true);
  });

  it("says 'Playlist not found' when the API does not know the id", async () => {
    renderRoute("/playlist/nope", {
      fixtures: {
        playlists: {
          byId: () => {
            throw trpcError("NOT_FOUND", "Playlist not found");
          },
        },
      },
    });
    expect(await screen.findByText("Playlist not found")).toBeTruthy();
  });

  it("says 'Playlist not found' for an id that cannot exist (the API refuses it)", async () => {
    renderRoute("/playlist/%20bad%20id%20", {
      fixtures: {
        playlists: {
          byId: () => {
            throw trpcError("BAD_REQUEST", "playlist id may contain only letters, digits, '-' and '_'");
          },
        },
      },
    });
    expect(await screen.findByText("Playlist not found")).toBeTruthy();
  });

  it("shows other failures in SPEC.md's '{status}: {text}' form", async () => {
    renderRoute("/playlist/broken", {
      fixtures: {
        playlists: {
          byId: () => {
            throw trpcError("INTERNAL_SERVER_ERROR", "Database unavailable");
          },
        },
      },
    });
    expect(await screen.findByText("500: Database unavailable")).toBeTruthy();
  });
});

describe("Opening a playlist from Home's card", () => {
  /** Every 'Loading playlist' screen the document held, however briefly (a commit the eye may miss). */
  function loadingScreensSeen(): () => number {
    let seen = 0;
    const observer = new MutationObserver(() => {
      if (document.querySelector('[aria-label="Loading playlist"]')) seen++;
    });
    observer.observe(document.body, { subtree: true, childList: true });
    cleanups.push(() => observer.disconnect());
    return () => seen;
  }
  const cleanups: Array<() => void> = [];
  afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

  /** Home, then a touch on the first 'Made For You' card, whose songs respond when the test says. */
  async function touchCard() {
    let respond = () => {};
    const response = new Promise<PlaylistDetailDto>((resolve) => {
      respond = () => resolve(playlistDetail(1, songs(5)));
    });
    const view = renderRoute("/", { fixtures: { playlists: { byId: () => response } } });
    const section = await screen.findByTestId("home-section-made-for-you");
    const link = (await within(section).findAllByRole("link"))[0]!;
    await import("./PlaylistPage"); // the card preloads the screen's code at idle
    const loadingScreens = loadingScreensSeen();
    fireEvent.touchStart(link);
    fireEvent.click(link);
    return { ...view, loadingScreens, respond };
  }

  it("keeps Home until the songs asked for at the touch arrive, then shows the rows without a loading screen", async () => {
    // The wait is stretched so that the response surely comes inside it on a loaded machine.
    const setTimer = window.setTimeout;
    let waiting = false;
    const timers = vi.spyOn(window, "setTimeout").mockImplementation(((run: () => void, ms?: number) => {
      if (ms !== ARRIVING_DATA_WAIT_MS) return setTimer(run, ms);
      waiting = true;
      return setTimer(run, 60_000);
    }) as typeof window.setTimeout);
    cleanups.push(() => timers.mockRestore());
    const { loadingScreens, location, respond } = await touchCard();
    await waitFor(() => expect(waiting || loadingScreens() > 0).toBe(true));
    expect(screen.getByTestId("home-section-made-for-you")).toBeTruthy();
    respond();
    expect(await screen.findByText("Playlist 1", { selector: "h1" })).toBeTruthy();
    expect(location()).toBe("/playlist/playlist-1");
    expect(screen.getAllByTestId("song-row").length).toBeGreaterThan(0);
    // Home is hidden as the playlist shows, and taken out after that frame (first-screen/Screens.tsx).
    await waitFor(() => expect(screen.queryByTestId("home-section-made-for-you")).toBeNull());
    expect(loadingScreens()).toBe(0);
  });

  it("shows the loading screen when the songs take longer than the wait", async () => {
    const { respond } = await touchCard();
    await waitFor(() => expect(document.querySelector('[aria-label="Loading playlist"]')).not.toBeNull());
    await waitFor(() => expect(screen.queryByTestId("home-section-made-for-you")).toBeNull());
    respond();
    expect(await screen.findByText("Playlist 1", { selector: "h1" })).toBeTruthy();
  });
});
