// The queue the listener controls: play next, add to queue, reorder, remove, clear, repeat,
// shuffle, what autoplay adds kept apart from what was chosen, and the free listener's rules on every path.
import { describe, expect, it } from "vitest";
import { initialPlayerState, playerReducer, type PlayerMachineState } from "./reducer";
import { playing, run, song } from "./test-songs";

const [s1, s2, s3, s4, s5, s6] = [song(1), song(2), song(3), song(4), song(5), song(6)];
/** Chosen [s1, s2], then autoplay added [s5, s6]; the given entry plays. */
const withAutoplay = (index: number, extra: Partial<PlayerMachineState> = {}) =>
  playing([s1, s2, s5, s6], index, { autoplayFrom: 2, ...extra });
const free = { canSkipAndSeek: false };

describe("PLAY_NEXT", () => {
  run([
    {
      name: "goes right after the current song, which plays on undisturbed",
      from: playing([s1, s2, s3], 0),
      action: { type: "PLAY_NEXT", songs: [s4] },
      expect: { queue: [s1, s4, s2, s3], currentIndex: 0, currentTime: 42, autoplayFrom: 4, isPlaying: true },
      reloads: false,
    },
    {
      name: "several songs keep their order",
      from: playing([s1, s2], 0),
      action: { type: "PLAY_NEXT", songs: [s3, s4] },
      expect: { queue: [s1, s3, s4, s2], autoplayFrom: 4 },
    },
    {
      name: "while autoplay plays: it comes next, and the autoplay songs heard become history",
      from: withAutoplay(2),
      action: { type: "PLAY_NEXT", songs: [s4] },
      expect: { queue: [s1, s2, s5, s4, s6], currentIndex: 2, autoplayFrom: 4 },
    },
    {
      name: "while the last chosen song plays: before the autoplay songs",
      from: withAutoplay(1),
      action: { type: "PLAY_NEXT", songs: [s4] },
      expect: { queue: [s1, s2, s4, s5, s6], autoplayFrom: 3 },
    },
    {
      name: "with nothing current: the songs wait as the queue, paused (adding never starts playback)",
      from: initialPlayerState,
      action: { type: "PLAY_NEXT", songs: [s3, s4] },
      expect: { queue: [s3, s4], currentIndex: 0, currentSong: s3, isPlaying: false, autoplayFrom: 2 },
      reloads: true,
    },
    {
      name: "no songs: nothing",
      from: playing([s1], 0),
      action: { type: "PLAY_NEXT", songs: [] },
      expect: { queue: [s1] },
      reloads: false,
    },
    {
      name: "a free listener may queue a song next: it still waits for the current one to end",
      from: playing([s1, s2], 0, free),
      action: { type: "PLAY_NEXT", songs: [s4] },
      expect: { queue: [s1, s4, s2], currentIndex: 0, currentSong: s1, currentTime: 42 },
      reloads: false,
    },
  ]);
});

describe("ADD_TO_QUEUE", () => {
  run([
    {
      name: "after the chosen songs still to come, before autoplay's",
      from: withAutoplay(0),
      action: { type: "ADD_TO_QUEUE", songs: [s4] },
      expect: { queue: [s1, s2, s4, s5, s6], currentIndex: 0, autoplayFrom: 3 },
      reloads: false,
    },
    {
      name: "at the end of an all-chosen queue",
      from: playing([s1, s2], 1),
      action: { type: "ADD_TO_QUEUE", songs: [s3] },
      expect: { queue: [s1, s2, s3], autoplayFrom: 3, currentIndex: 1 },
    },
    {
      name: "while autoplay plays: right after the current song",
      from: withAutoplay(3),
      action: { type: "ADD_TO_QUEUE", songs: [s4] },
      expect: { queue: [s1, s2, s5, s6, s4], currentIndex: 3, autoplayFrom: 5 },
    },
    {
      name: "with nothing current: the queue, paused",
      from: initialPlayerState,
      action: { type: "ADD_TO_QUEUE", songs: [s2] },
      expect: { queue: [s2], currentSong: s2, isPlaying: false },
    },
  ]);
});

