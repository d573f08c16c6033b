import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { song } from "../../test-utils/catalog";
import { renderWithProviders } from "../../test-utils/render";
import { SongRow } from "./SongRow";

const track = song(1, { title: "Midnight Drive", duration: 187 });
const other = song(2);

describe("SongRow", () => {
  it("shows the number, title, artist and duration as m:ss", () => {
    renderWithProviders(<SongRow song={track} queue={[track, other]} number={3} />);
    const row = screen.getByTestId("song-row");
    expect(row.textContent).toContain("3");
    expect(row.textContent).toContain("Midnight Drive");
    expect(row.textContent).toContain("Artist 1");
    expect(row.textContent).toContain("3:07");
  });

  it("falls back to 'Unknown Artist'", () => {
    renderWithProviders(<SongRow song={{ ...track, artist: null }} queue={[track]} />);
    expect(screen.getByText("Unknown Artist")).toBeTruthy();
  });

  it("links the artist's name to the artist page; tapping it does not play the song", async () => {
    const { player, location } = renderWithProviders(<SongRow song={track} queue={[track, other]} />);
    const link = screen.getByRole("link", { name: "Artist 1" });
    expect(link.getAttribute("href")).toBe(`/artist/${track.artist!.id}`);
    await userEvent.click(link);
    expect(location()).toBe(`/artist/${track.artist!.id}`);
    expect(player.toggleSong).not.toHaveBeenCalled();
  });

  it("plays the song with its list as the queue", async () => {
    const { player } = renderWithProviders(<SongRow song={track} queue={[track, other]} />);
    await userEvent.click(screen.getByRole("button", { name: "Play Midnight Drive" }));
    expect(player.toggleSong).toHaveBeenCalledWith(track, [track, other]);
  });

  it("an album's row starts the queue with the album as its source (album gain)", async () => {
    const album = { kind: "album", id: "10000000-0000-4000-8000-000000000001" } as const;
    const { player } = renderWithProviders(<SongRow song={track} queue={[track, other]} source={album} />);
    await userEvent.click(screen.getByRole("button", { name: "Play Midnight Drive" }));
    expect(player.toggleSong).toHaveBeenCalledWith(track, [track, other], album);
  });

  it("offers pause while it is the song playing, and play (resume) while it is paused", async () => {
    const playing = renderWithProviders(<SongRow song={track} queue={[track]} />, {
      player: { currentSong: track, isPlaying: true },
    });
    const pause = screen.getByRole("button", { name: "Pause Midnight Drive" });
    expect(pause.getAttribute("aria-pressed")).toBe("true");
    await userEvent.click(pause);
    expect(playing.player.toggleSong).toHaveBeenCalledWith(track, [track]);
    playing.unmount();

    renderWithProviders(<SongRow song={track} queue={[track]} />, {
      player: { currentSong: track, isPlaying: false },
    });
    expect(screen.getByRole("button", { name: "Play Midnight Drive" })).toBeTruthy();
    expect(screen.getByTestId("song-row").hasAttribute("data-current")).toBe(true);
  });

  it("has room for per-song actions", () => {
    renderWithProviders(
      <SongRow song={track} queue={[track]} actions={<button type="button">Share Midnight Drive</button>} />,
    );
    expect(screen.getByRole("button", { name: "Share Midnight Drive" })).toBeTruthy();
  });

  it("plays the song when the row itself is tapped, not when its heart or menu is", async () => {
    const { player } = renderWithProviders(<SongRow song={track} queue={[track, other]} />);
    await userEvent.click(screen.getByText("Midnight Drive"));
    expect(player.toggleSong).toHaveBeenCalledWith(track, [track, other]);
    await userEvent.click(screen.getByRole("button", { name: "Options for Midnight Drive" }));
    expect(player.toggleSong).toHaveBeenCalledOnce();
  });

  it("its menu queues the song next or at the end of the queue", async () => {
    const { player } = renderWithProviders(<SongRow song={track} queue={[track, other]} />);
    await userEvent.click(screen.getByRole("button", { name: "Options for Midnight Drive" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Play next" }, { timeout: 5000 }));
    expect(player.playNext).toHaveBeenCalledWith([track]);
    expect(player.toggleSong).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Options for Midnight Drive" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Add to queue" }, { timeout: 5000 }));
    expect(player.addToQueue).toHaveBeenCalledWith([track]);
  });

  it("gives the title the row's room: the duration sits under it, with the artist", () => {
    renderWithProviders(<SongRow song={track} queue={[track]} />);
    const artistLine = screen.getByText("Artist 1").parentElement;
    expect(artistLine?.textContent).toBe("Artist 1 • 3:07");
  });
});
