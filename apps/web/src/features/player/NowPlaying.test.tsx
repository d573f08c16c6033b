import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useIsPremium } from "../account/membership";
import { showToast } from "../../lib/toast";
import type * as ToastModule from "../../lib/toast";
import { currentPlayer, MiniPlayerHarness, renderWithPlayer, song } from "./test-utils";

vi.mock("../account/membership", () => ({ useIsPremium: vi.fn(() => false) }));
vi.mock("../../lib/toast", async (importOriginal) => {
  const actual = await importOriginal<typeof ToastModule>();
  return { ...actual, showToast: vi.fn(actual.showToast) };
});

const Harness = MiniPlayerHarness;
const player = currentPlayer;
const queue = [
  song(1, { artist: { id: "a1", name: "Aurora" }, album: { id: "al1", title: "Lights", imageUrl: null } }),
  song(2),
  song(3),
  song(4),
];
const titles = () => player().state.queue.map((entry) => entry.title);
/** Lazy chunks load slowly on a busy machine. */
const slow = { timeout: 5000 };

async function openNowPlaying() {
  renderWithPlayer(<Harness />);
  act(() => player().play(queue[0]!, queue));
  fireEvent.click(screen.getByRole("button", { name: "Open Now Playing" }));
  return screen.findByRole("dialog", { name: "Now Playing" }, slow);
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(useIsPremium).mockReturnValue(false);
  vi.mocked(showToast).mockClear();
});
afterEach(() => cleanup());

