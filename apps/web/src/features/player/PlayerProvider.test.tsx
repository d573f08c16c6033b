import { act, cleanup, fireEvent, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useIsPremium } from "../account/membership";
import { showToast } from "../../lib/toast";
import type * as ToastModule from "../../lib/toast";
import { PLAYER_STORAGE_KEY } from "./persistence";
import { useNowPlaying, usePlayer, usePlayerControls, useSongPlayState } from "./PlayerProvider";
import { PREMIUM_MESSAGES } from "../account";
import { SLEEP_MINUTE_MS_KEY } from "./sleep-timer";
import { playlistDetail } from "../../test-utils/catalog";
import type { Fixtures } from "../../test-utils/trpc-fixtures";
import { asSongDto, type FakeAudio, notAllowed, renderWithPlayer, song } from "./test-utils";
import type { NowPlaying, PlayableSong, PlayerApi } from "./types";

vi.mock("../account/membership", () => ({ useIsPremium: vi.fn(() => false) }));
vi.mock("../../lib/toast", async (importOriginal) => {
  const actual = await importOriginal<typeof ToastModule>();
  return { ...actual, showToast: vi.fn(actual.showToast) };
});

const latest: { current: PlayerApi | null } = { current: null };
function Probe() {
  latest.current = usePlayer();
  return null;
}
function player(): PlayerApi {
  if (!latest.current) throw new Error("not rendered");
  return latest.current;
}
function mount(fixtures: Fixtures = {}) {
  return renderWithPlayer(<Probe />, { fixtures, random: () => 0 });
}
/** The playlist `id` with the player's songs, as playlists.byId returns it. */
const playlistOf = (id: string, tracks: PlayableSong[]) => playlistDetail(1, tracks.map(asSongDto), { id });

const queue = [song(1), song(2), song(3)];

beforeEach(() => {
  localStorage.clear();
  vi.mocked(useIsPremium).mockReturnValue(false);
  vi.mocked(showToast).mockClear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("usePlayer", () => {
  it("throws outside the provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() => renderHook(() => usePlayer())).toThrow("usePlayer must be used within a PlayerProvider");
    expect(() => renderHook(() => usePlayerControls())).toThrow(
      "usePlayer must be used within a PlayerProvider",
    );
  });

  it("starts with SPEC.md's state: nothing current, volume 80", () => {
    mount();
    expect(player().state).toMatchObject({
      currentSong: null,
      isPlaying: false,
      volume: 80,
      isMuted: false,
      queue: [],
    });
    expect(player().canSkipAndSeek).toBe(false);
  });

  // An update scheduled in the first commit's layout effects is rendered at once, synchronously: on a
  // server-rendered first visit it pulled hydration's passive effects and a second render into the task
  // that commits the page (one long task on a phone).
  it.each([
    ["a free listener", false],
    ["a premium member", true],
  ])("mounts in one render, with nothing to update in its first commit, for %s", (_, premium) => {
    vi.mocked(useIsPremium).mockReturnValue(premium);
    const phases: string[] = [];
    renderWithPlayer(<Probe />, { onRender: (_id, phase) => phases.push(phase) });
    expect(phases).toEqual(["mount"]);
  });
});

describe("toggleSong (a song row's button)", () => {
  it("an album page's row starts the queue with the album as its source; a playlist by id with the playlist", async () => {
    const { audio } = mount({ playlists: { byId: () => playlistOf("p1", queue) } });
    const album = { kind: "album", id: "10000000-0000-4000-8000-000000000001" } as const;
    act(() => player().toggleSong(song(2), queue, album));
    expect(player().state.source).toEqual(album);
    act(() => player().play(song(1), queue));
    expect(player().state.source).toBeNull();
    await act(() => player().playPlaylistById("p1"));
    expect(player().state.source).toEqual({ kind: "playlist", id: "p1" });
    expect(audio.main.src).toContain("/stream?quality=standard");
  });

  it("plays a song that is not current, pauses it when playing, resumes it when paused", () => {
    mount();
    act(() => player().toggleSong(song(2), queue));
    expect(player().state).toMatchObject({
      currentSong: song(2),
      currentIndex: 1,
      isPlaying: true,
      isPlaylist: true,
    });
    act(() => player().toggleSong(song(2), queue));
    expect(player().state.isPlaying).toBe(false);
    act(() => player().toggleSong(song(2), queue));
    expect(player().state.isPlaying).toBe(true);
    act(() => player().toggleSong(song(3), queue));
    expect(player().state.currentSong?.id).toBe(song(3).id);
  });
});

describe("playPlaylistById", () => {
  it("loads the playlist through tRPC and plays from its first song", async () => {
    const { calls } = mount({ playlists: { byId: () => playlistOf("purple-vibes", [song(4), song(5)]) } });
    await act(() => player().playPlaylistById("purple-vibes"));
    expect(calls).toContainEqual({ path: "playlists.byId", input: { id: "purple-vibes" } });
    expect(player().state).toMatchObject({ currentIndex: 0, isPlaying: true, isPlaylist: true });
    expect(player().state.queue.map((s) => s.id)).toEqual([song(4).id, song(5).id]);
  });

  it("an empty playlist logs 'No songs found' and does nothing", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    mount({ playlists: { byId: () => playlistOf("empty", []) } });
    act(() => player().play(song(1)));
    await act(() => player().playPlaylistById("empty"));
    expect(log).toHaveBeenCalledWith("No songs found");
    expect(player().state.currentSong?.id).toBe(song(1).id);
  });

  it("a failed fetch is only logged", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    mount({
      playlists: {
        byId: () => {
          throw new Error("Playlist not found");
        },
      },
    });
    await act(() => player().playPlaylistById("missing"));
    expect(error).toHaveBeenCalled();
    expect(player().state.currentSong).toBeNull();
    expect(showToast).not.toHaveBeenCalled();
  });
});

