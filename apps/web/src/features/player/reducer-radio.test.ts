// Radio: when the chosen queue runs out, autoplay continues with radio's songs (like the
// last ones), never the same song twice in a row; 'Start radio' plays a song alone; the free listener
// reaches radio's songs only by hearing the current one to its end.
import { describe, expect, it } from "vitest";
import { needsRadio } from "./radio";
import { initialPlayerState, playerReducer, radioSeeds } from "./reducer";
import { playing, run, song } from "./test-songs";

const [s1, s2, s3, s4, s5, s6] = [song(1), song(2), song(3), song(4), song(5), song(6)];
const free = { canSkipAndSeek: false };
/** Playing the last of [s1, s2] with radio's [s3, s4] ranked for it. */
const atEnd = (extra = {}) => playing([s1, s2], 1, { radio: [s3, s4], ...extra });

describe("SET_RADIO", () => {
  run([
    {
      name: "keeps radio's songs for the current song; nothing else changes",
      from: playing([s1, s2], 1),
      action: { type: "SET_RADIO", songs: [s3, s4], after: s2.id },
      expect: { radio: [s3, s4], queue: [s1, s2], currentIndex: 1, currentTime: 42 },
      reloads: false,
    },
    {
      name: "ignores songs ranked for a song that no longer plays",
      from: playing([s1, s2], 1, { radio: [s5] }),
      action: { type: "SET_RADIO", songs: [s3, s4], after: s1.id },
      expect: { radio: [s5] },
      reloads: false,
    },
  ]);
});

describe("the queue's end with radio", () => {
  run([
    {
      name: "the song ends: radio's best song follows, as autoplay, and leaves radio's list",
      from: atEnd({ allSongs: [s6] }),
      action: { type: "ENDED", random: 0 },
      expect: { queue: [s1, s2, s3], currentIndex: 2, currentSong: s3, autoplayFrom: 2, radio: [s4] },
      reloads: true,
    },
    {
      name: "a free listener hears radio after the song's end too",
      from: atEnd(free),
      action: { type: "ENDED", random: 0 },
      expect: { currentSong: s3, radio: [s4] },
      reloads: true,
    },
    {
      name: "premium 'Next' at the end takes radio's song",
      from: atEnd(),
      action: { type: "NEXT", random: 0.99 },
      expect: { currentSong: s3 },
      reloads: true,
    },
    {
      name: "a free listener's 'Next' at the end reaches nothing early",
      from: atEnd(free),
      action: { type: "NEXT", random: 0 },
      expect: { currentSong: s2, currentIndex: 1, queue: [s1, s2], radio: [s3, s4], currentTime: 42 },
      reloads: false,
    },
    {
      name: "never the same song twice in a row: radio's copy of the current song is passed over",
      from: playing([s1, s2], 1, { radio: [s2, s3] }),
      action: { type: "ENDED", random: 0 },
      expect: { currentSong: s3 },
    },
    {
      name: "a song heard a moment ago is passed over too",
      from: playing([s1, s2], 1, { radio: [s1, s3] }),
      action: { type: "ENDED", random: 0 },
      expect: { currentSong: s3 },
    },
    {
      name: "a song without playable audio is passed over",
      from: playing([s1, s2], 1, { radio: [song(3, { audioUrl: null }), s4] }),
      action: { type: "ENDED", random: 0 },
      expect: { currentSong: s4 },
    },
    {
      name: "radio with nothing usable: the screens' pool still follows (not the current song)",
      from: playing([s1, s2], 1, { radio: [s2], allSongs: [s2, s6] }),
      action: { type: "ENDED", random: 0 },
      expect: { currentSong: s6, radio: [s2] },
    },
    {
      name: "songs still queued come before radio",
      from: playing([s1, s2, s5], 1, { radio: [s3] }),
      action: { type: "ENDED", random: 0 },
      expect: { currentSong: s5, radio: [s3] },
    },
    {
      name: "repeat all starts the queue again instead of radio",
      from: atEnd({ repeat: "all" }),
      action: { type: "ENDED", random: 0 },
      expect: { currentSong: s1, currentIndex: 0, queue: [s1, s2] },
    },
    {
      name: "repeat one plays the song again, for a free listener too",
      from: atEnd({ repeat: "one", ...free }),
      action: { type: "ENDED", random: 0 },
      expect: { currentSong: s2, currentIndex: 1, currentTime: 0 },
      reloads: true,
    },
  ]);

  it("a free listener cannot tap a radio song in the queue before it is reached", () => {
    const played = playerReducer(atEnd(free), { type: "ENDED", random: 0 });
    // The queue is now [s1, s2, s3] with s3 playing; s4 is radio's, not yet in the queue.
    expect(playerReducer(played, { type: "PLAY_INDEX", index: 1 })).toBe(played);
    expect(playerReducer(played, { type: "PREVIOUS" })).toBe(played);
    expect(playerReducer(played, { type: "REMOVE_FROM_QUEUE", index: 2 })).toBe(played);
  });
});

describe("START_RADIO", () => {
  run([
    {
      name: "plays the song alone, chosen; the old queue and its radio go",
      from: playing([s1, s2, s3], 0, { radio: [s5], source: { kind: "album", id: "a" } }),
      action: { type: "START_RADIO", song: s4 },
      expect: { queue: [s4], currentIndex: 0, currentSong: s4, autoplayFrom: 1, radio: [], source: null },
      reloads: true,
    },
    {
      name: "a free listener may start radio from a song, as they may play any song",
      from: playing([s1], 0, free),
      action: { type: "START_RADIO", song: s4 },
      expect: { currentSong: s4, isPlaying: true },
      reloads: true,
    },
    {
      name: "with nothing playing it starts",
      from: initialPlayerState,
      action: { type: "START_RADIO", song: s4 },
      expect: { currentSong: s4, isPlaying: true, queue: [s4] },
      reloads: true,
    },
  ]);

  it("then asks radio for what follows, seeded by the song", () => {
    const state = playerReducer(initialPlayerState, { type: "START_RADIO", song: s4 });
    expect(needsRadio(state)).toBe(true);
    expect(radioSeeds(state, 5)).toEqual([s4.id]);
  });
});

describe("when radio is asked", () => {
  it("only at the queue's last song, without repeat all, and while radio has nothing for it", () => {
    expect(needsRadio(playing([s1, s2], 0))).toBe(false);
    expect(needsRadio(playing([s1, s2], 1))).toBe(true);
    expect(needsRadio(playing([s1, s2], 1, { repeat: "all" }))).toBe(false);
    expect(needsRadio(atEnd())).toBe(false);
    expect(needsRadio(playing([s1, s2], 1, { radio: [s2, s1] }))).toBe(true);
    expect(needsRadio(initialPlayerState)).toBe(false);
  });

  it("seeds with the last songs heard, distinct, oldest first", () => {
    const state = playing([s1, s2, s1, s3, s4, s5], 4);
    expect(radioSeeds(state, 3)).toEqual([s1.id, s3.id, s4.id]);
    expect(radioSeeds(state, 10)).toEqual([s2.id, s1.id, s3.id, s4.id]);
  });
});
