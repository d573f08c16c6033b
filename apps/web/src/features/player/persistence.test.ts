import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createIdleSaver,
  loadSavedPlayer,
  MAX_SAVED_QUEUE,
  PLAYER_STORAGE_KEY,
  savePlayer,
  snapshotOf,
  toPlayableSong,
} from "./persistence";
import { initialPlayerState, playerReducer } from "./reducer";
import { song } from "./test-songs";

describe("player persistence (localStorage 'purplebeats-player')", () => {
  beforeEach(() => localStorage.clear());

  it("saves queue, index, position and volume, and reads them back", () => {
    const state = playerReducer(
      playerReducer(initialPlayerState, { type: "PLAY", song: song(2), list: [song(1), song(2)] }),
      { type: "TIME_UPDATE", time: 33.7 },
    );
    savePlayer(snapshotOf(state));
    expect(PLAYER_STORAGE_KEY).toBe("purplebeats-player");
    expect(JSON.parse(localStorage.getItem("purplebeats-player") ?? "null")).toMatchObject({
      currentIndex: 1,
      currentTime: 33,
    });
    expect(loadSavedPlayer()).toEqual({
      queue: [song(1), song(2)],
      currentIndex: 1,
      currentTime: 33,
      volume: 80,
      isMuted: false,
      autoplayFrom: 2,
      repeat: "off",
      shuffle: false,
      source: null,
    });
  });

  it("keeps the chosen and autoplay parts, repeat and shuffle across a reload", () => {
    let state = playerReducer(initialPlayerState, { type: "SET_CAN_SKIP_AND_SEEK", allowed: true });
    state = playerReducer(state, { type: "PLAY", song: song(1), list: [song(1), song(2)] });
    state = playerReducer(state, { type: "SET_ALL_SONGS", songs: [song(7)] });
    state = playerReducer(state, { type: "NEXT", random: 0 });
    state = playerReducer(state, { type: "NEXT", random: 0 }); // autoplay appends song 7
    state = playerReducer(state, { type: "SET_REPEAT", repeat: "one" });
    state = playerReducer(state, { type: "SET_SHUFFLE", shuffle: true, seed: 1 });
    savePlayer(snapshotOf(state));
    const restored = playerReducer(initialPlayerState, { type: "RESTORE", saved: loadSavedPlayer()! });
    expect(restored).toMatchObject({
      queue: [song(1), song(2), song(7)],
      currentIndex: 2,
      autoplayFrom: 2,
      repeat: "one",
      shuffle: true,
      isPlaying: false,
    });
  });

  it("forgets the record when no song is current", () => {
    localStorage.setItem(PLAYER_STORAGE_KEY, "{}");
    savePlayer(snapshotOf(initialPlayerState));
    expect(localStorage.getItem(PLAYER_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ["not json"],
    ["null"],
    ['{"queue": 3}'],
    ['{"queue": [{"id": 1}], "currentIndex": 0, "currentTime": 0}'],
  ])("ignores a damaged record: %s", (raw) => {
    localStorage.setItem(PLAYER_STORAGE_KEY, raw);
    expect(loadSavedPlayer()).toBeNull();
  });

  it("keeps only the player's fields of a song", () => {
    const rich = {
      ...song(1),
      genre: "Rock",
      playCount: 3,
      album: { id: "a", title: "A", imageUrl: "/x.png" },
    };
    expect(toPlayableSong(rich)).toEqual({
      ...song(1),
      album: { id: "a", title: "A", imageUrl: "/x.png" },
      genre: "Rock",
    });
  });

  it("bounds a long queue to a window around the current song", () => {
    const queue = Array.from({ length: MAX_SAVED_QUEUE * 2 }, (_, i) => song(i));
    const state = playerReducer(initialPlayerState, { type: "PLAY", song: song(300), list: queue });
    const saved = snapshotOf(state);
    expect(saved?.queue).toHaveLength(MAX_SAVED_QUEUE);
    expect(saved?.queue[saved.currentIndex]?.id).toBe(song(300).id);
  });
});

describe("createIdleSaver (a tap's task leaves the save to idle time)", () => {
  beforeEach(() => {
    localStorage.clear();
    // The tests' DOM has no idle callbacks: each test gives its own.
    vi.stubGlobal("cancelIdleCallback", () => {});
  });
  afterEach(() => vi.unstubAllGlobals());
  const saved = () => JSON.parse(localStorage.getItem(PLAYER_STORAGE_KEY) ?? "null") as unknown;
  const playing = (time: number) =>
    playerReducer(
      playerReducer(initialPlayerState, { type: "PLAY", song: song(2), list: [song(1), song(2)] }),
      { type: "TIME_UPDATE", time },
    );

  it("saves once at the next idle moment, the state as it is then", () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal("requestIdleCallback", (callback: IdleRequestCallback) => idle.push(callback));
    let state = playing(3);
    const saver = createIdleSaver(() => snapshotOf(state));
    saver.request();
    state = playing(7);
    saver.request();
    expect(saved()).toBeNull();
    expect(idle).toHaveLength(1);
    idle[0]!({ didTimeout: false, timeRemaining: () => 50 });
    expect(saved()).toMatchObject({ currentIndex: 1, currentTime: 7 });
  });

  it("saves at once when the page is hidden or the player goes before that moment", () => {
    vi.stubGlobal("requestIdleCallback", () => 1);
    const saver = createIdleSaver(() => snapshotOf(playing(5)));
    saver.request();
    window.dispatchEvent(new Event("pagehide"));
    expect(saved()).toMatchObject({ currentTime: 5 });
    localStorage.clear();
    saver.flush();
    expect(saved()).toBeNull();
    saver.request();
    saver.flush();
    expect(saved()).toMatchObject({ currentTime: 5 });
  });
});