describe("play history", () => {
  /** The audio plays on for `seconds`, one time update a second. */
  const hear = (audio: FakeAudio, seconds: number) => {
    for (let i = 0; i < seconds; i++) {
      audio.currentTime += 1;
      act(() => audio.emit("timeupdate"));
    }
  };
  const recorded = (calls: Array<{ path: string; input: unknown }>) =>
    calls.filter((c) => c.path === "songs.recordPlay").map((c) => c.input);

  it("records a play once 30 s were heard (songs.recordPlay), not on start, pause/resume or a seek", async () => {
    const { calls, audio } = mount();
    act(() => player().play(song(1), [song(1), song(2, { duration: 20 })]));
    act(() => audio.main.emit("playing"));
    hear(audio.main, 20);
    act(() => player().pause());
    act(() => player().resume());
    act(() => audio.main.emit("playing"));
    // A seek forward is not listening.
    audio.main.currentTime += 60;
    act(() => audio.main.emit("timeupdate"));
    expect(recorded(calls)).toEqual([]);
    hear(audio.main, 10);
    await waitFor(() => expect(recorded(calls)).toEqual([{ songId: song(1).id }]));
    hear(audio.main, 40);
    act(() => audio.main.finish()); // ended → next, a 20 s song: half of it counts
    audio.main.currentTime = 0;
    act(() => audio.main.emit("playing"));
    hear(audio.main, 9);
    expect(recorded(calls)).toHaveLength(1);
    hear(audio.main, 1);
    await waitFor(() => expect(recorded(calls)).toEqual([{ songId: song(1).id }, { songId: song(2).id }]));
  });

  it("does not record a song skipped after a few seconds", () => {
    const { calls, audio } = mount();
    act(() => player().play(song(1), [song(1), song(2)]));
    act(() => audio.main.emit("playing"));
    hear(audio.main, 5);
    act(() => player().next());
    expect(recorded(calls)).toEqual([]);
  });

  it("a failed record does not disturb playback", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { audio } = mount({
      songs: {
        recordPlay: () => {
          throw new Error("Song not found");
        },
      },
    });
    act(() => player().play(song(1)));
    act(() => audio.main.emit("playing"));
    hear(audio.main, 30);
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(player().state.isPlaying).toBe(true);
  });
});

