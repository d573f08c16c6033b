import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PublicProfileDto } from "@purplebeats/contracts/schemas";
import { accountFixtures, PI_USER } from "../features/account/test-fixtures";
import { playlist } from "../test-utils/catalog";
import { renderRoute } from "../test-utils/render";
import type { Fixtures } from "../test-utils/trpc-fixtures";

vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  await import("./UserPage");
});

const GRACE: PublicProfileDto = {
  handle: "grace.h",
  name: "Grace Hopper",
  imageUrl: null,
  isPrivate: false,
  isOwn: false,
  isFollowing: false,
  followers: 2,
  following: 1,
  playlists: [playlist(3, { name: "Compiler Beats", owner: { name: "Grace Hopper", handle: "grace.h" } })],
};

function fixtures(profile: PublicProfileDto, extra: Fixtures["follows"] = {}): Fixtures {
  const base = accountFixtures({ user: PI_USER });
  let followed = profile.isFollowing;
  return {
    ...base,
    follows: {
      ...base.follows,
      profile: () => ({
        ...profile,
        isFollowing: followed,
        followers: (profile.followers ?? 0) + Number(followed),
      }),
      following: () => ({
        items: [{ kind: "artist" as const, id: "artist-1", name: "Luna Tide", imageUrl: null }],
        nextCursor: null,
      }),
      followers: () => ({
        items: followed ? [{ handle: "pioneer", name: "pioneer", imageUrl: null }] : [],
        nextCursor: null,
      }),
      followListener: () => {
        followed = true;
        return { following: true, followers: (profile.followers ?? 0) + 1 };
      },
      ...extra,
    },
  };
}

describe("A listener's public profile", () => {
  it("shows their name, handle, counts, public playlists and who they follow; Follow counts them in", async () => {
    const { callsTo } = renderRoute("/user/grace.h", { fixtures: fixtures(GRACE) });
    expect(await screen.findByRole("heading", { name: "Grace Hopper", level: 2 })).toBeTruthy();
    expect(screen.getByText("@grace.h")).toBeTruthy();
    expect(screen.getByText("Followers", { selector: "dt" }).previousSibling?.textContent).toBe("2");
    const playlists = screen.getByRole("list", { name: "Public playlists" });
    expect(
      within(playlists)
        .getByRole("link", { name: /Compiler Beats/ })
        .getAttribute("href"),
    ).toBe("/playlist/playlist-3");
    const following = await screen.findByRole("list", { name: "Following" });
    expect(
      within(following)
        .getByRole("link", { name: /Luna Tide/ })
        .getAttribute("href"),
    ).toBe("/artist/artist-1");
    expect(await screen.findByText("No followers yet")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Follow Grace Hopper" }));
    await waitFor(() =>
      expect(screen.getByText("Followers", { selector: "dt" }).previousSibling?.textContent).toBe("3"),
    );
    expect(screen.getByRole("button", { name: "Unfollow Grace Hopper" })).toBeTruthy();
    const followers = await screen.findByRole("list", { name: "Followers" });
    expect(
      within(followers)
        .getByRole("link", { name: /pioneer/ })
        .getAttribute("href"),
    ).toBe("/user/pioneer");
    expect(callsTo("follows.followListener").map((call) => call.input)).toEqual([{ handle: "grace.h" }]);
  });

  it("shows a private profile's name and picture only, with 'This profile is private'", async () => {
    renderRoute("/user/grace.h", {
      fixtures: fixtures({ ...GRACE, isPrivate: true, followers: null, following: null, playlists: null }),
    });
    expect(await screen.findByText("This profile is private")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Grace Hopper", level: 2 })).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Public playlists" })).toBeNull();
    expect(screen.queryByText("Followers")).toBeNull();
    expect(screen.queryByText("No followers yet")).toBeNull();
  });
});
