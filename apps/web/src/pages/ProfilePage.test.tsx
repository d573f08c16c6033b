import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { focusManager } from "@tanstack/react-query";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  accountFixtures,
  ADMIN_USER,
  GUEST_USER,
  PI_USER,
  premiumMembership,
} from "../features/account/test-fixtures";
import { page, playlist, songs } from "../test-utils/catalog";
import { renderRoute } from "../test-utils/render";
import type { Fixtures } from "../test-utils/trpc-fixtures";

const STATS = {
  playlists: 2,
  likedSongs: 17,
  plays: 321,
  listeningSeconds: 1284 * 3600 + 120,
  listeningSecondsThisMonth: 3 * 3600 + 59,
  topTracks: songs(5, 301),
};

/** Each window has its own top: 4 weeks two songs of one artist, all time five songs of two. */
const TOP = {
  "4w": { tracks: songs(2, 401), artists: [{ id: "artist-a", name: "Luna Tide", imageUrl: null, plays: 9 }] },
  "6m": { tracks: songs(3, 501), artists: [] },
  all: {
    tracks: songs(5, 601),
    artists: [
      { id: "artist-b", name: "Deep Harbor", imageUrl: null, plays: 40 },
      { id: "artist-a", name: "Luna Tide", imageUrl: null, plays: 1 },
    ],
  },
} as const;

const FOLLOWS: Fixtures["follows"] = {
  profile: ({ handle }) => ({
    handle,
    name: "Ada Lovelace",
    imageUrl: null,
    isPrivate: false,
    isOwn: true,
    isFollowing: false,
    followers: 7,
    following: 1234,
    playlists: [],
  }),
  following: () => ({
    items: [
      { kind: "listener" as const, handle: "grace.h", name: "Grace Hopper", imageUrl: null },
      { kind: "artist" as const, id: "artist-a", name: "Luna Tide", imageUrl: null },
    ],
    nextCursor: null,
  }),
};