describe("persistence", () => {
  it("saves the queue, index and position to localStorage 'purplebeats-player'", () => {
    const { audio } = mount();
    act(() => player().play(song(2), queue));
    act(() => audio.main.emit("playing"));
    audio.main.currentTime = 42.4;
    act(() => audio.main.emit("timeupdate"));
    expect(JSON.parse(localStorage.getItem(PLAYER_STORAGE_KEY) ?? "null")).toMatchObject({
      currentIndex: 1,
      currentTime: 42,
      queue: queue.map((s) => expect.objectContaining({ id: s.id })),
    });
    act(() => player().close());
    expect(localStorage.getItem(PLAYER_STORAGE_KEY)).toBeNull();
  });

  it("saves a tapped queue once its first note plays, not while the song loads", () => {
    const { audio } = mount();
    act(() => player().play(song(2), queue));
    expect(localStorage.getItem(PLAYER_STORAGE_KEY)).toBeNull();
    act(() => audio.main.emit("playing"));
    expect(JSON.parse(localStorage.getItem(PLAYER_STORAGE_KEY) ?? "null")).toMatchObject({ currentIndex: 1 });
  });

  it("saves a tapped queue at once when the browser blocks its start", async () => {
    const { audio } = mount();
    audio.main.playResult = notAllowed;
    act(() => player().play(song(2), queue));
    await waitFor(() => expect(player().autoplayBlocked).toBe(true));
    expect(JSON.parse(localStorage.getItem(PLAYER_STORAGE_KEY) ?? "null")).toMatchObject({ currentIndex: 1 });
  });

  it("restores them after a reload, paused at the saved position", () => {
    localStorage.setItem(PLAYER_STORAGE_KEY, JSON.stringify({ queue, currentIndex: 2, currentTime: 75 }));
    const { audio } = mount();
    expect(player().state).toMatchObject({
      currentSong: song(3),
      currentIndex: 2,
      currentTime: 75,
      isPlaying: false,
    });
    // A free listener gets the standard rendition through the stream endpoint.
    expect(audio.main.src).toBe(`/api/songs/${song(3).id}/stream?quality=standard`);
    expect(audio.main.playCalls).toBe(0);
  });
});

describe("keyboard shortcuts", () => {
  const press = (
    key: string,
    init: KeyboardEventInit = {},
    target: Element | Document | Window = document.body,
  ) => fireEvent.keyDown(target, { key, ...init });

  it("space plays and pauses; nothing without a song", () => {
    mount();
    press(" ");
    expect(player().state.isPlaying).toBe(false);
    act(() => player().play(song(1)));
    press(" ");
    expect(player().state.isPlaying).toBe(false);
    press(" ");
    expect(player().state.isPlaying).toBe(true);
  });

  it("m toggles mute after the 100 ms debounce", () => {
    vi.useFakeTimers();
    mount();
    act(() => player().play(song(1)));
    press("m");
    expect(player().state.isMuted).toBe(false);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(player().state.isMuted).toBe(true);
  });

  it("arrows skip and Shift+arrows seek 10 s, for premium users only", () => {
    mount();
    act(() => player().play(song(1), queue));
    press("ArrowRight");
    expect(showToast).toHaveBeenLastCalledWith(expect.objectContaining({ message: PREMIUM_MESSAGES.skip }));
    press("ArrowRight", { shiftKey: true });
    expect(showToast).toHaveBeenLastCalledWith(expect.objectContaining({ message: PREMIUM_MESSAGES.seek }));
    expect(player().state).toMatchObject({ currentIndex: 0, currentTime: 0 });
  });

  it("premium: arrows skip, Shift+arrows seek within the song", () => {
    vi.mocked(useIsPremium).mockReturnValue(true);
    mount();
    act(() => player().play(song(1), queue));
    press("ArrowRight");
    expect(player().state.currentIndex).toBe(1);
    press("ArrowLeft");
    expect(player().state.currentIndex).toBe(0);
    press("ArrowRight", { shiftKey: true });
    expect(player().state.currentTime).toBe(10);
    press("ArrowLeft", { shiftKey: true });
    press("ArrowLeft", { shiftKey: true });
    expect(player().state.currentTime).toBe(0);
  });

  it("typing in a text field is left alone", () => {
    mount();
    const input = document.createElement("input");
    document.body.appendChild(input);
    act(() => player().play(song(1)));
    press(" ", {}, input);
    press("m", {}, input);
    expect(player().state.isPlaying).toBe(true);
    input.remove();
  });
});

