import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { album, artist, page, songs } from "../test-utils/catalog";
import { renderRoute } from "../test-utils/render";
import { pending, trpcError } from "../test-utils/trpc-fixtures";

const singer = artist(1, { name: "Nova Lane" });
const singerPage = { ...singer, verified: false };
const hits = songs(7, 1, { artist: singer, artistId: singer.id });
const fixtures = {
  artists: {
    byId: ({ id }: { id: string }) => {
      if (id === singer.id) return singerPage;
      throw trpcError("NOT_FOUND", "Artist not found");
    },
    topSongs: () => page(hits),
    albums: () => page([album(3, { title: "Night Drive" }), album(1, { title: "First Light" })]),
    appearsOn: () => page([]),
  },
};

describe("Artist page", () => {
  it("shows the picture, name, popular songs in order and albums newest first, linking to their pages", async () => {
    const { callsTo } = renderRoute(`/artist/${singer.id}`, { fixtures });
    expect(await screen.findByRole("heading", { name: "Nova Lane", level: 1 })).toBeTruthy();
    const popular = await screen.findByRole("list", { name: "Popular songs of Nova Lane" });
    expect(
      within(popular)
        .getAllByTestId("song-row-title")
        .map((t) => t.textContent),
    ).toEqual(hits.slice(0, 5).map((s) => s.title));
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(within(popular).getAllByTestId("song-row")).toHaveLength(7);
    const tiles = within(await screen.findByRole("list", { name: "Albums" })).getAllByTestId("album-tile");
    expect(tiles.map((t) => t.getAttribute("href"))).toEqual([
      `/album/${album(3).id}`,
      `/album/${album(1).id}`,
    ]);
    expect(tiles[0]!.textContent).toContain("Night Drive");
    expect(tiles[0]!.textContent).toContain("2023");
    // Nothing to show under 'Appears on': no section.
    expect(screen.queryByRole("heading", { name: "Appears on" })).toBeNull();
    expect(callsTo("artists.topSongs")[0]?.input).toMatchObject({ id: singer.id });
  });

  it("shows a verified artist's badge and its Tip button, and neither for an unverified one", async () => {
    const first = renderRoute(`/artist/${singer.id}`, { fixtures });
    await screen.findByRole("heading", { name: "Nova Lane", level: 1 });
    expect(screen.queryByTestId("verified-artist")).toBeNull();
    expect(screen.queryByRole("button", { name: "Tip" })).toBeNull();
    first.unmount();

    renderRoute(`/artist/${singer.id}`, {
      fixtures: { artists: { ...fixtures.artists, byId: () => ({ ...singer, verified: true }) } },
    });
    expect((await screen.findByTestId("verified-artist")).textContent).toContain("Verified artist");
    await userEvent.click(screen.getByRole("button", { name: "Tip" }));
    const dialog = await screen.findByRole("dialog", { name: "Tip Nova Lane" });
    expect(within(dialog).getByRole("button", { name: "1π" }).getAttribute("aria-pressed")).toBe("true");
    expect(within(dialog).getByRole("button", { name: "3.14π" })).toBeTruthy();
  });

  it("sends a claim of an unverified artist with its evidence", async () => {
    const request = vi.fn((input: { artistId?: string; evidence: string }) => ({
      id: "request-1",
      kind: "claim" as const,
      name: "Nova Lane",
      artistId: input.artistId ?? null,
      evidence: input.evidence,
      status: "pending" as const,
      createdAt: "2026-12-06T10:00:00.000Z",
      decidedAt: null,
    }));
    renderRoute(`/artist/${singer.id}`, {
      fixtures: { ...fixtures, artistAccounts: { request, mine: () => ({ requests: [], managed: [] }) } },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Claim this artist" }));
    const dialog = await screen.findByRole("dialog", { name: "Claim Nova Lane" });
    await userEvent.type(
      within(dialog).getByRole("textbox", { name: /How can we verify you/ }),
      "https://nova.example",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Send request" }));
    await screen.findByText("Request sent");
    expect(request.mock.calls[0]).toEqual([
      { kind: "claim", artistId: singer.id, evidence: "https://nova.example" },
    ]);
  });

  it("plays and shuffles the popular songs", async () => {
    const { player } = renderRoute(`/artist/${singer.id}`, { fixtures });
    await screen.findByRole("list", { name: "Popular songs of Nova Lane" });
    await userEvent.click(screen.getByRole("button", { name: "Play" }));
    expect(player.startPlaylist).toHaveBeenCalledWith(hits);
    await userEvent.click(screen.getByRole("button", { name: "Shuffle" }));
    const shuffledList = vi.mocked(player.startPlaylist).mock.calls.at(-1)![0] as typeof hits;
    expect(new Set(shuffledList.map((s) => s.id))).toEqual(new Set(hits.map((s) => s.id)));
  });

  it("starts the artist's radio from its most played song", async () => {
    const { player } = renderRoute(`/artist/${singer.id}`, { fixtures });
    await screen.findByRole("list", { name: "Popular songs of Nova Lane" });
    await userEvent.click(screen.getByRole("button", { name: "Start radio of Nova Lane" }));
    expect(player.startRadio).toHaveBeenCalledWith(hits[0]);
    expect(screen.getByRole("button", { name: "Share Nova Lane" })).toBeTruthy();
  });

  it("shows compilations under 'Appears on' with their album artist", async () => {
    renderRoute(`/artist/${singer.id}`, {
      fixtures: {
        artists: {
          ...fixtures.artists,
          appearsOn: () =>
            page([
              album(9, {
                title: "Summer Mix",
                compilation: true,
                artist: artist(9, { name: "Various Artists" }),
              }),
            ]),
        },
      },
    });
    const list = await screen.findByRole("list", { name: "Appears on" });
    expect(within(list).getByTestId("album-tile").textContent).toContain("Various Artists");
  });

  it("shows skeletons while loading, 'Artist not found' for an unknown id, and the error otherwise", async () => {
    const first = renderRoute(`/artist/${singer.id}`, {
      fixtures: { artists: { ...fixtures.artists, byId: () => pending() } },
    });
    expect(await screen.findByLabelText("Loading artist")).toBeTruthy();
    first.unmount();

    const second = renderRoute(`/artist/00000000-0000-4000-8000-000000000009`, { fixtures });
    expect(await screen.findByText("Artist not found")).toBeTruthy();
    second.unmount();

    renderRoute(`/artist/${singer.id}`, {
      fixtures: {
        artists: {
          ...fixtures.artists,
          byId: () => {
            throw trpcError("INTERNAL_SERVER_ERROR", "Database unavailable");
          },
        },
      },
    });
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByText(/Database unavailable/)).toBeTruthy();
  });
});
