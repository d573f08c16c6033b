import { describe, expect, it } from "vitest";
import {
  DEFAULT_VOLUME,
  initialPlayerState,
  isPlayableUrl,
  MAX_ALL_SONGS,
  pickRandomOther,
  playerReducer,
  type PlayerAction,
} from "./reducer";
import { playing, run, song } from "./test-songs";
import type { PlayableSong } from "./types";

const [s1, s2, s3, s4] = [song(1), song(2), song(3), song(4)];

describe("initial state (SPEC.md section 3)", () => {
  it("has no song, volume 80 on 0-100, not muted, empty queue", () => {
    expect(initialPlayerState).toMatchObject({
      currentSong: null,
      isPlaying: false,
      currentTime: 0,
      duration: 0,
      volume: 80,
      isMuted: false,
      queue: [],
      isPlaylist: false,
      allSongs: [],
    });
    expect(DEFAULT_VOLUME).toBe(80);
  });
});

describe("PLAY", () => {
  run([
    {
      name: "a song alone: the queue is just the song, not a playlist",
      from: initialPlayerState,
      action: { type: "PLAY", song: s2 },
      expect: {
        queue: [s2],
        currentIndex: 0,
        currentSong: s2,
        currentTime: 0,
        isPlaying: true,
        isPlaylist: false,
      },
      reloads: true,
    },
    {
      name: "a song of a list: queue = list, index = its position, isPlaylist",
      from: playing([s4], 0),
      action: { type: "PLAY", song: s2, list: [s1, s2, s3] },
      expect: {
        queue: [s1, s2, s3],
        currentIndex: 1,
        currentSong: s2,
        currentTime: 0,
        isPlaying: true,
        isPlaylist: true,
      },
      reloads: true,
    },
    {
      name: "a list of one song is not a playlist",
      from: initialPlayerState,
      action: { type: "PLAY", song: s1, list: [s1] },
      expect: { queue: [s1], currentIndex: 0, isPlaylist: false },
    },
    {
      name: "an empty list counts as no list",
      from: initialPlayerState,
      action: { type: "PLAY", song: s1, list: [] },
      expect: { queue: [s1], currentIndex: 0, isPlaylist: false },
    },
    {
      name: "a song missing from the list plays alone",
      from: initialPlayerState,
      action: { type: "PLAY", song: s4, list: [s1, s2] },
      expect: { queue: [s4], currentIndex: 0, currentSong: s4, isPlaylist: false },
    },
    {
      name: "the current song again restarts it from 0",
      from: playing([s1, s2], 0, { currentTime: 99, isPlaying: false }),
      action: { type: "PLAY", song: s1, list: [s1, s2] },
      expect: { currentTime: 0, isPlaying: true, currentIndex: 0 },
      reloads: true,
    },
    {
      name: "the duration is the song's until the audio reports it",
      from: initialPlayerState,
      action: { type: "PLAY", song: song(9, { duration: 200 }) },
      expect: { duration: 200 },
    },
  ]);
});

describe("PAUSE / RESUME", () => {
  run([
    {
      name: "pause stops",
      from: playing([s1], 0),
      action: { type: "PAUSE" },
      expect: { isPlaying: false, currentTime: 42 },
      reloads: false,
    },
    {
      name: "resume plays on from the same position",
      from: playing([s1], 0, { isPlaying: false }),
      action: { type: "RESUME" },
      expect: { isPlaying: true, currentTime: 42 },
      reloads: false,
    },
    {
      name: "resume without a song does nothing",
      from: initialPlayerState,
      action: { type: "RESUME" },
      expect: { isPlaying: false },
    },
  ]);
});