describe("Media Session", () => {
  type Handler = (details: MediaSessionActionDetails) => void;
  let handlers: Map<string, Handler | null>;
  let session: {
    metadata: unknown;
    playbackState: string;
    setActionHandler: (a: string, h: Handler | null) => void;
    setPositionState: ReturnType<typeof vi.fn>;
  };

  beforeEach(() => {
    handlers = new Map();
    session = {
      metadata: null,
      playbackState: "none",
      setActionHandler: (action, handler) => handlers.set(action, handler),
      setPositionState: vi.fn(),
    };
    Object.defineProperty(navigator, "mediaSession", { value: session, configurable: true });
    vi.stubGlobal(
      "MediaMetadata",
      class {
        constructor(readonly init: MediaMetadataInit) {}
      },
    );
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, "mediaSession");
    vi.unstubAllGlobals();
  });

  const call = (action: string, details: Partial<MediaSessionActionDetails> = {}) =>
    act(() => handlers.get(action)?.({ action: action as MediaSessionAction, ...details }));

  it("publishes the song's title, artist and artwork, the play state and the position", () => {
    const { audio } = mount();
    act(() => player().play(song(1, { title: "Neon", imageUrl: "/images/neon.png" })));
    act(() => audio.main.emit("playing"));
    expect(session.metadata).toMatchObject({
      init: {
        title: "Neon",
        artist: "Artist 1",
        artwork: ["96x96", "128x128", "192x192", "256x256", "384x384", "512x512"].map((sizes) => ({
          src: "/images/neon.png",
          sizes,
        })),
      },
    });
    expect(session.playbackState).toBe("playing");
    expect(session.setPositionState).toHaveBeenLastCalledWith({
      duration: 180,
      position: 0,
      playbackRate: 1,
    });
    act(() => player().pause());
    expect(session.playbackState).toBe("paused");
  });

  it("writes the lock screen's song from its first note on, not while the tapped song loads", () => {
    const { audio } = mount();
    act(() => player().play(song(1, { title: "Neon" })));
    expect(session.metadata).toBeNull();
    act(() => audio.main.emit("playing"));
    expect(session.metadata).toMatchObject({ init: { title: "Neon" } });
    act(() => player().play(song(2, { title: "Dusk" })));
    expect(session.metadata).toMatchObject({ init: { title: "Neon" } });
    act(() => audio.main.emit("playing"));
    expect(session.metadata).toMatchObject({ init: { title: "Dusk" } });
    // Paused, a song changed to is shown at once: no first note is coming.
    act(() => player().pause());
    act(() => player().play(song(3, { title: "Dawn" })));
    act(() => player().pause());
    expect(session.metadata).toMatchObject({ init: { title: "Dawn" } });
  });

  it("handles play and pause; a free listener's lock screen has no next, previous or seek to press", () => {
    mount();
    act(() => player().play(song(1), queue));
    call("pause");
    expect(player().state.isPlaying).toBe(false);
    call("play");
    expect(player().state.isPlaying).toBe(true);
    for (const action of ["nexttrack", "previoustrack", "seekto"]) expect(handlers.get(action)).toBeNull();
    expect(player().state).toMatchObject({ currentIndex: 0, currentTime: 0 });
  });

  it("premium: next, previous and seekto work", () => {
    vi.mocked(useIsPremium).mockReturnValue(true);
    mount();
    act(() => player().play(song(1), queue));
    call("nexttrack");
    expect(player().state.currentIndex).toBe(1);
    call("previoustrack");
    expect(player().state.currentIndex).toBe(0);
    call("seekto", { seekTime: 50 });
    expect(player().state.currentTime).toBe(50);
  });
});