const listener = (extra: Fixtures = {}, options: Parameters<typeof accountFixtures>[0] = {}): Fixtures => {
  const base = accountFixtures({ user: PI_USER, name: "Ada Lovelace", ...options });
  return {
    ...base,
    myPlaylists: {
      list: () => page([playlist(7, { name: "Road Trip", songCount: 12 })]),
    },
    ...extra,
    follows: { ...base.follows, ...FOLLOWS, ...extra.follows },
    profile: {
      ...base.profile,
      stats: () => STATS,
      top: ({ range = "4w" }) => ({
        range,
        tracks: [...TOP[range].tracks],
        artists: [...TOP[range].artists],
      }),
      ...extra.profile,
    },
  };
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

// Whole screens with lazy parts: allow for a busy machine.
vi.setConfig({ testTimeout: 20_000 });

// The screen is a lazy route: load its module up front so the first test does not wait for it.
beforeAll(async () => {
  await import("./ProfilePage");
});

describe("Profile", () => {
  it("has the listening settings: a free listener sees High quality locked, normalisation on", async () => {
    renderRoute("/profile", { fixtures: listener() });
    const settings = await screen.findByRole("region", { name: "Listening settings" });
    expect(within(settings).getByRole("radio", { name: "High (320 kbps) Premium" })).toHaveProperty(
      "checked",
      false,
    );
    expect(within(settings).getByRole("radio", { name: "Standard (128 kbps)" })).toHaveProperty(
      "checked",
      true,
    );
    expect(within(settings).getByRole("switch", { name: /Normalize volume/ })).toHaveProperty(
      "checked",
      true,
    );
  });

  it("shows who the listener is: sticky header, initials, name, badge, counts and buttons", async () => {
    renderRoute("/profile", { fixtures: listener() });
    expect(await screen.findByRole("heading", { name: "Ada Lovelace", level: 2 })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Profile", level: 1 })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" })).toBeTruthy();
    expect(screen.getAllByText("AL").length).toBeGreaterThan(0);
    expect(screen.getByText("Free Account")).toBeTruthy();
    await waitFor(() => expect(screen.getByText("Followers").previousSibling?.textContent).toBe("7"));
    expect(screen.getByText("Following", { selector: "dt" }).previousSibling?.textContent).toBe("1,234");
    expect(screen.getByText("@pioneer")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText("Playlists", { selector: "dt" }).previousSibling?.textContent).toBe("2"),
    );
    expect(screen.getByRole("link", { name: "Edit Profile" }).getAttribute("href")).toBe("/edit-profile");
    // One's own profile has no Follow button: it links to how others see it.
    expect(screen.queryByRole("button", { name: /Follow/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Public Profile" }).getAttribute("href")).toBe("/user/pioneer");
    expect(screen.getByRole("button", { name: "Log out" })).toBeTruthy();
    expect(screen.queryByTestId("pi-sign-in")).toBeNull();
    expect(screen.queryByRole("link", { name: "Admin Dashboard" })).toBeNull();
  });

  it("gives an admin the way to the dashboard", async () => {
    renderRoute("/profile", { fixtures: listener({}, { user: ADMIN_USER }) });
    expect((await screen.findByRole("link", { name: "Admin Dashboard" })).getAttribute("href")).toBe(
      "/admin",
    );
  });

  it("says 'Premium Member' for a premium member, and 'Premium User' when the profile has no name", async () => {
    renderRoute("/profile", { fixtures: listener({}, { membership: premiumMembership(), name: "" }) });
    expect(await screen.findByText("Premium Member")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Premium User", level: 2 })).toBeTruthy();
  });

  it("offers a guest the Pi sign-in and Reset Profile", async () => {
    renderRoute("/profile", { fixtures: listener({}, { user: GUEST_USER, name: "Guest User" }) });
    expect(await screen.findByTestId("pi-sign-in")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reset Profile" })).toBeTruthy();
    expect(screen.getByText(/authentication requires the Pi Browser/i)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Log out" })).toBeNull();
  });

  it("Overview: listening time this month and in all, top tracks and artists per window, the last 10 played", async () => {
    const { callsTo } = renderRoute("/profile", {
      fixtures: listener({ songs: { recentlyPlayed: () => page(songs(12, 700)) } }),
    });
    const stats = await screen.findByTestId("listening-stats");
    await waitFor(() => expect(within(stats).getByText("1,284 hours")).toBeTruthy());
    expect(within(stats).getByText("This month").previousSibling?.textContent).toBe("3 hours");
    expect(within(stats).getByText("321")).toBeTruthy();
    expect(within(stats).getByText("17")).toBeTruthy();

    const titlesIn = async (name: string) =>
      within(await screen.findByRole("list", { name }))
        .getAllByTestId("song-row")
        .map((row) => row.textContent);
    await waitFor(async () => expect(await titlesIn("Top Tracks")).toHaveLength(2));
    const artists = await screen.findByRole("list", { name: "Top Artists" });
    expect(
      within(artists)
        .getByRole("link", { name: /Luna Tide/ })
        .getAttribute("href"),
    ).toBe("/artist/artist-a");
    expect(within(artists).getByText("9 plays")).toBeTruthy();

    await userEvent.click(screen.getByRole("radio", { name: "All time" }));
    await waitFor(async () => expect(await titlesIn("Top Tracks")).toHaveLength(5));
    expect(callsTo("profile.top").map((call) => (call.input as { range?: string }).range)).toContain("all");
    const allTime = within(await screen.findByRole("list", { name: "Top Artists" })).getAllByRole("link");
    expect(allTime.map((link) => link.textContent)).toEqual(["DHDeep Harbor40 plays", "LTLuna Tide1 play"]);

    const recent = await screen.findByRole("list", { name: "Recently Played" });
    expect(within(recent).getAllByTestId("song-row")).toHaveLength(10);
  });

  it("'My Playlists' opens the Playlists tab: Liked Songs and the listener's playlists", async () => {
    renderRoute("/profile", { fixtures: listener() });
    await userEvent.click(await screen.findByRole("button", { name: "My Playlists" }));
    const list = await screen.findByRole("list", { name: "Your playlists" });
    expect(
      within(list)
        .getByRole("link", { name: /Liked Songs/ })
        .getAttribute("href"),
    ).toBe("/liked-songs");
    await waitFor(() => expect(within(list).getByText("17 songs")).toBeTruthy());
    const roadTrip = await within(list).findByRole("link", { name: /Road Trip/ });
    expect(roadTrip.getAttribute("href")).toBe("/playlist/playlist-7");
    expect(within(roadTrip).getByText("12 songs")).toBeTruthy();
  });

  it("says 'No playlists created yet' when there are none", async () => {
    renderRoute("/profile", { fixtures: listener({ myPlaylists: { list: () => page([]) } }) });
    await userEvent.click(await screen.findByRole("tab", { name: "Playlists" }));
    expect(await screen.findByText("No playlists created yet")).toBeTruthy();
  });

  it("Following lists who the listener follows, each linked; Activity says when it has nothing yet", async () => {
    renderRoute("/profile", { fixtures: listener() });
    await userEvent.click(await screen.findByRole("tab", { name: "Following" }));
    const following = await screen.findByRole("list", { name: "Following" });
    expect(
      within(following)
        .getByRole("link", { name: /Grace Hopper/ })
        .getAttribute("href"),
    ).toBe("/user/grace.h");
    expect(within(following).getByText("@grace.h")).toBeTruthy();
    expect(
      within(following)
        .getByRole("link", { name: /Luna Tide/ })
        .getAttribute("href"),
    ).toBe("/artist/artist-a");
    await userEvent.click(screen.getByRole("tab", { name: "Activity" }));
    expect(await screen.findByText(/Nothing yet: your public playlists, likes and follows/)).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Activity" })).toBeNull();
  });

  it("Activity lists the listener's own playlists, likes and follows, each linked, newest first", async () => {
    const base = listener();
    const me = { handle: "ada", name: "Ada Lovelace", imageUrl: null };
    const { callsTo } = renderRoute("/profile", {
      fixtures: {
        ...base,
        activity: {
          ...base.activity,
          ofListener: () =>
            page([
              {
                id: "a:1",
                at: new Date(Date.now() - 5 * 60_000).toISOString(),
                kind: "artistFollow" as const,
                listener: me,
                artist: { id: "artist-a", name: "Luna Tide", imageUrl: null },
              },
              {
                id: "p:1",
                at: "2026-01-02T10:00:00.000Z",
                kind: "playlist" as const,
                listener: me,
                updated: false,
                playlist: playlist(7, { name: "Road Trip" }),
              },
            ]),
        },
      },
    });
    await userEvent.click(await screen.findByRole("tab", { name: "Activity" }));
    const activity = await screen.findByRole("list", { name: "Activity" });
    const rows = within(activity).getAllByRole("link");
    expect(rows.map((row) => row.getAttribute("href"))).toEqual(["/artist/artist-a", "/playlist/playlist-7"]);
    expect(within(rows[0]!).getByText("Ada Lovelace followed Luna Tide")).toBeTruthy();
    expect(within(rows[0]!).getByText("5m ago")).toBeTruthy();
    expect(within(rows[1]!).getByText("Ada Lovelace made the playlist Road Trip")).toBeTruthy();
    expect(callsTo("activity.ofListener")[0]?.input).toMatchObject({ handle: expect.any(String) });
  });

  it("says so when the listener follows no one", async () => {
    renderRoute("/profile", {
      fixtures: listener({ follows: { ...FOLLOWS, following: () => ({ items: [], nextCursor: null }) } }),
    });
    await userEvent.click(await screen.findByRole("tab", { name: "Following" }));
    expect(await screen.findByText("You are not following anyone yet")).toBeTruthy();
  });

  it("reads the profile again when the window regains focus (and only the profile)", async () => {
    const { callsTo } = renderRoute("/profile", { fixtures: listener() });
    await screen.findByRole("heading", { name: "Ada Lovelace", level: 2 });
    await waitFor(() => expect(callsTo("profile.get")).toHaveLength(1));
    const membershipReads = callsTo("membership.get").length;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(callsTo("profile.get")).toHaveLength(2));
    expect(callsTo("membership.get")).toHaveLength(membershipReads);
    focusManager.setFocused(undefined);
  });
});