describe("NEXT", () => {
  const pool = [
    s1,
    s2,
    s3,
    song(5, { audioUrl: "https://cdn.example.com/5.mp3" }),
    song(6, { audioUrl: "http://x.test/6.mp3" }),
  ];
  run([
    {
      name: "goes to the next queue entry from its start",
      from: playing([s1, s2, s3], 0),
      action: { type: "NEXT", random: 0 },
      expect: { currentIndex: 1, currentSong: s2, currentTime: 0, isPlaying: true, queue: [s1, s2, s3] },
      reloads: true,
    },
    {
      name: "plays even when paused",
      from: playing([s1, s2], 0, { isPlaying: false }),
      action: { type: "NEXT", random: 0 },
      expect: { currentIndex: 1, isPlaying: true },
    },
    {
      name: "at the end: appends a random other playable song from allSongs and plays it (random 0 → first candidate)",
      from: playing([s1], 0, { allSongs: pool }),
      action: { type: "NEXT", random: 0 },
      expect: { queue: [s1, s2], currentIndex: 1, currentSong: s2, currentTime: 0, isPlaying: true },
      reloads: true,
    },
    {
      name: "at the end: random 0.99 → last candidate (http urls are playable)",
      from: playing([s1], 0, { allSongs: pool }),
      action: { type: "NEXT", random: 0.99 },
      expect: { queue: [s1, pool[4] as PlayableSong], currentIndex: 1 },
    },
    {
      name: "at the end: the API's stream URL (every song's audioUrl) is playable",
      from: playing([s1], 0, {
        allSongs: [s1, song(10, { audioUrl: "/api/songs/song-10/stream?quality=standard" })],
      }),
      action: { type: "NEXT", random: 0 },
      expect: {
        currentIndex: 1,
        currentSong: song(10, { audioUrl: "/api/songs/song-10/stream?quality=standard" }),
      },
    },
    {
      name: "at the end: never the current song, never an unplayable url",
      from: playing([s1], 0, {
        allSongs: [
          s1,
          song(7, { audioUrl: "/uploads/x.mp3" }),
          song(8, { audioUrl: null }),
          song(9, { audioUrl: "ftp://x/9.mp3" }),
          s3,
        ],
      }),
      action: { type: "NEXT", random: 0 },
      expect: { queue: [s1, s3], currentSong: s3 },
    },
    {
      name: "at the end with no playable other song: nothing changes",
      from: playing([s1], 0, {
        allSongs: [s1, song(7, { audioUrl: "blob:abc" }), song(8, { audioUrl: null })],
      }),
      action: { type: "NEXT", random: 0.5 },
      expect: { queue: [s1], currentIndex: 0, currentSong: s1, currentTime: 42, isPlaying: true },
      reloads: false,
    },
    {
      name: "without a current song: nothing changes",
      from: { ...initialPlayerState, allSongs: pool },
      action: { type: "NEXT", random: 0 },
      expect: { currentSong: null, queue: [] },
      reloads: false,
    },
  ]);

  it("returns the very same state when nothing changes", () => {
    const from = playing([s1], 0);
    expect(playerReducer(from, { type: "NEXT", random: 0 })).toBe(from);
  });
});

describe("PREVIOUS", () => {
  run([
    {
      name: "goes to the prior entry",
      from: playing([s1, s2, s3], 2),
      action: { type: "PREVIOUS" },
      expect: { currentIndex: 1, currentSong: s2, currentTime: 0, isPlaying: true },
      reloads: true,
    },
    {
      name: "at the first entry: nothing changes",
      from: playing([s1, s2], 0),
      action: { type: "PREVIOUS" },
      expect: { currentIndex: 0, currentSong: s1, currentTime: 42 },
      reloads: false,
    },
  ]);
});

describe("PLAY_INDEX (queue view)", () => {
  run([
    {
      name: "plays that entry",
      from: playing([s1, s2, s3], 0),
      action: { type: "PLAY_INDEX", index: 2 },
      expect: { currentIndex: 2, currentSong: s3, currentTime: 0 },
      reloads: true,
    },
    {
      name: "out of range: nothing",
      from: playing([s1], 0),
      action: { type: "PLAY_INDEX", index: 3 },
      expect: { currentIndex: 0 },
      reloads: false,
    },
  ]);
});

