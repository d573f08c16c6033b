import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useIsPremium } from "../account/membership";
import { showToast } from "../../lib/toast";
import type * as ToastModule from "../../lib/toast";
import { PLAYER_STORAGE_KEY } from "./persistence";
import { PREMIUM_MESSAGES } from "../account";
import { currentPlayer, MiniPlayerHarness, notAllowed, renderWithPlayer, song } from "./test-utils";

vi.mock("../account/membership", () => ({ useIsPremium: vi.fn(() => false) }));
vi.mock("../../lib/toast", async (importOriginal) => {
  const actual = await importOriginal<typeof ToastModule>();
  return { ...actual, showToast: vi.fn(actual.showToast) };
});

const Harness = MiniPlayerHarness;
const player = currentPlayer;

const queue = [song(1), song(2), song(3)];
const title = () => screen.getByTestId("mini-player-title").textContent;
/** The mini player's own message line (toasts are statuses too). */
const message = () => within(screen.getByRole("region", { name: "Mini player" })).queryByRole("status");

function renderPlaying(index = 0) {
  const result = renderWithPlayer(<Harness />);
  act(() => player().play(queue[index] ?? song(1), queue));
  return result;
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(useIsPremium).mockReturnValue(false);
  vi.mocked(showToast).mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("MiniPlayer", () => {
  it("is hidden until a song is current", () => {
    renderWithPlayer(<Harness />);
    expect(screen.queryByRole("region", { name: "Mini player" })).toBeNull();
    act(() => player().play(song(1)));
    expect(screen.getByRole("region", { name: "Mini player" })).toBeTruthy();
  });

  it("is built before the first song, hidden, and the song's tap fills it in", () => {
    renderWithPlayer(<Harness />);
    const card = screen.getByTestId("mini-player");
    expect(card.style.visibility).toBe("hidden");
    expect(screen.queryByRole("button", { name: "Pause" })).toBeNull();
    act(() => player().play(song(1, { title: "Violet Hour" })));
    // The same element, shown: the tap changed it rather than building it.
    expect(screen.getByTestId("mini-player")).toBe(card);
    expect(card.style.visibility).toBe("visible");
    expect(title()).toBe("Violet Hour");
    expect(screen.getByRole("button", { name: "Pause" })).toBeTruthy();
  });

  it("shows the song, its artist ('Unknown Artist' without one) and m:ss times", () => {
    renderWithPlayer(<Harness />);
    act(() => player().play(song(1, { title: "Violet Hour", artist: null, duration: 185 })));
    expect(title()).toBe("Violet Hour");
    expect(screen.getByText("Unknown Artist")).toBeTruthy();
    expect(screen.getByText("0:00")).toBeTruthy();
    expect(screen.getByText("3:05")).toBeTruthy();
  });

  it("takes the song's cover at its 44 px, not a scan's whole picture", () => {
    const { container } = renderWithPlayer(<Harness />);
    act(() => player().play(song(1, { imageUrl: "/media/covers/violet-hour.jpg" })));
    const cover = container.querySelector<HTMLImageElement>('[data-testid="mini-player"] img')!;
    expect(cover.getAttribute("src")).toBe("/media/covers/violet-hour.jpg");
    expect(cover.getAttribute("srcset")).toContain("/media/covers/violet-hour.jpg?w=96 96w");
    expect(cover.getAttribute("sizes")).toBe("44px");
  });

  it("links the title to the song's album and the artist to the artist's page, where it knows them", () => {
    renderWithPlayer(<Harness />);
    const known = song(1, {
      title: "Violet Hour",
      artist: { id: "r1", name: "Nova" },
      album: { id: "a1", title: "Night", imageUrl: null },
    });
    act(() => player().play(known));
    expect(screen.getByRole("link", { name: "Violet Hour" }).getAttribute("href")).toBe("/album/a1");
    expect(screen.getByRole("link", { name: "Nova" }).getAttribute("href")).toBe("/artist/r1");
    act(() => player().play(song(2)));
    expect(screen.queryByRole("link")).toBeNull(); // no ids: plain text
  });

  it("shows the song's length as its row does, whatever the decoder measures (0:36, not 0:35)", () => {
    const { audio } = renderWithPlayer(<Harness />);
    act(() => player().play(song(1, { duration: 36 })));
    act(() => audio.main.loaded(35.92));
    expect(screen.getByText("0:36")).toBeTruthy();
    expect(screen.queryByText("0:35")).toBeNull();
  });

  it("keeps Close away from Next, so that one mis-tap does not wipe the queue", () => {
    renderPlaying();
    const next = screen.getByRole("button", { name: "Next song" });
    const close = screen.getByRole("button", { name: "Close player" });
    expect(next.nextElementSibling?.getAttribute("aria-label")).not.toBe("Close player");
    expect(next.previousElementSibling?.getAttribute("aria-label")).not.toBe("Close player");
    expect(next.parentElement).not.toBe(close.parentElement);
  });

  it("gives every control an accessible name", () => {
    renderPlaying();
    for (const name of ["Pause", "Next song", "Previous song", "Close player", "Show queue", "Mute"]) {
      expect(screen.getByRole("button", { name })).toBeTruthy();
    }
    expect(screen.getByRole("slider", { name: "Seek" })).toBeTruthy();
  });

  it("toggles play and pause", () => {
    renderPlaying();
    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    expect(player().state.isPlaying).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    expect(player().state.isPlaying).toBe(true);
  });

  it("closes: hidden again, everything reset including volume 80", () => {
    renderPlaying();
    act(() => player().setVolume(30));
    fireEvent.click(screen.getByRole("button", { name: "Close player" }));
    expect(screen.queryByRole("region", { name: "Mini player" })).toBeNull();
    expect(player().state).toMatchObject({ currentSong: null, queue: [], volume: 80, isPlaying: false });
  });

  describe("premium gate", () => {
    it("non-premium: Next shows the upgrade toast and the song stays", async () => {
      renderPlaying();
      fireEvent.click(screen.getByRole("button", { name: "Next song" }));
      expect(showToast).toHaveBeenCalledWith({
        title: "Premium Feature",
        message: PREMIUM_MESSAGES.skip,
        upgrade: true,
      });
      expect(await screen.findByText("Premium Feature")).toBeTruthy();
      expect(
        screen.getByText(/Skipping songs is a premium feature\. Upgrade to Premium for only 3\.14π/),
      ).toBeTruthy();
      expect(title()).toBe("Song 1");
    });

    it("non-premium: Previous is gated too", () => {
      renderPlaying(1);
      fireEvent.click(screen.getByRole("button", { name: "Previous song" }));
      expect(showToast).toHaveBeenCalledOnce();
      expect(title()).toBe("Song 2");
    });

    it("non-premium: seeking on the timeline shows the toast and the position stays", () => {
      renderPlaying();
      const thumb = screen.getByRole("slider", { name: "Seek" });
      fireEvent.keyDown(thumb, { key: "ArrowRight" });
      expect(showToast).toHaveBeenCalledWith(
        expect.objectContaining({ title: "Premium Feature", message: PREMIUM_MESSAGES.seek }),
      );
      expect(player().state.currentTime).toBe(0);
    });

    it("premium: Next and Previous skip, the timeline seeks", () => {
      vi.mocked(useIsPremium).mockReturnValue(true);
      renderPlaying();
      fireEvent.click(screen.getByRole("button", { name: "Next song" }));
      expect(title()).toBe("Song 2");
      fireEvent.click(screen.getByRole("button", { name: "Previous song" }));
      expect(title()).toBe("Song 1");
      fireEvent.keyDown(screen.getByRole("slider", { name: "Seek" }), { key: "ArrowRight" });
      expect(player().state.currentTime).toBe(1);
      expect(showToast).not.toHaveBeenCalled();
    });
  });

  describe("mute", () => {
    it("is debounced 100 ms", () => {
      vi.useFakeTimers();
      renderPlaying();
      fireEvent.click(screen.getByRole("button", { name: "Mute" }));
      expect(player().state.isMuted).toBe(false);
      act(() => {
        vi.advanceTimersByTime(99);
      });
      expect(player().state.isMuted).toBe(false);
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(player().state.isMuted).toBe(true);
      expect(screen.getByRole("button", { name: "Unmute" })).toBeTruthy();
    });

    it("taps within 100 ms of each other toggle once", () => {
      vi.useFakeTimers();
      renderPlaying();
      const button = screen.getByRole("button", { name: "Mute" });
      fireEvent.click(button);
      act(() => {
        vi.advanceTimersByTime(60);
      });
      fireEvent.click(button);
      act(() => {
        vi.advanceTimersByTime(60);
      });
      expect(player().state.isMuted).toBe(false); // the second tap restarted the wait
      act(() => {
        vi.advanceTimersByTime(40);
      });
      expect(player().state.isMuted).toBe(true);
      act(() => {
        vi.advanceTimersByTime(500);
      });
      expect(player().state.isMuted).toBe(true);
    });
  });

  describe("gestures", () => {
    const region = () => screen.getByRole("region", { name: "Mini player" });
    function swipe(dx: number, dy = 0) {
      fireEvent.pointerDown(region(), {
        pointerId: 1,
        clientX: 200,
        clientY: 400,
        button: 0,
        pointerType: "touch",
      });
      fireEvent.pointerMove(region(), {
        pointerId: 1,
        clientX: 200 + dx,
        clientY: 400 + dy,
        pointerType: "touch",
      });
      fireEvent.pointerUp(region(), {
        pointerId: 1,
        clientX: 200 + dx,
        clientY: 400 + dy,
        pointerType: "touch",
      });
    }

    it("premium: a left swipe over 80 px plays the next song, a right one the previous", () => {
      vi.mocked(useIsPremium).mockReturnValue(true);
      renderPlaying(1);
      swipe(-81);
      expect(title()).toBe("Song 3");
      swipe(81);
      expect(title()).toBe("Song 2");
    });

    it("80 px exactly does nothing", () => {
      vi.mocked(useIsPremium).mockReturnValue(true);
      renderPlaying(1);
      swipe(-80);
      swipe(80);
      expect(title()).toBe("Song 2");
    });

    it("non-premium: a swipe shows the upgrade toast", () => {
      renderPlaying(1);
      swipe(-120);
      expect(showToast).toHaveBeenCalledOnce();
      expect(title()).toBe("Song 2");
    });

    it("a vertical drag moves the player, clamped from 24 px to window height minus 150", () => {
      renderPlaying();
      // happy-dom has no layout: the player starts from top 0 in this test.
      const drag = (dy: number) => {
        fireEvent.pointerDown(region(), {
          pointerId: 2,
          clientX: 100,
          clientY: 0,
          button: 0,
          pointerType: "touch",
        });
        fireEvent.pointerMove(region(), { pointerId: 2, clientX: 100, clientY: dy, pointerType: "touch" });
      };
      drag(300);
      expect(region().style.top).toBe("300px");
      fireEvent.pointerUp(region(), { pointerId: 2, clientX: 100, clientY: 300 });
      drag(-500);
      expect(region().style.top).toBe("24px");
      fireEvent.pointerUp(region(), { pointerId: 2, clientX: 100, clientY: -500 });
      drag(99999);
      expect(region().style.top).toBe(`${window.innerHeight - 150}px`);
      fireEvent.pointerUp(region(), { pointerId: 2, clientX: 100, clientY: 99999 });
      expect(title()).toBe("Song 1"); // a drag is not a swipe
    });

    it("a quick flick up opens Now Playing; the player keeps its place", async () => {
      renderPlaying();
      swipe(0, -120);
      expect(await screen.findByRole("dialog", { name: "Now Playing" }, { timeout: 5000 })).toBeTruthy();
      expect(region().style.top).toBe(""); // still docked above the navigation
      expect(title()).toBe("Song 1");
    });

    it("a press on a control that stays put is the control's tap, not a gesture", () => {
      vi.mocked(useIsPremium).mockReturnValue(true);
      renderPlaying(1);
      const next = screen.getByRole("button", { name: "Next song" });
      fireEvent.pointerDown(next, { pointerId: 3, clientX: 300, clientY: 400, button: 0 });
      fireEvent.pointerMove(next, { pointerId: 3, clientX: 303, clientY: 401 });
      fireEvent.pointerUp(next, { pointerId: 3, clientX: 303, clientY: 401 });
      fireEvent.click(next);
      expect(title()).toBe("Song 3");
      expect(screen.queryByRole("dialog", { name: "Now Playing" })).toBeNull();
    });

    it("a swipe that starts on a control or the song's name swipes, and the control does not also click", () => {
      vi.mocked(useIsPremium).mockReturnValue(true);
      renderPlaying(1);
      // From the Pause button leftwards: the next song, and no pause.
      const pause = screen.getByRole("button", { name: "Pause" });
      fireEvent.pointerDown(pause, { pointerId: 3, clientX: 300, clientY: 400, button: 0 });
      fireEvent.pointerMove(pause, { pointerId: 3, clientX: 150, clientY: 400 });
      fireEvent.pointerUp(pause, { pointerId: 3, clientX: 150, clientY: 400 });
      fireEvent.click(pause);
      expect(title()).toBe("Song 3");
      expect(player().state.isPlaying).toBe(true);
      // From the song's name (a link) rightwards: back to the previous one, no navigation.
      const name = screen.getByTestId("mini-player-title");
      fireEvent.pointerDown(name, { pointerId: 4, clientX: 100, clientY: 400, button: 0 });
      fireEvent.pointerMove(name, { pointerId: 4, clientX: 250, clientY: 400 });
      fireEvent.pointerUp(name, { pointerId: 4, clientX: 250, clientY: 400 });
      expect(title()).toBe("Song 2");
    });

    it("a drag along the seek bar is the seek bar's, not a swipe", () => {
      vi.mocked(useIsPremium).mockReturnValue(true);
      renderPlaying(1);
      const seek = screen.getByRole("slider", { name: "Seek" });
      fireEvent.pointerDown(seek, { pointerId: 5, clientX: 300, clientY: 400, button: 0 });
      fireEvent.pointerMove(region(), { pointerId: 5, clientX: 100, clientY: 400 });
      fireEvent.pointerUp(region(), { pointerId: 5, clientX: 100, clientY: 400 });
      expect(title()).toBe("Song 2");
    });
  });

  describe("queue view", () => {
    it("lists the queue with the current entry marked; remove buttons remove", async () => {
      renderPlaying(1);
      fireEvent.click(screen.getByRole("button", { name: "Show queue" }));
      const list = await screen.findByRole("list", { name: "Queue" }, { timeout: 5000 }); // lazy: loads on first open
      const items = within(list).getAllByRole("listitem");
      expect(items.map((item) => item.getAttribute("aria-current"))).toEqual([null, "true", null]);
      expect(within(items[1] as HTMLElement).getByText("Now playing")).toBeTruthy();
      fireEvent.click(screen.getByRole("button", { name: "Remove Song 3 from queue" }));
      expect(player().state.queue.map((s) => s.title)).toEqual(["Song 1", "Song 2"]);
      fireEvent.click(screen.getByRole("button", { name: "Remove Song 2 from queue" }));
      // Removing the current entry would start another song: a free listener is asked to upgrade.
      expect(showToast).toHaveBeenCalledOnce();
      expect(title()).toBe("Song 2");

      vi.mocked(useIsPremium).mockReturnValue(true);
      act(() => player().pause()); // re-render with the new membership
      fireEvent.click(screen.getByRole("button", { name: "Remove Song 2 from queue" }));
      expect(title()).toBe("Song 1"); // the current one removed: the nearest remaining plays
    });

    it("tapping an entry plays it for premium users, and asks others to upgrade", async () => {
      renderPlaying(0);
      fireEvent.click(screen.getByRole("button", { name: "Show queue" }));
      fireEvent.click(await screen.findByRole("button", { name: /^Play Song 3 / }, { timeout: 5000 }));
      expect(showToast).toHaveBeenCalledOnce();
      expect(title()).toBe("Song 1");

      vi.mocked(useIsPremium).mockReturnValue(true);
      act(() => player().pause()); // re-render with the new membership
      fireEvent.click(screen.getByRole("button", { name: /^Play Song 3 / }));
      expect(title()).toBe("Song 3");
      expect(player().state.isPlaying).toBe(true);
    });
  });

  describe("a song that cannot be played", () => {
    it("says so, instead of offering to enable audio, and Play stays usable", () => {
      const { audio } = renderWithPlayer(<Harness />);
      act(() => player().play(song(1)));
      act(() => audio.main.emit("error"));
      expect(message()?.textContent).toBe("Could not play this song.");
      expect(screen.queryByRole("button", { name: "Enable audio" })).toBeNull();
      fireEvent.click(screen.getByRole("button", { name: "Play" }));
      expect(player().state.isPlaying).toBe(true);
      expect(message()).toBeNull();
    });

    it("stops on it in a queue too, and Next goes on to the next song", () => {
      vi.mocked(useIsPremium).mockReturnValue(true);
      const { audio } = renderPlaying(0);
      act(() => audio.main.emit("error"));
      expect(title()).toBe("Song 1");
      expect(player().state.isPlaying).toBe(false);
      expect(message()?.textContent).toBe("Could not play this song.");
      fireEvent.click(screen.getByRole("button", { name: "Next song" }));
      expect(title()).toBe("Song 2");
      expect(message()).toBeNull();
    });

    it("another song chosen clears the message", () => {
      const { audio } = renderWithPlayer(<Harness />);
      act(() => player().play(song(1)));
      act(() => audio.main.emit("error"));
      expect(message()).not.toBeNull();
      act(() => player().play(song(4)));
      expect(title()).toBe("Song 4");
      expect(message()).toBeNull();
    });
  });

  describe("audio-enable state", () => {
    /** What a reload finds: song 2 of two, 1:01 in. */
    const savePlayerBeforeReload = () =>
      localStorage.setItem(
        PLAYER_STORAGE_KEY,
        JSON.stringify({
          queue: [song(1), song(2)],
          currentIndex: 1,
          currentTime: 61,
          volume: 80,
          isMuted: false,
        }),
      );

    it("after a reload the song is back, paused at its position, with the enable button", () => {
      savePlayerBeforeReload();
      const { audio } = renderWithPlayer(<Harness />);
      expect(title()).toBe("Song 2");
      expect(screen.getByText("1:01")).toBeTruthy();
      expect(screen.getByRole("button", { name: "Play" })).toBeTruthy();
      expect(audio.main.playCalls).toBe(0);
      fireEvent.click(screen.getByRole("button", { name: "Enable audio" }));
      expect(screen.queryByRole("button", { name: "Enable audio" })).toBeNull();
    });

    it("one tap on 'Tap to enable audio' plays the restored song from where it stopped", async () => {
      savePlayerBeforeReload();
      const { audio } = renderWithPlayer(<Harness />);
      fireEvent.click(screen.getByRole("button", { name: "Enable audio" }));
      expect(player().state.isPlaying).toBe(true);
      expect(title()).toBe("Song 2");
      expect(audio.main.playCalls).toBe(1);
      expect(audio.main.muted).toBe(false);
      act(() => audio.main.loaded(200));
      expect(audio.main.currentTime).toBe(61);
      await act(async () => {
        await Promise.resolve();
      });
      expect(audio.main.paused).toBe(false);
      expect(screen.getByRole("button", { name: "Pause" })).toBeTruthy();
    });

    it("shows 'Tap to enable audio' when the browser blocks a start, and one tap plays it", async () => {
      const { audio } = renderWithPlayer(<Harness />);
      audio.main.playResult = notAllowed;
      await act(async () => {
        player().play(song(1));
        await Promise.resolve();
      });
      // The state still says playing (SPEC: a block leaves it unchanged), so only the banner tells.
      expect(player().state.isPlaying).toBe(true);
      expect(audio.main.paused).toBe(true);
      audio.main.playResult = () => Promise.resolve();
      fireEvent.click(screen.getByRole("button", { name: "Enable audio" }));
      expect(audio.main.paused).toBe(false);
      act(() => audio.main.emit("playing"));
      expect(screen.queryByRole("button", { name: "Enable audio" })).toBeNull();
    });

    it("starts off and turns on once playback starts", () => {
      const { audio } = renderWithPlayer(<Harness />);
      act(() => player().play(song(1)));
      expect(player().audioEnabled).toBe(false);
      act(() => audio.main.emit("playing"));
      expect(player().audioEnabled).toBe(true);
    });
  });
});
