import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useIsPremium } from "../account/membership";
import { showToast } from "../../lib/toast";
import type * as ToastModule from "../../lib/toast";
import type { LyricsDto } from "@purplebeats/contracts/schemas";
import { activeLineIndex } from "./LyricsPanel";
import { PREMIUM_MESSAGES } from "../account";
import { currentPlayer, fakeAudioFactory, MiniPlayerHarness, renderWithPlayer, song } from "./test-utils";

vi.mock("../account/membership", () => ({ useIsPremium: vi.fn(() => false) }));
vi.mock("../../lib/toast", async (importOriginal) => {
  const actual = await importOriginal<typeof ToastModule>();
  return { ...actual, showToast: vi.fn(actual.showToast) };
});

const slow = { timeout: 5000 };
const SYNCED = {
  synced: true,
  lines: [
    { timeMs: 0, text: "" },
    { timeMs: 5_000, text: "First light on the water" },
    { timeMs: 12_000, text: "We sail before the morning" },
    { timeMs: 20_000, text: "And never look behind" },
  ],
};
const PLAIN = {
  synced: false,
  lines: [
    { timeMs: null, text: "Verse one" },
    { timeMs: null, text: "Verse two" },
  ],
};

async function openNowPlaying(lyrics: () => LyricsDto) {
  const audio = fakeAudioFactory();
  const view = renderWithPlayer(<MiniPlayerHarness />, { audio, fixtures: { songs: { lyrics } } });
  act(() => currentPlayer().play(song(1)));
  act(() => audio.main.loaded(180));
  fireEvent.click(screen.getByRole("button", { name: "Open Now Playing" }));
  const dialog = await screen.findByRole("dialog", { name: "Now Playing" }, slow);
  return { audio, dialog, calls: view.calls };
}

function playTo(audio: ReturnType<typeof fakeAudioFactory>, seconds: number) {
  act(() => {
    audio.main.currentTime = seconds;
    audio.main.emit("timeupdate");
  });
}

const scrollTo = vi.fn();
beforeEach(() => {
  localStorage.clear();
  vi.mocked(useIsPremium).mockReturnValue(false);
  vi.mocked(showToast).mockClear();
  scrollTo.mockClear();
  HTMLElement.prototype.scrollTo = scrollTo as unknown as HTMLElement["scrollTo"];
});
afterEach(() => cleanup());

describe("lyrics in Now Playing", () => {
  it("synced lines follow the playback: the line being sung is highlighted and scrolled into the panel's middle", async () => {
    const { audio, dialog, calls } = await openNowPlaying(() => SYNCED);
    const lyrics = await within(dialog).findByRole("region", { name: "Lyrics" }, slow);
    expect(calls.find((call) => call.path === "songs.lyrics")?.input).toEqual({ songId: song(1).id });
    const line = (text: string) => within(lyrics).getByRole("button", { name: text });

    playTo(audio, 6);
    expect(line("First light on the water").getAttribute("aria-current")).toBe("true");
    playTo(audio, 12.5);
    expect(line("We sail before the morning").getAttribute("aria-current")).toBe("true");
    expect(line("First light on the water").getAttribute("aria-current")).toBeNull();
    const panel = within(lyrics).getByTestId("lyrics-lines");
    expect(scrollTo.mock.contexts.at(-1)).toBe(panel); // the panel scrolls, not the screen

    // The listener scrolls the lyrics to read ahead: the panel stays where they put it for a while.
    fireEvent.wheel(panel, { deltaY: 120 });
    scrollTo.mockClear();
    playTo(audio, 21);
    expect(line("And never look behind").getAttribute("aria-current")).toBe("true");
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("a premium member taps a line to seek there", async () => {
    vi.mocked(useIsPremium).mockReturnValue(true);
    const { audio, dialog } = await openNowPlaying(() => SYNCED);
    const lyrics = await within(dialog).findByRole("region", { name: "Lyrics" }, slow);
    fireEvent.click(within(lyrics).getByRole("button", { name: "And never look behind" }));
    expect(audio.main.currentTime).toBe(20);
    expect(currentPlayer().state.currentTime).toBe(20);
  });

  it("a free listener's tap on a line asks for premium and does not move the playback", async () => {
    const { audio, dialog } = await openNowPlaying(() => SYNCED);
    const lyrics = await within(dialog).findByRole("region", { name: "Lyrics" }, slow);
    playTo(audio, 6);
    fireEvent.click(within(lyrics).getByRole("button", { name: "And never look behind" }));
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: PREMIUM_MESSAGES.seek }));
    expect(audio.main.currentTime).toBe(6);
    expect(currentPlayer().state.currentTime).toBe(6);
  });

  it("unsynced lyrics read as plain text", async () => {
    const { dialog } = await openNowPlaying(() => PLAIN);
    const lyrics = await within(dialog).findByRole("region", { name: "Lyrics" }, slow);
    expect(within(lyrics).getByTestId("lyrics-text").textContent).toBe("Verse one\nVerse two");
    expect(within(lyrics).queryByRole("button")).toBeNull();
  });

  it("a song without lyrics (no lines) shows no lyrics section and no error", async () => {
    const { dialog, calls } = await openNowPlaying(() => ({ synced: false, lines: [] }));
    await vi.waitFor(() => expect(calls.some((call) => call.path === "songs.lyrics")).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(within(dialog).queryByRole("region", { name: "Lyrics" })).toBeNull();
    expect(within(dialog).queryByText(/No lyrics/)).toBeNull();
    expect(showToast).not.toHaveBeenCalled();
  });
});

describe("activeLineIndex", () => {
  it("is the last line that has started, -1 before the first", () => {
    const lines = SYNCED.lines.slice(1);
    expect(activeLineIndex(lines, 4_999)).toBe(-1);
    expect(activeLineIndex(lines, 5_000)).toBe(0);
    expect(activeLineIndex(lines, 19_999)).toBe(1);
    expect(activeLineIndex(lines, 600_000)).toBe(2);
  });
});