describe("REMOVE_FROM_QUEUE", () => {
  run([
    {
      name: "before the current one: the index shifts, the song plays on",
      from: playing([s1, s2, s3], 2),
      action: { type: "REMOVE_FROM_QUEUE", index: 0 },
      expect: { queue: [s2, s3], currentIndex: 1, currentSong: s3, currentTime: 42, isPlaying: true },
      reloads: false,
    },
    {
      name: "after the current one: only the queue changes",
      from: playing([s1, s2, s3], 0),
      action: { type: "REMOVE_FROM_QUEUE", index: 2 },
      expect: { queue: [s1, s2], currentIndex: 0, currentSong: s1, currentTime: 42 },
      reloads: false,
    },
    {
      name: "the current one: the entry that slid into its place plays",
      from: playing([s1, s2, s3], 1),
      action: { type: "REMOVE_FROM_QUEUE", index: 1 },
      expect: { queue: [s1, s3], currentIndex: 1, currentSong: s3, currentTime: 0, isPlaying: true },
      reloads: true,
    },
    {
      name: "the current one at the end: the previous entry plays",
      from: playing([s1, s2, s3], 2),
      action: { type: "REMOVE_FROM_QUEUE", index: 2 },
      expect: { queue: [s1, s2], currentIndex: 1, currentSong: s2, currentTime: 0, isPlaying: true },
      reloads: true,
    },
    {
      name: "the last one: playback stops with no song",
      from: playing([s1], 0),
      action: { type: "REMOVE_FROM_QUEUE", index: 0 },
      expect: {
        queue: [],
        currentIndex: -1,
        currentSong: null,
        isPlaying: false,
        currentTime: 0,
        duration: 0,
      },
      reloads: true,
    },
    {
      name: "an index outside the queue: nothing",
      from: playing([s1, s2], 0),
      action: { type: "REMOVE_FROM_QUEUE", index: 5 },
      expect: { queue: [s1, s2], currentIndex: 0 },
      reloads: false,
    },
  ]);
});

describe("ENDED", () => {
  run([
    {
      name: "triggers next",
      from: playing([s1, s2], 0),
      action: { type: "ENDED", random: 0 },
      expect: { currentIndex: 1, currentSong: s2, currentTime: 0, isPlaying: true },
      reloads: true,
    },
    {
      name: "at the end: the random pick from allSongs",
      from: playing([s1], 0, { allSongs: [s1, s4] }),
      action: { type: "ENDED", random: 0 },
      expect: { queue: [s1, s4], currentSong: s4, isPlaying: true },
    },
    {
      name: "with nothing to play next: the song stays, stopped",
      from: playing([s1], 0),
      action: { type: "ENDED", random: 0 },
      expect: { currentSong: s1, isPlaying: false },
      reloads: false,
    },
  ]);
});

describe("audio errors and autoplay blocks", () => {
  run([
    {
      name: "a load error stops playback on the song and names it (SPEC.md section 4), with more of the queue to come too",
      from: playing([s1, s2, s3], 0),
      action: { type: "LOAD_ERROR", source: "song" },
      expect: {
        isPlaying: false,
        currentIndex: 0,
        currentSong: s1,
        unplayable: { id: s1.id, title: s1.title },
      },
      reloads: false,
    },
    {
      name: "a load error of a paused song (a restored one) names it and stays paused",
      from: playing([s1, s2], 0, { isPlaying: false }),
      action: { type: "LOAD_ERROR", source: "song" },
      expect: { currentSong: s1, isPlaying: false, unplayable: { id: s1.id, title: s1.title } },
      reloads: false,
    },
    {
      name: "Play on the song that could not be played tries it again, from where it was",
      from: playing([s1], 0, {
        isPlaying: false,
        unplayable: { id: s1.id, title: s1.title },
      }),
      action: { type: "RESUME" },
      expect: { currentSong: s1, isPlaying: true, currentTime: 42, unplayable: null },
      reloads: true,
    },
    {
      name: "another song started clears the message",
      from: playing([s1, s2], 0, { isPlaying: false, unplayable: { id: s1.id, title: s1.title } }),
      action: { type: "PLAY", song: s3 },
      expect: { currentSong: s3, unplayable: null },
      reloads: true,
    },
    {
      name: "an error of the silent unlock clip is ignored",
      from: playing([s1], 0),
      action: { type: "LOAD_ERROR", source: "unlock" },
      expect: { isPlaying: true, currentSong: s1 },
    },
  ]);

  it.each<[string, PlayerAction]>([
    ["autoplay blocked", { type: "AUTOPLAY_BLOCKED" }],
    ["unlock clip error", { type: "LOAD_ERROR", source: "unlock" }],
  ])("%s leaves the state unchanged (same object)", (_name, action) => {
    const from = playing([s1, s2], 1);
    expect(playerReducer(from, action)).toBe(from);
  });
});