describe("Now Playing", () => {
  it("takes the cover at the width it is drawn (up to 340 px), not a scan's whole picture", async () => {
    renderWithPlayer(<Harness />);
    act(() => player().play(song(1, { imageUrl: "/media/covers/violet-hour.jpg" })));
    fireEvent.click(screen.getByRole("button", { name: "Open Now Playing" }));
    const dialog = await screen.findByRole("dialog", { name: "Now Playing" }, slow);
    const cover = within(dialog).getByAltText("Cover of Song 1");
    expect(cover.getAttribute("srcset")).toContain("/media/covers/violet-hour.jpg?w=768 768w");
    expect(cover.getAttribute("sizes")).toBe("min(100vw, 340px)");
  });

  it("the settings button opens the listening settings; Escape closes them and leaves Now Playing open", async () => {
    const view = await openNowPlaying();
    fireEvent.click(within(view).getByRole("button", { name: "Listening settings" }));
    const settings = await screen.findByRole("dialog", { name: "Listening settings" }, slow);
    expect(within(settings).getByRole("radio", { name: "Standard (128 kbps)" })).toBeTruthy();
    expect(within(settings).getByRole("switch", { name: /Normalize volume/ })).toBeTruthy();
    fireEvent.keyDown(within(settings).getByRole("switch", { name: /Normalize volume/ }), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Listening settings" })).toBeNull());
    expect(screen.getByRole("dialog", { name: "Now Playing" })).toBeTruthy();
  });

  it("the song's menu offers 'Report', whose dialog opens over Now Playing", async () => {
    const view = await openNowPlaying();
    fireEvent.click(await within(view).findByRole("button", { name: "Options for Song 1" }, slow));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Report" }, slow));
    const report = await screen.findByRole("dialog", { name: "Report Song 1" }, slow);
    expect(within(report).getByRole("radio", { name: "Abusive or offensive" })).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Now Playing" })).toBeTruthy();
  });

  it("opens from the mini player with the song, links to its album and artist, and closes", async () => {
    const view = await openNowPlaying();
    expect(within(view).getByTestId("now-playing-title").textContent).toBe("Song 1");
    expect(within(view).getByRole("link", { name: "Song 1" }).getAttribute("href")).toBe("/album/al1");
    expect(within(view).getByRole("link", { name: "Aurora" }).getAttribute("href")).toBe("/artist/a1");
    expect(within(view).getByText("-3:00")).toBeTruthy();
    fireEvent.click(within(view).getByRole("button", { name: "Close Now Playing" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Now Playing" })).toBeNull());
  });

  it("a quick flick down closes it; a slow or sideways move does not", async () => {
    const view = await openNowPlaying();
    const touch = (y: number) => [{ clientX: 100, clientY: y }];
    fireEvent.touchStart(view, { touches: touch(100), timeStamp: 1000 });
    fireEvent.touchEnd(view, { changedTouches: touch(140), timeStamp: 1100 }); // 40 px: too short
    expect(screen.getByRole("dialog", { name: "Now Playing" })).toBeTruthy();
    fireEvent.touchStart(view, { touches: touch(100) });
    fireEvent.touchEnd(view, { changedTouches: touch(260) });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Now Playing" })).toBeNull());
  });

  it("a link to the album or artist closes Now Playing and opens that page", async () => {
    const view = await openNowPlaying();
    fireEvent.click(within(view).getByRole("link", { name: "Aurora" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Now Playing" })).toBeNull());
    expect(screen.getByTestId("mini-player")).toBeTruthy();
  });

  it("a tap on the mini player's text opens it too (not a drag)", async () => {
    renderWithPlayer(<Harness />);
    act(() => player().play(queue[1]!, queue));
    const titleText = screen.getByTestId("mini-player-title");
    fireEvent.pointerDown(titleText, { pointerId: 1, clientX: 100, clientY: 700, button: 0 });
    fireEvent.pointerUp(titleText, { pointerId: 1, clientX: 101, clientY: 700 });
    expect(await screen.findByRole("dialog", { name: "Now Playing" }, slow)).toBeTruthy();
  });

  it("shuffle and repeat (off, all, one) show their state", async () => {
    const view = await openNowPlaying();
    const shuffle = within(view).getByRole("button", { name: "Shuffle" });
    fireEvent.click(shuffle);
    expect(player().state.shuffle).toBe(true);
    expect(shuffle.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(within(view).getByRole("button", { name: "Repeat: off" }));
    fireEvent.click(within(view).getByRole("button", { name: "Repeat: all" }));
    expect(player().state.repeat).toBe("one");
    expect(within(view).getByRole("button", { name: "Repeat: one song" })).toBeTruthy();
  });

  it("a free listener's next and queue taps ask for premium and change nothing", async () => {
    const view = await openNowPlaying();
    fireEvent.click(within(view).getByRole("button", { name: "Next song" }));
    fireEvent.click(within(view).getByRole("button", { name: /^Play Song 3 / }));
    expect(showToast).toHaveBeenCalledTimes(2);
    expect(player().state.currentSong?.title).toBe("Song 1");
  });

  it("reorders the queue with the arrow keys on an entry's handle", async () => {
    const view = await openNowPlaying();
    const handle = within(view).getByRole("button", { name: "Reorder Song 2 (arrow keys move it)" });
    fireEvent.keyDown(handle, { key: "ArrowDown" });
    expect(titles()).toEqual(["Song 1", "Song 3", "Song 2", "Song 4"]);
    fireEvent.keyDown(within(view).getByRole("button", { name: "Reorder Song 4 (arrow keys move it)" }), {
      key: "ArrowUp",
    });
    expect(titles()).toEqual(["Song 1", "Song 3", "Song 4", "Song 2"]);
    // The song playing cannot be moved, nor can anything be moved above it.
    fireEvent.keyDown(within(view).getByRole("button", { name: "Reorder Song 3 (arrow keys move it)" }), {
      key: "ArrowUp",
    });
    expect(titles()[0]).toBe("Song 1");
  });

  it("reorders the queue by dragging an entry's handle (pointer events)", async () => {
    const view = await openNowPlaying();
    const handle = within(view).getByRole("button", { name: "Reorder Song 2 (arrow keys move it)" });
    // Rows measure 56 px where layout is unknown: two rows down.
    fireEvent.pointerDown(handle, { pointerId: 7, clientY: 300, button: 0, pointerType: "touch" });
    fireEvent.pointerMove(handle, { pointerId: 7, clientY: 360 });
    fireEvent.pointerMove(handle, { pointerId: 7, clientY: 412 });
    fireEvent.pointerUp(handle, { pointerId: 7, clientY: 412 });
    expect(titles()).toEqual(["Song 1", "Song 3", "Song 4", "Song 2"]);
  });

  it("removes entries and clears what is still to come", async () => {
    const view = await openNowPlaying();
    fireEvent.click(within(view).getByRole("button", { name: "Remove Song 3 from queue" }));
    expect(titles()).toEqual(["Song 1", "Song 2", "Song 4"]);
    fireEvent.click(within(view).getByRole("button", { name: "Clear" }));
    expect(titles()).toEqual(["Song 1"]);
    expect(player().state.currentSong?.title).toBe("Song 1");
  });

  it("'Save as playlist' is premium: a free listener gets the premium prompt", async () => {
    const view = await openNowPlaying();
    fireEvent.click(await within(view).findByRole("button", { name: "Save as playlist" }, slow));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ upgrade: true })));
  });

  it("the sleep timer stops at the end of the song", async () => {
    const view = await openNowPlaying();
    fireEvent.click(within(view).getByRole("button", { name: "Sleep timer" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "End of song" }));
    expect(within(view).getByRole("button", { name: "Sleep timer: end of song" })).toBeTruthy();
  });
});
