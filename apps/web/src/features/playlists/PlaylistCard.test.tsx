import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { playlistDetail, songs } from "../../test-utils/catalog";
import { renderWithProviders } from "../../test-utils/render";
import { pending } from "../../test-utils/trpc-fixtures";
import { heldPictures, releasePictures } from "../../ui/picture-warmup";
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

  describe("on the first screen (Home's visible cards)", () => {
    afterEach(() => {
      delete (navigator as { connection?: unknown }).connection;
      releasePictures();
    });
    const fixtures = {
      playlists: { byId: () => playlistDetail(1, songs(3), { id: "mix", name: "Mix" }) },
    };
    /** Long enough for the idle moments the card waits for (timers where the browser has no idle callbacks). */
    const idle = () => new Promise((resolve) => setTimeout(resolve, 50));

    it("has the playlist's songs asked for once the page is idle, so that a tap opens it at once", async () => {
      const { callsTo } = renderWithProviders(<PlaylistCard playlist={card} songsWhenIdle />, { fixtures });
      expect(callsTo("playlists.byId")).toHaveLength(0); // not beside the first screen's own work
      await waitFor(() => expect(callsTo("playlists.byId")).toHaveLength(1));
      fireEvent.touchStart(screen.getByRole("link", { name: /Mix/ }));
      await idle();
      expect(callsTo("playlists.byId")).toHaveLength(1); // the tap finds them cached
      await import("../../pages/PlaylistPage");
    });

    it("fetches the screen's first pictures after its songs: the cover and the first rows' covers", async () => {
      const tracks = songs(6).map((track) => ({ ...track, imageUrl: `/media/covers/${track.title}.webp` }));
      renderWithProviders(<PlaylistCard playlist={card} songsWhenIdle />, {
        fixtures: {
          playlists: {
            byId: () => playlistDetail(1, tracks, { id: "mix", imageUrl: "/media/covers/mix.webp" }),
          },
        },
      });
      await waitFor(() =>
        expect(heldPictures()).toEqual([
          "200 /media/covers/mix.webp",
          ...["Song 1", "Song 2", "Song 3", "Song 4"].map((title) => `48 /media/covers/${title}.webp`),
        ]),
      );
      await import("../../pages/PlaylistPage");
    });

    it("waits for the listener's session (songs read before a guest session starts are read again after)", async () => {
      const { callsTo } = renderWithProviders(<PlaylistCard playlist={card} songsWhenIdle />, {
        fixtures: { ...fixtures, auth: { me: () => pending() } },
      });
      await idle();
      expect(callsTo("auth.me")).toHaveLength(1);
      expect(callsTo("playlists.byId")).toHaveLength(0);
      await import("../../pages/PlaylistPage");
    });

    it("asks for nothing ahead on a connection that saves data", async () => {
      Object.defineProperty(navigator, "connection", { configurable: true, value: { saveData: true } });
      const { callsTo } = renderWithProviders(<PlaylistCard playlist={card} songsWhenIdle />, { fixtures });
      await idle();
      expect(callsTo("playlists.byId")).toHaveLength(0);
      expect(heldPictures()).toEqual([]);
      await import("../../pages/PlaylistPage");
    });

    it("elsewhere asks for nothing until touched", async () => {
      const { callsTo } = renderWithProviders(<PlaylistCard playlist={card} />, { fixtures });
      await idle();
      expect(callsTo("playlists.byId")).toHaveLength(0);
      await import("../../pages/PlaylistPage");
    });
  });
});
