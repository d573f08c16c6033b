// The player's part in Pi Ads: an interstitial's break at a song boundary, and a rewarded ad's skips.
import { describe, expect, it } from "vitest";
import { canSkip, playerReducer } from "./reducer";
import { playing, run, song } from "./test-songs";

const [s1, s2, s3] = [song(1), song(2), song(3)];
/** A free listener playing `queue[index]`. */
const free = (index = 0, extra = {}) => playing([s1, s2, s3], index, { canSkipAndSeek: false, ...extra });

describe("an ad break at a song boundary", () => {
  run([
    {
      name: "ENDED with an ad due: the next song is loaded and waits, paused, for the ad",
      from: free(0),
      action: { type: "ENDED", random: 0, adBreak: true },
      expect: { currentSong: s2, currentTime: 0, isPlaying: false, adBreak: true },
      reloads: true,
    },
    {
      name: "AD_BREAK_OVER: the next song starts",
      from: free(1, { isPlaying: false, adBreak: true }),
      action: { type: "AD_BREAK_OVER" },
      expect: { currentSong: s2, isPlaying: true, adBreak: false },
      reloads: false,
    },
    {
      name: "AD_BREAK_OVER with no break (the listener played on meanwhile) changes nothing",
      from: free(1),
      action: { type: "AD_BREAK_OVER" },
      expect: { currentSong: s2, isPlaying: true, adBreak: false },
      reloads: false,
    },
    {
      name: "play pressed during the break starts the next song and ends the break",
      from: free(1, { isPlaying: false, adBreak: true }),
      action: { type: "RESUME" },
      expect: { isPlaying: true, adBreak: false },
      reloads: false,
    },
    {
      name: "with nothing after the song, no break: playback stops as it would",
      from: playing([s1], 0, { canSkipAndSeek: false }),
      action: { type: "ENDED", random: 0, adBreak: true },
      expect: { currentSong: s1, isPlaying: false, adBreak: false },
    },
    {
      name: "'end of song' on the sleep timer stops without a break",
      from: free(0, { stopAfterCurrent: true }),
      action: { type: "ENDED", random: 0, adBreak: true },
      expect: { currentSong: s1, isPlaying: false, adBreak: false },
    },
  ]);

  it("a song started by the listener during the break ends it", () => {
    const inBreak = free(1, { isPlaying: false, adBreak: true });
    expect(playerReducer(inBreak, { type: "PLAY", song: s3 })).toMatchObject({
      adBreak: false,
      isPlaying: true,
    });
    expect(playerReducer(inBreak, { type: "CLOSE" })).toMatchObject({ adBreak: false, currentSong: null });
  });
});

describe("a rewarded ad's skips (skipPass)", () => {
  run([
    {
      name: "a free listener without it cannot skip",
      from: free(0),
      action: { type: "NEXT", random: 0 },
      expect: { currentSong: s1 },
      reloads: false,
    },
    {
      name: "with it, NEXT skips",
      from: free(0, { skipPass: true }),
      action: { type: "NEXT", random: 0 },
      expect: { currentSong: s2, isPlaying: true },
      reloads: true,
    },
    {
      name: "with it, PREVIOUS goes back",
      from: free(1, { skipPass: true }),
      action: { type: "PREVIOUS" },
      expect: { currentSong: s1 },
      reloads: true,
    },
    {
      name: "with it, a queue entry can be picked",
      from: free(0, { skipPass: true }),
      action: { type: "PLAY_INDEX", index: 2 },
      expect: { currentSong: s3 },
    },
    {
      name: "it does not open seeking: skips only",
      from: free(0, { skipPass: true }),
      action: { type: "SEEK", time: 100 },
      expect: { currentTime: 42 },
    },
    {
      name: "SET_SKIP_PASS false (the grant ran out): skips are refused again",
      from: free(0, { skipPass: true }),
      action: { type: "SET_SKIP_PASS", active: false },
      expect: { skipPass: false },
    },
  ]);

  it("canSkip: members, or free listeners with the pass", () => {
    expect(canSkip({ canSkipAndSeek: true, skipPass: false })).toBe(true);
    expect(canSkip({ canSkipAndSeek: false, skipPass: true })).toBe(true);
    expect(canSkip({ canSkipAndSeek: false, skipPass: false })).toBe(false);
  });

  it("CLOSE keeps the pass (the grant is the listener's, not the queue's)", () => {
    expect(playerReducer(free(0, { skipPass: true }), { type: "CLOSE" }).skipPass).toBe(true);
  });
});