describe("useNowPlaying", () => {
  it("changes with the song and the play state, not with time", () => {
    const seen: NowPlaying[] = [];
    function Row() {
      seen.push(useNowPlaying());
      return null;
    }
    const { audio } = renderWithPlayer(
      <>
        <Probe />
        <Row />
      </>,
    );
    act(() => player().play(song(1)));
    const renders = seen.length;
    audio.main.currentTime = 3;
    act(() => audio.main.emit("timeupdate"));
    expect(seen.length).toBe(renders);
    expect(seen.at(-1)).toEqual({ songId: song(1).id, isPlaying: true });
  });
});

describe("useSongPlayState", () => {
  it("re-renders a row only when its own song starts, pauses or stops being current", () => {
    const renders = new Map<string, number>();
    const states = new Map<string, string>();
    function Row({ id }: { id: string }) {
      const state = useSongPlayState(id);
      renders.set(id, (renders.get(id) ?? 0) + 1);
      states.set(id, state);
      return null;
    }
    const { audio } = renderWithPlayer(
      <>
        <Probe />
        {queue.map((s) => (
          <Row key={s.id} id={s.id} />
        ))}
      </>,
    );
    const counts = () => queue.map((s) => renders.get(s.id));
    const before = counts();
    act(() => player().play(song(1), queue));
    expect(counts()).toEqual([before[0]! + 1, before[1], before[2]]);
    expect(states.get(song(1).id)).toBe("playing");
    audio.main.currentTime = 3;
    act(() => audio.main.emit("timeupdate"));
    act(() => player().pause());
    expect(counts()).toEqual([before[0]! + 2, before[1], before[2]]);
    expect(states.get(song(1).id)).toBe("paused");
    act(() => player().play(song(2), queue));
    expect(counts()).toEqual([before[0]! + 3, before[1]! + 1, before[2]]);
    expect([...states.values()]).toEqual(["other", "playing", "other"]);
  });
});

describe("end of queue", () => {
  const pool = [song(1), song(8, { audioUrl: null }), song(9)];

  it("at the queue's last song the player reads its pool once; next at the end plays a playable other song of it", async () => {
    vi.mocked(useIsPremium).mockReturnValue(true);
    const list = vi.fn(() => ({ items: pool.map(asSongDto), nextCursor: null }));
    const { calls } = mount({ songs: { list } });
    act(() => player().play(song(1), [song(1), song(2)]));
    expect(list).not.toHaveBeenCalled(); // another song is still queued
    act(() => player().next());
    await waitFor(() => expect(player().state.allSongs).toHaveLength(3));
    expect(calls.filter((c) => c.path === "songs.list").map((c) => c.input)).toEqual([{ limit: 100 }]);
    act(() => player().play(song(1)));
    act(() => player().next());
    expect(player().state.currentSong?.id).toBe(song(9).id);
    expect(player().state.queue).toHaveLength(2);
    expect(list).toHaveBeenCalledTimes(1); // the pool is kept for the session
  });

  it("a pool that could not be read is asked for again at a later song's end", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    let fail = true;
    const list = vi.fn(() => {
      if (fail) throw new Error("offline");
      return { items: pool.map(asSongDto), nextCursor: null };
    });
    mount({ songs: { list } });
    act(() => player().play(song(1)));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(1));
    fail = false;
    act(() => player().play(song(2)));
    await waitFor(() => expect(player().state.allSongs).toHaveLength(3));
    expect(list).toHaveBeenCalledTimes(2);
  });
});