describe("MOVE_IN_QUEUE (reorder)", () => {
  run([
    {
      name: "moves an upcoming entry down",
      from: playing([s1, s2, s3, s4], 0),
      action: { type: "MOVE_IN_QUEUE", from: 1, to: 3 },
      expect: { queue: [s1, s3, s4, s2], currentIndex: 0, currentTime: 42 },
      reloads: false,
    },
    {
      name: "moves an upcoming entry up",
      from: playing([s1, s2, s3, s4], 0),
      action: { type: "MOVE_IN_QUEUE", from: 3, to: 1 },
      expect: { queue: [s1, s4, s2, s3] },
    },
    {
      name: "an autoplay song moved among the chosen ones becomes chosen",
      from: withAutoplay(0),
      action: { type: "MOVE_IN_QUEUE", from: 3, to: 1 },
      expect: { queue: [s1, s6, s2, s5], autoplayFrom: 3 },
    },
    {
      name: "a chosen song moved among autoplay's becomes autoplay",
      from: withAutoplay(0),
      action: { type: "MOVE_IN_QUEUE", from: 1, to: 3 },
      expect: { queue: [s1, s5, s6, s2], autoplayFrom: 1 },
    },
    {
      name: "dropped on the border, it keeps its part",
      from: withAutoplay(0),
      action: { type: "MOVE_IN_QUEUE", from: 3, to: 2 },
      expect: { queue: [s1, s2, s6, s5], autoplayFrom: 2 },
    },
    {
      name: "the current entry and the history cannot move",
      from: playing([s1, s2, s3], 1),
      action: { type: "MOVE_IN_QUEUE", from: 1, to: 2 },
      expect: { queue: [s1, s2, s3], currentIndex: 1 },
    },
    {
      name: "nor can anything move into the history",
      from: playing([s1, s2, s3], 1),
      action: { type: "MOVE_IN_QUEUE", from: 2, to: 0 },
      expect: { queue: [s1, s2, s3] },
    },
    {
      name: "an index outside the queue: nothing",
      from: playing([s1, s2, s3], 0),
      action: { type: "MOVE_IN_QUEUE", from: 1, to: 9 },
      expect: { queue: [s1, s2, s3] },
    },
    {
      name: "a free listener may reorder what is still to come",
      from: playing([s1, s2, s3], 0, free),
      action: { type: "MOVE_IN_QUEUE", from: 2, to: 1 },
      expect: { queue: [s1, s3, s2], currentSong: s1 },
      reloads: false,
    },
  ]);
});

describe("REMOVE_FROM_QUEUE and the two parts", () => {
  run([
    {
      name: "removing a chosen song shifts the autoplay border",
      from: withAutoplay(0),
      action: { type: "REMOVE_FROM_QUEUE", index: 1 },
      expect: { queue: [s1, s5, s6], autoplayFrom: 1 },
      reloads: false,
    },
    {
      name: "removing an autoplay song leaves the border",
      from: withAutoplay(0),
      action: { type: "REMOVE_FROM_QUEUE", index: 3 },
      expect: { queue: [s1, s2, s5], autoplayFrom: 2 },
    },
    {
      name: "removing the current chosen song: the next one plays, the border shifts",
      from: withAutoplay(1),
      action: { type: "REMOVE_FROM_QUEUE", index: 1 },
      expect: { queue: [s1, s5, s6], currentIndex: 1, currentSong: s5, autoplayFrom: 1 },
      reloads: true,
    },
  ]);
});

describe("CLEAR_QUEUE", () => {
  run([
    {
      name: "everything after the current song goes, chosen and autoplay; the song plays on",
      from: withAutoplay(0),
      action: { type: "CLEAR_QUEUE" },
      expect: { queue: [s1], currentIndex: 0, currentSong: s1, currentTime: 42, autoplayFrom: 1 },
      reloads: false,
    },
    {
      name: "the songs already heard stay (previous still works)",
      from: withAutoplay(2),
      action: { type: "CLEAR_QUEUE" },
      expect: { queue: [s1, s2, s5], currentIndex: 2, autoplayFrom: 2 },
    },
    {
      name: "nothing to come: nothing changes",
      from: playing([s1, s2], 1),
      action: { type: "CLEAR_QUEUE" },
      expect: { queue: [s1, s2] },
    },
  ]);
  it("with nothing to come, returns the very same state", () => {
    const from = playing([s1], 0);
    expect(playerReducer(from, { type: "CLEAR_QUEUE" })).toBe(from);
  });
});

