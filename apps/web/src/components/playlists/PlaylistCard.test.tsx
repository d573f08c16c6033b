import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { playlistDetail, songs } from "../../test-utils/catalog";
import { renderWithProviders } from "../../test-utils/render";
import { pending } from "../../test-utils/trpc-fixtures";
import { PlaylistCard } from "./PlaylistCard";

const card = { id: "mix", name: "Mix", imageUrl: null, songCount: 3 };

describe("a playlist card", () => {
  it("asks for the playlist's songs as the finger lands, before the tap opens it, and once", async () => {
    const { callsTo } = renderWithProviders(<PlaylistCard playlist={card} />, {
      fixtures: { playlists: { byId: () => playlistDetail(1, songs(3), { id: "mix", name: "Mix" }) } },
    });
    const link = screen.getByRole("link", { name: /Mix/ });
    expect(callsTo("playlists.byId")).toHaveLength(0);
    fireEvent.touchStart(link);
    await waitFor(() => expect(callsTo("playlists.byId")).toHaveLength(1));
    expect(callsTo("playlists.byId")[0]?.input).toEqual({ id: "mix" });
    fireEvent.pointerEnter(link);
    fireEvent.focus(link);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo("playlists.byId")).toHaveLength(1); // answered already: the screen reads it from the cache
    await import("../../pages/PlaylistPage"); // the card's idle preload of the screen's code, before teardown
  });

  it("leaves a click for a new tab or window to the browser while the songs are on their way", async () => {
    const { callsTo } = renderWithProviders(<PlaylistCard playlist={card} />, {
      fixtures: { playlists: { byId: () => pending() } },
    });
    const link = screen.getByRole("link", { name: /Mix/ });
    fireEvent.touchStart(link);
    await waitFor(() => expect(callsTo("playlists.byId")).toHaveLength(1));
    // fireEvent returns false when a handler prevented the browser's own action.
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { metaKey: true })).toBe(true);
    await import("../../pages/PlaylistPage");
  });
});