describe("radio", () => {
  it("at the queue's last song asks for songs like the last ones; they follow it, for a free listener too", async () => {
    const radio = vi.fn(() => ({ items: [song(2), song(5), song(6)].map(asSongDto), nextCursor: null }));
    const { audio, calls } = mount({ songs: { radio } });
    act(() => player().play(song(1), [song(1), song(2)]));
    expect(radio).not.toHaveBeenCalled(); // another song is still queued
    act(() => audio.main.finish());
    await waitFor(() => expect(player().state.radio).toHaveLength(3));
    expect(calls.find((c) => c.path === "songs.radio")?.input).toMatchObject({
      seeds: [song(1).id, song(2).id],
      exclude: [],
    });
    act(() => audio.main.finish());
    // Never the same song twice in a row: radio's copy of the song just heard is passed over.
    expect(player().state.currentSong?.id).toBe(song(5).id);
    expect(player().state.queue.map((s) => s.id)).toEqual([song(1).id, song(2).id, song(5).id]);
  });

  it("'Start radio' plays the song alone and asks radio for what follows it", async () => {
    const radio = vi.fn(() => ({ items: [asSongDto(song(7))], nextCursor: null }));
    const { calls } = mount({ songs: { radio } });
    act(() => player().play(song(1), queue));
    act(() => player().startRadio(song(4)));
    expect(player().state.queue.map((s) => s.id)).toEqual([song(4).id]);
    await waitFor(() => expect(player().state.radio).toEqual([asSongDto(song(7))]));
    expect(calls.filter((c) => c.path === "songs.radio").map((c) => c.input)).toMatchObject([
      { seeds: [song(4).id] },
    ]);
  });
});

describe("sleep timer", () => {
  it("fades the volume out, pauses, and puts the volume back for the next play", () => {
    vi.useFakeTimers();
    localStorage.setItem(SLEEP_MINUTE_MS_KEY, "100"); // 15 'minutes' = 1.5 s, faded over its last quarter
    mount();
    act(() => player().play(song(1), queue));
    act(() => player().setSleepTimer(15));
    expect(player().sleepTimer.endsAt).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(player().state).toMatchObject({ isPlaying: true, volume: 80 });
    act(() => {
      vi.advanceTimersByTime(1125 + 200 - 1000);
    });
    expect(player().state.volume).toBeLessThan(80);
    expect(player().state.volume).toBeGreaterThan(0);
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(player().state).toMatchObject({ isPlaying: false, volume: 80 });
    expect(player().sleepTimer).toEqual({ endsAt: null, endOfSong: false });
  });

  it("turned off before it runs out, nothing happens", () => {
    vi.useFakeTimers();
    localStorage.setItem(SLEEP_MINUTE_MS_KEY, "100");
    mount();
    act(() => player().play(song(1), queue));
    act(() => player().setSleepTimer(15));
    act(() => player().setSleepTimer(null));
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(player().state).toMatchObject({ isPlaying: true, volume: 80 });
  });

  it("'end of song' stops when the song ends instead of playing the next", () => {
    const { audio } = mount();
    act(() => player().play(song(1), queue));
    act(() => player().setSleepTimer("end-of-song"));
    expect(player().sleepTimer.endOfSong).toBe(true);
    act(() => audio.main.emit("ended"));
    expect(player().state).toMatchObject({ currentIndex: 0, isPlaying: false });
    expect(player().sleepTimer.endOfSong).toBe(false);
  });
});
