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
  topTracks: songs(5, 301),
};

const listener = (extra: Fixtures = {}, options: Parameters<typeof accountFixtures>[0] = {}): Fixtures => {
  const base = accountFixtures({ user: PI_USER, name: "Ada Lovelace", ...options });
  return {
    ...base,
    myPlaylists: {
      list: () => page([playlist(7, { name: "Road Trip", songCount: 12 })]),
    },
    ...extra,
    profile: { ...base.profile, stats: () => STATS, ...extra.profile },
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
    expect(within(settings).getByRole("radio", { name: "Standard (for slow connections)" })).toHaveProperty(
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
    expect(screen.getByText("Followers").previousSibling?.textContent).toBe("42");
    expect(screen.getByText("Following", { selector: "dt" }).previousSibling?.textContent).toBe("128");
    await waitFor(() =>
      expect(screen.getByText("Playlists", { selector: "dt" }).previousSibling?.textContent).toBe("2"),
    );
    expect(screen.getByRole("link", { name: "Edit Profile" }).getAttribute("href")).toBe("/edit-profile");
    expect(screen.getByRole("button", { name: "Follow" })).toBeTruthy();
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

  it("Overview: listening stats from the play history, top 5 tracks and the last 8 played", async () => {
    renderRoute("/profile", { fixtures: listener() });
    const stats = await screen.findByTestId("listening-stats");
    await waitFor(() => expect(within(stats).getByText("1,284 hours")).toBeTruthy());
    expect(within(stats).getByText("321")).toBeTruthy();
    expect(within(stats).getByText("17")).toBeTruthy();
    const top = await screen.findByRole("list", { name: "Top Tracks" });
    expect(within(top).getAllByTestId("song-row")).toHaveLength(5);
    const recent = await screen.findByRole("list", { name: "Recently Played" });
    expect(within(recent).getAllByTestId("song-row")).toHaveLength(8);
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

  it("Following and Activity show their lists", async () => {
    renderRoute("/profile", { fixtures: listener() });
    await userEvent.click(await screen.findByRole("tab", { name: "Following" }));
    expect(
      within(await screen.findByRole("list", { name: "Following" })).getAllByRole("listitem"),
    ).toHaveLength(4);
    await userEvent.click(screen.getByRole("tab", { name: "Activity" }));
    expect(
      within(await screen.findByRole("list", { name: "Activity" })).getAllByRole("listitem"),
    ).toHaveLength(4);
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
