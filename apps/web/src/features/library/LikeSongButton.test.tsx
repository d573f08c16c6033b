import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as Toast from "../../lib/toast";
import { showToast } from "../../lib/toast";
import { page, song } from "../../test-utils/catalog";
import { renderWithProviders } from "../../test-utils/render";
import { trpcError } from "../../test-utils/trpc-fixtures";
import { SongRow } from "../catalog/SongRow";
import { resetListener } from "./test-account";

vi.mock("../account", async (importOriginal) => (await import("./test-account")).mockAccount(importOriginal));
vi.mock("../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof Toast>()),
  showToast: vi.fn(),
}));

const toasts = () => vi.mocked(showToast).mock.calls.map(([toast]) => toast);
const track = song(1, { title: "Midnight Drive" });

beforeEach(() => {
  resetListener();
  vi.mocked(showToast).mockClear();
});

describe("the heart on a song row", () => {
  it("likes, then unlikes, with SPEC.md's toasts, and refreshes the liked list, checks and count", async () => {
    let liked = false;
    const { callsTo } = renderWithProviders(<SongRow song={track} queue={[track]} />, {
      fixtures: {
        likedSongs: {
          check: () => ({ isLiked: liked }),
          like: ({ songId }) => ((liked = true), { songId, isLiked: true as const }),
          unlike: ({ songId }) => ((liked = false), { songId, isLiked: false as const }),
          list: () => page([]),
          count: () => ({ count: liked ? 1 : 0 }),
        },
      },
    });
    const heart = await screen.findByRole("button", { name: "Like Midnight Drive" });
    await waitFor(() => expect(callsTo("likedSongs.check")).toHaveLength(1));
    expect(heart.getAttribute("aria-pressed")).toBe("false");

    await userEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute("aria-pressed")).toBe("true"));
    expect(callsTo("likedSongs.like")[0]?.input).toEqual({ songId: track.id });
    expect(toasts()).toContainEqual({
      title: "Added to Liked Songs",
      message: "Midnight Drive added to your liked songs",
    });
    // The check is asked again after the change (invalidated).
    await waitFor(() => expect(callsTo("likedSongs.check").length).toBeGreaterThanOrEqual(2));

    await userEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute("aria-pressed")).toBe("false"));
    expect(toasts()).toContainEqual({
      title: "Removed from Liked Songs",
      message: "Midnight Drive removed from your liked songs",
    });
  });

  it("asks nothing for free listeners and answers a tap with the premium toast", async () => {
    resetListener({ premium: false });
    const { callsTo } = renderWithProviders(<SongRow song={track} queue={[track]} />);
    const heart = await screen.findByRole("button", { name: "Like Midnight Drive" });
    expect(heart.hasAttribute("data-locked")).toBe(true);
    await userEvent.click(heart);
    expect(toasts()).toEqual([
      {
        title: "Premium Feature",
        message:
          "Liking songs is a premium feature. Upgrade to Premium for only 3.14π to unlock this and more features!",
        upgrade: true,
      },
    ]);
    expect(callsTo("likedSongs.check")).toHaveLength(0);
    expect(callsTo("likedSongs.like")).toHaveLength(0);
  });

  it("gives a free listener's heart no like check to watch (a playlist opens without one per row)", async () => {
    resetListener({ premium: false });
    const { queryClient } = renderWithProviders(<SongRow song={track} queue={[track]} />);
    await screen.findByRole("button", { name: "Like Midnight Drive" });
    const watched = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => JSON.stringify(query.queryKey));
    expect(watched.filter((key) => key.includes("likedSongs"))).toEqual([]);
  });

  it("falls back to 'Failed to update liked songs' when no response came", async () => {
    renderWithProviders(<SongRow song={track} queue={[track]} />, {
      fixtures: {
        likedSongs: {
          check: () => ({ isLiked: false }),
          like: () => {
            throw new Error("Failed to fetch");
          },
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Like Midnight Drive" }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: "Error",
        message: "Failed to update liked songs",
        variant: "destructive",
      }),
    );
  });

  it("turns a server refusal for premium into the premium toast", async () => {
    renderWithProviders(<SongRow song={track} queue={[track]} />, {
      fixtures: {
        likedSongs: {
          check: () => ({ isLiked: false }),
          like: () => {
            throw trpcError("FORBIDDEN", "Premium feature required");
          },
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Like Midnight Drive" }));
    await waitFor(() => expect(toasts()[0]).toMatchObject({ title: "Premium Feature", upgrade: true }));
  });
});