describe("CLOSE", () => {
  it("resets everything, volume back to 80, unmuted", () => {
    const from = playing([s1, s2], 1, { volume: 20, isMuted: true, allSongs: [s3] });
    const to = playerReducer(from, { type: "CLOSE" });
    const { loadId, seekId, allSongs, canSkipAndSeek, ...rest } = to;
    const { loadId: _l, seekId: _s, allSongs: _a, canSkipAndSeek: _c, ...initial } = initialPlayerState;
    expect(rest).toEqual(initial);
    expect(canSkipAndSeek).toBe(true); // the membership outlives the player
    expect(to.volume).toBe(80);
    expect(loadId).not.toBe(from.loadId); // the engine unloads the audio
    expect(seekId).toBe(from.seekId);
    expect(allSongs).toEqual([s3]); // the catalog pool stays for the next play
  });
});

describe("volume, mute, time", () => {
  run([
    {
      name: "toggle mute on",
      from: playing([s1], 0),
      action: { type: "TOGGLE_MUTE" },
      expect: { isMuted: true },
    },
    {
      name: "toggle mute off",
      from: playing([s1], 0, { isMuted: true }),
      action: { type: "TOGGLE_MUTE" },
      expect: { isMuted: false },
    },
    {
      name: "set volume",
      from: playing([s1], 0),
      action: { type: "SET_VOLUME", volume: 35 },
      expect: { volume: 35 },
    },
    {
      name: "volume above 100 clamps",
      from: playing([s1], 0),
      action: { type: "SET_VOLUME", volume: 140 },
      expect: { volume: 100 },
    },
    {
      name: "volume below 0 clamps",
      from: playing([s1], 0),
      action: { type: "SET_VOLUME", volume: -5 },
      expect: { volume: 0 },
    },
    {
      name: "NaN volume is ignored",
      from: playing([s1], 0),
      action: { type: "SET_VOLUME", volume: Number.NaN },
      expect: { volume: 80 },
    },
    {
      name: "time update",
      from: playing([s1], 0),
      action: { type: "TIME_UPDATE", time: 12.5 },
      expect: { currentTime: 12.5 },
      reloads: false,
    },
    {
      name: "duration from the audio",
      from: playing([s1], 0),
      action: { type: "DURATION", duration: 181.2 },
      expect: { duration: 181.2 },
    },
    {
      name: "infinite duration (a stream) is ignored",
      from: playing([s1], 0),
      action: { type: "DURATION", duration: Infinity },
      expect: { duration: 180 },
    },
  ]);
});

describe("DURATION as the song loads", () => {
  it("keeps the state when the decoder's measure is the catalog's or a fraction of a second off", () => {
    // The same state object: nothing that reads the player renders again while the tapped song loads.
    const from = playing([s1], 0);
    expect(playerReducer(from, { type: "DURATION", duration: 180 })).toBe(from);
    expect(playerReducer(from, { type: "DURATION", duration: 179.98 })).toBe(from);
    expect(playerReducer(from, { type: "DURATION", duration: 180.4 })).toBe(from);
  });

  it("takes the decoder's measure when the song has no catalog length", () => {
    const from = playing([song(1, { duration: 0 })], 0, { duration: 0 });
    expect(playerReducer(from, { type: "DURATION", duration: 179.98 }).duration).toBe(179.98);
  });
});

describe("SEEK", () => {
  run([
    {
      name: "within the song",
      from: playing([s1], 0),
      action: { type: "SEEK", time: 90 },
      expect: { currentTime: 90 },
    },
    {
      name: "below 0 clamps to 0",
      from: playing([s1], 0),
      action: { type: "SEEK", time: -10 },
      expect: { currentTime: 0 },
    },
    {
      name: "past the duration clamps to the duration",
      from: playing([s1], 0),
      action: { type: "SEEK", time: 500 },
      expect: { currentTime: 180 },
    },
    {
      name: "exactly the duration",
      from: playing([s1], 0),
      action: { type: "SEEK", time: 180 },
      expect: { currentTime: 180 },
    },
  ]);

  it("tells the engine to move (seekId) but not to reload", () => {
    const from = playing([s1], 0);
    const to = playerReducer(from, { type: "SEEK", time: 10 });
    expect(to.seekId).toBe(from.seekId + 1);
    expect(to.loadId).toBe(from.loadId);
  });

  it("without a song does nothing", () => {
    expect(playerReducer(initialPlayerState, { type: "SEEK", time: 10 })).toBe(initialPlayerState);
  });
});