describe("autoplay when the queue runs out", () => {
  run([
    {
      name: "the pick goes to the autoplay part, apart from the chosen songs",
      from: playing([s1, s2], 1, { allSongs: [s1, s2, s5] }),
      action: { type: "ENDED", random: 0.99 },
      expect: { queue: [s1, s2, s5], currentIndex: 2, currentSong: s5, autoplayFrom: 2 },
      reloads: true,
    },
    {
      name: "a new list replaces autoplay's songs: all of it chosen",
      from: withAutoplay(3),
      action: { type: "PLAY", song: s3, list: [s3, s4] },
      expect: { queue: [s3, s4], autoplayFrom: 2 },
    },
  ]);
});

describe("SET_REPEAT", () => {
  run([
    {
      name: "repeat one: the song that ended plays again from its start",
      from: playing([s1, s2], 0, { repeat: "one", currentTime: 180 }),
      action: { type: "ENDED", random: 0 },
      expect: { currentIndex: 0, currentSong: s1, currentTime: 0, isPlaying: true },
      reloads: true,
    },
    {
      name: "repeat one, free listener: the end of the song repeats it too",
      from: playing([s1, s2], 0, { repeat: "one", ...free }),
      action: { type: "ENDED", random: 0 },
      expect: { currentIndex: 0, currentSong: s1, currentTime: 0 },
      reloads: true,
    },
    {
      name: "repeat one: 'next' still moves on (premium)",
      from: playing([s1, s2], 0, { repeat: "one" }),
      action: { type: "NEXT", random: 0 },
      expect: { currentIndex: 1, currentSong: s2 },
    },
    {
      name: "repeat all: after the last entry the queue starts again (no autoplay)",
      from: playing([s1, s2], 1, { repeat: "all", allSongs: [s5] }),
      action: { type: "ENDED", random: 0 },
      expect: { queue: [s1, s2], currentIndex: 0, currentSong: s1, currentTime: 0 },
      reloads: true,
    },
    {
      name: "repeat all: 'next' on the last entry wraps too",
      from: playing([s1, s2], 1, { repeat: "all" }),
      action: { type: "NEXT", random: 0 },
      expect: { currentIndex: 0 },
    },
    {
      name: "repeat all, free listener: the end of the last song wraps",
      from: playing([s1, s2], 1, { repeat: "all", ...free }),
      action: { type: "ENDED", random: 0 },
      expect: { currentIndex: 0, currentSong: s1 },
    },
    {
      name: "sets the mode",
      from: playing([s1], 0),
      action: { type: "SET_REPEAT", repeat: "all" },
      expect: { repeat: "all" },
      reloads: false,
    },
    {
      name: "an unknown mode is ignored",
      from: playing([s1], 0, { repeat: "one" }),
      action: { type: "SET_REPEAT", repeat: "twice" as never },
      expect: { repeat: "one" },
    },
  ]);
});