describe("START_PLAYLIST", () => {
  run([
    {
      name: "queue = the songs, plays the first",
      from: playing([s4], 0),
      action: { type: "START_PLAYLIST", songs: [s1, s2, s3] },
      expect: {
        queue: [s1, s2, s3],
        currentIndex: 0,
        currentSong: s1,
        currentTime: 0,
        isPlaying: true,
        isPlaylist: true,
      },
      reloads: true,
    },
    {
      name: "empty: nothing changes",
      from: playing([s4], 0),
      action: { type: "START_PLAYLIST", songs: [] },
      expect: { queue: [s4], currentSong: s4 },
      reloads: false,
    },
  ]);
});

describe("SET_ALL_SONGS", () => {
  it("sets the pool, bounded", () => {
    const many = Array.from({ length: MAX_ALL_SONGS + 10 }, (_, i) => song(i));
    expect(playerReducer(initialPlayerState, { type: "SET_ALL_SONGS", songs: [s1, s2] }).allSongs).toEqual([
      s1,
      s2,
    ]);
    expect(playerReducer(initialPlayerState, { type: "SET_ALL_SONGS", songs: many }).allSongs).toHaveLength(
      MAX_ALL_SONGS,
    );
  });
});

describe("RESTORE", () => {
  run([
    {
      name: "queue, index and position come back, paused",
      from: initialPlayerState,
      action: {
        type: "RESTORE",
        saved: { queue: [s1, s2], currentIndex: 1, currentTime: 61, volume: 30, isMuted: true },
      },
      expect: {
        queue: [s1, s2],
        currentIndex: 1,
        currentSong: s2,
        currentTime: 61,
        isPlaying: false,
        volume: 30,
        isMuted: true,
        duration: 180,
      },
      reloads: true,
    },
    {
      name: "a position past the song clamps to its duration",
      from: initialPlayerState,
      action: { type: "RESTORE", saved: { queue: [s1], currentIndex: 0, currentTime: 999 } },
      expect: { currentTime: 180, volume: 80 },
    },
    {
      name: "an index outside the queue restores nothing",
      from: initialPlayerState,
      action: { type: "RESTORE", saved: { queue: [s1], currentIndex: 4, currentTime: 0 } },
      expect: { currentSong: null, queue: [] },
      reloads: false,
    },
    {
      name: "an empty queue restores nothing",
      from: initialPlayerState,
      action: { type: "RESTORE", saved: { queue: [], currentIndex: 0, currentTime: 0 } },
      expect: { currentSong: null },
      reloads: false,
    },
  ]);
});

describe("helpers", () => {
  it.each([
    ["/media/song.mp3", true],
    ["https://cdn.example.com/a.mp3", true],
    ["HTTP://cdn.example.com/a.mp3", true],
    ["http://cdn.example.com/a.mp3", true],
    ["/uploads/a.mp3", false],
    ["media/a.mp3", false],
    ["blob:https://x/1", false],
    ["", false],
    [null, false],
  ] as const)("isPlayableUrl(%s) = %s", (url, playable) => {
    expect(isPlayableUrl(url)).toBe(playable);
  });

  it("pickRandomOther maps [0, 1) over the candidates and tolerates odd numbers", () => {
    const pool = [s1, s2, s3];
    expect(pickRandomOther(pool, s1.id, 0)).toBe(s2);
    expect(pickRandomOther(pool, s1.id, 0.5)).toBe(s3);
    expect(pickRandomOther(pool, s1.id, 1)).toBe(s3);
    expect(pickRandomOther(pool, s1.id, Number.NaN)).toBe(s2);
    expect(pickRandomOther([s1], s1.id, 0)).toBeNull();
  });
});