describe("SET_SHUFFLE", () => {
  const list = [s1, s2, s3, s4, s5, s6];
  const ids = (state: PlayerMachineState) => state.queue.map((entry) => entry.title);

  it("on: the chosen songs still to come are shuffled; the current song, history and autoplay stay", () => {
    const from = playing(list, 1, { autoplayFrom: 5 });
    const to = playerReducer(from, { type: "SET_SHUFFLE", shuffle: true, seed: 42 });
    expect(to.shuffle).toBe(true);
    expect(to.loadId).toBe(from.loadId);
    expect(to.queue.slice(0, 2)).toEqual([s1, s2]);
    expect(to.queue[5]).toBe(s6);
    expect([...to.queue.slice(2, 5)].sort((a, b) => a.id.localeCompare(b.id))).toEqual([s3, s4, s5]);
    expect(to.currentSong).toBe(s2);
  });

  it("the same seed gives the same order; another seed (usually) another", () => {
    const from = playing(list, 0);
    const a = playerReducer(from, { type: "SET_SHUFFLE", shuffle: true, seed: 7 });
    const b = playerReducer(from, { type: "SET_SHUFFLE", shuffle: true, seed: 7 });
    expect(ids(a)).toEqual(ids(b));
    const orders = new Set(
      [1, 2, 3, 4, 5].map((seed) =>
        ids(playerReducer(from, { type: "SET_SHUFFLE", shuffle: true, seed })).join(),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
  });

  it("off: the songs still to come go back to their order, songs added meanwhile after them", () => {
    let state = playing(list, 0);
    state = playerReducer(state, { type: "SET_SHUFFLE", shuffle: true, seed: 3 });
    state = playerReducer(state, { type: "ADD_TO_QUEUE", songs: [song(9)] });
    state = playerReducer(state, { type: "NEXT", random: 0 });
    state = playerReducer(state, { type: "SET_SHUFFLE", shuffle: false, seed: 0 });
    const heard = state.queue[1] as (typeof list)[number];
    const rest = list.slice(1).filter((entry) => entry !== heard);
    expect(state.shuffle).toBe(false);
    expect(state.queue.slice(2)).toEqual([...rest, song(9)]);
  });

  it("a list started under shuffle: the tapped song first, the rest shuffled after it", () => {
    const from = playing([s6], 0, { shuffle: true });
    const to = playerReducer(from, { type: "PLAY", song: s3, list, seed: 11 });
    expect(to.currentSong).toBe(s3);
    expect(to.currentIndex).toBe(0);
    expect(to.queue).toHaveLength(6);
    expect(new Set(to.queue)).toEqual(new Set(list));
    expect(to.autoplayFrom).toBe(6);
    const off = playerReducer(to, { type: "SET_SHUFFLE", shuffle: false, seed: 0 });
    expect(off.queue).toEqual([s3, s1, s2, s4, s5, s6]);
  });

  it("a playlist started under shuffle does the same", () => {
    const to = playerReducer(playing([s6], 0, { shuffle: true }), {
      type: "START_PLAYLIST",
      songs: list,
      seed: 5,
    });
    expect(to.currentSong).toBe(s1);
    expect(new Set(to.queue)).toEqual(new Set(list));
  });

  it("without a current song it only records the choice; the same choice twice changes nothing", () => {
    const on = playerReducer(initialPlayerState, { type: "SET_SHUFFLE", shuffle: true, seed: 1 });
    expect(on).toMatchObject({ shuffle: true, queue: [] });
    expect(playerReducer(on, { type: "SET_SHUFFLE", shuffle: true, seed: 2 })).toBe(on);
  });
});

describe("a free listener cannot reach another song early (SPEC.md sections 5 and 6)", () => {
  const from = playing([s1, s2, s3], 1, { ...free, allSongs: [s4] });
  it.each([
    ["next (button, swipe, Media Session, key)", { type: "NEXT", random: 0 }],
    ["previous (button, swipe, Media Session, key)", { type: "PREVIOUS" }],
    ["a tap on another queue entry", { type: "PLAY_INDEX", index: 2 }],
    ["removing the current entry", { type: "REMOVE_FROM_QUEUE", index: 1 }],
    ["seeking (timeline, Media Session, keys)", { type: "SEEK", time: 170 }],
  ] as const)("%s: nothing changes", (_name, action) => {
    expect(playerReducer(from, action)).toBe(from);
  });

  it("removing the current entry when it is the only one stops the player (no other song starts)", () => {
    const to = playerReducer(playing([s1], 0, free), { type: "REMOVE_FROM_QUEUE", index: 0 });
    expect(to).toMatchObject({ currentSong: null, isPlaying: false, queue: [] });
  });

  it("the end of the song still moves on", () => {
    expect(playerReducer(from, { type: "ENDED", random: 0 })).toMatchObject({
      currentSong: s3,
      currentTime: 0,
    });
  });

  it("starts free until the membership is known, and follows it", () => {
    expect(initialPlayerState.canSkipAndSeek).toBe(false);
    const premium = playerReducer(from, { type: "SET_CAN_SKIP_AND_SEEK", allowed: true });
    expect(playerReducer(premium, { type: "NEXT", random: 0 })).toMatchObject({ currentSong: s3 });
    expect(playerReducer(premium, { type: "SET_CAN_SKIP_AND_SEEK", allowed: true })).toBe(premium);
  });
});

describe("SET_STOP_AFTER_CURRENT (sleep timer: end of song)", () => {
  run([
    {
      name: "the song that ends stops playback instead of moving on, once",
      from: playing([s1, s2], 0, { stopAfterCurrent: true, repeat: "one" }),
      action: { type: "ENDED", random: 0 },
      expect: { currentSong: s1, currentIndex: 0, isPlaying: false, stopAfterCurrent: false },
      reloads: false,
    },
    {
      name: "sets it",
      from: playing([s1, s2], 0),
      action: { type: "SET_STOP_AFTER_CURRENT", stop: true },
      expect: { stopAfterCurrent: true, currentSong: s1, isPlaying: true },
      reloads: false,
    },
  ]);
});
