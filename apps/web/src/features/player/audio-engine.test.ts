import { beforeEach, describe, expect, it, vi } from "vitest";
import { AudioEngine, audioSource, normalizationFactor } from "./audio-engine";
import { isIOS, SILENT_WAV, silentWavDataUri } from "./audio-platform";
import { initialPlayerState, playerReducer, type PlayerAction, type PlayerMachineState } from "./reducer";
import { DEFAULT_AUDIO_PREFERENCES } from "./listening-preferences";
import { fakeAudioFactory, notAllowed } from "./test-utils";
import { song } from "./test-songs";

/** The standard stream a free listener's player fetches for song n. */
const streamOf = (n: number, quality = "standard") => `/api/songs/${song(n).id}/stream?quality=${quality}`;

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** An engine wired to the real reducer: actions it reports update the state and the engine follows. */
function setup() {
  const audio = fakeAudioFactory();
  const actions: PlayerAction[] = [];
  const started: string[] = [];
  const blocked = vi.fn();
  const premium: PlayerMachineState = { ...initialPlayerState, canSkipAndSeek: true };
  let state = premium;
  const dispatch = (action: PlayerAction) => {
    actions.push(action);
    const next = playerReducer(state, action);
    if (next !== state) {
      state = next;
      engine.sync(state);
    }
  };
  const engine: AudioEngine = new AudioEngine(
    { dispatch, onPlaybackStarted: (s) => started.push(s.id), onAutoplayBlocked: blocked, random: () => 0 },
    audio.create,
  );
  engine.sync(state);
  return {
    engine,
    audio,
    actions,
    started,
    blocked,
    initial: premium,
    get state() {
      return state;
    },
    dispatch,
  };
}

describe("silent unlock clip", () => {
  it("is a valid tiny WAV data URI", () => {
    expect(SILENT_WAV.startsWith("data:audio/wav;base64,")).toBe(true);
    const bytes = atob(silentWavDataUri(10, 8000).split(",")[1] ?? "");
    expect(bytes.slice(0, 4)).toBe("RIFF");
    expect(bytes.slice(8, 12)).toBe("WAVE");
    expect(bytes.slice(36, 40)).toBe("data");
    expect(bytes.length).toBe(44 + 80);
    expect([...bytes.slice(44)].every((c) => c.charCodeAt(0) === 128)).toBe(true);
  });

  it("recognises iOS devices", () => {
    expect(
      isIOS({
        userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)",
        maxTouchPoints: 5,
        platform: "iPhone",
      }),
    ).toBe(true);
    expect(
      isIOS({
        userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)",
        maxTouchPoints: 5,
        platform: "MacIntel",
      }),
    ).toBe(true);
    expect(
      isIOS({
        userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)",
        maxTouchPoints: 0,
        platform: "MacIntel",
      }),
    ).toBe(false);
    expect(
      isIOS({ userAgent: "Mozilla/5.0 (Linux; Android 14)", maxTouchPoints: 5, platform: "Linux armv8l" }),
    ).toBe(false);
  });
});

describe("AudioEngine", () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  it("loads and plays the current song, with the state's volume and mute", () => {
    t.dispatch({ type: "SET_VOLUME", volume: 50 });
    t.dispatch({ type: "PLAY", song: song(1) });
    expect(t.audio.main.src).toBe(streamOf(1));
    expect(t.audio.main.playCalls).toBe(1);
    expect(t.audio.main.volume).toBe(0.5);
    t.dispatch({ type: "TOGGLE_MUTE" });
    expect(t.audio.main.muted).toBe(true);
  });

  it("holds a song tapped before the browser has a session, and loads and plays it once it has one", () => {
    t.engine.setSession(false);
    t.dispatch({ type: "PLAY", song: song(1) });
    // The stream would be refused (401) without the session's cookie: nothing is asked for yet.
    expect(t.audio.main.src).toBe("");
    expect(t.audio.main.playCalls).toBe(0);
    t.engine.setSession(true);
    t.engine.sync(t.state);
    expect(t.audio.main.src).toBe(streamOf(1));
    expect(t.audio.main.playCalls).toBe(1);
  });

  it("pauses and resumes the element", () => {
    t.dispatch({ type: "PLAY", song: song(1) });
    t.dispatch({ type: "PAUSE" });
    expect(t.audio.main.paused).toBe(true);
    t.dispatch({ type: "RESUME" });
    expect(t.audio.main.paused).toBe(false);
    expect(t.audio.main.playCalls).toBe(2);
  });

  it("reports time, duration and the end of a song as actions; the end plays the next song", () => {
    t.dispatch({ type: "PLAY", song: song(1), list: [song(1), song(2)] });
    t.audio.main.loaded(181);
    t.audio.main.currentTime = 12;
    t.audio.main.emit("timeupdate");
    expect(t.state).toMatchObject({ duration: 181, currentTime: 12 });
    t.audio.main.finish();
    expect(t.actions).toContainEqual({ type: "ENDED", random: 0 });
    expect(t.state.currentSong?.id).toBe(song(2).id);
    expect(t.audio.main.src).toBe(streamOf(2));
    expect(t.audio.main.paused).toBe(false);
  });

  it("moves the element on a seek, and starts a restored song at its saved position once metadata arrives", () => {
    t.dispatch({ type: "PLAY", song: song(1) });
    t.audio.main.loaded(180);
    t.dispatch({ type: "SEEK", time: 95 });
    expect(t.audio.main.currentTime).toBe(95);

    const r = setup();
    r.dispatch({ type: "RESTORE", saved: { queue: [song(3)], currentIndex: 0, currentTime: 70 } });
    expect(r.audio.main.src).toBe(streamOf(3));
    expect(r.audio.main.playCalls).toBe(0); // restored paused
    r.audio.main.currentTime = 0; // a real element ignores a position set before metadata
    r.audio.main.loaded(180);
    expect(r.audio.main.currentTime).toBe(70);
  });

  it("a load error stops playback on the song, with more of the queue to come too", () => {
    t.dispatch({ type: "PLAY", song: song(1), list: [song(1), song(2), song(3)] });
    t.audio.main.emit("error");
    expect(t.actions).toContainEqual({ type: "LOAD_ERROR", source: "song" });
    expect(t.state.isPlaying).toBe(false);
    expect(t.state.currentSong).toEqual(song(1));
    expect(t.state.unplayable).toEqual({ id: song(1).id, title: song(1).title });
    expect(t.audio.main.paused).toBe(true);
  });

  it("one failed load is reported once, though both the element's error and play()'s rejection tell of it", async () => {
    t.audio.main.playResult = () =>
      Promise.reject(Object.assign(new Error("no supported source"), { name: "NotSupportedError" }));
    t.dispatch({ type: "PLAY", song: song(1), list: [song(1), song(2), song(3)] });
    t.audio.main.playResult = () => Promise.resolve();
    t.audio.main.emit("error");
    await flush();
    expect(t.state.currentSong).toEqual(song(1));
    expect(t.actions.filter((a) => a.type === "LOAD_ERROR")).toHaveLength(1);
  });

  it("Play on a song that could not be played fetches it again (the network may be back)", () => {
    t.dispatch({ type: "PLAY", song: song(1) });
    t.audio.main.emit("error");
    const fetches = t.audio.main.srcSets;
    t.dispatch({ type: "RESUME" });
    expect(t.audio.main.srcSets).toBe(fetches + 1);
    expect(t.audio.main.src).toBe(streamOf(1));
    expect(t.audio.main.paused).toBe(false);
  });

  it("a song without audio is a load error", () => {
    t.dispatch({ type: "PLAY", song: song(1, { audioUrl: null }) });
    expect(t.actions).toContainEqual({ type: "LOAD_ERROR", source: "song" });
    expect(t.state.isPlaying).toBe(false);
  });

  it("an autoplay block (NotAllowedError) is reported and leaves the state as it was", async () => {
    t.audio.main.playResult = notAllowed;
    t.dispatch({ type: "PLAY", song: song(1) });
    const before = t.state;
    await flush();
    expect(t.actions).toContainEqual({ type: "AUTOPLAY_BLOCKED" });
    expect(t.blocked).toHaveBeenCalledOnce();
    expect(t.state).toBe(before);
    expect(t.state.isPlaying).toBe(true);
  });

  it("an interrupted play() (AbortError) is not an error", async () => {
    t.audio.main.playResult = () =>
      Promise.reject(Object.assign(new Error("interrupted"), { name: "AbortError" }));
    t.dispatch({ type: "PLAY", song: song(1) });
    await flush();
    expect(t.actions.map((a) => a.type)).toEqual(["PLAY"]);
  });

  it("reports a started play once per load ('playing' can fire again after buffering)", () => {
    t.dispatch({ type: "PLAY", song: song(1), list: [song(1), song(2)] });
    t.audio.main.emit("playing");
    t.audio.main.emit("playing");
    t.dispatch({ type: "PAUSE" });
    t.dispatch({ type: "RESUME" });
    t.audio.main.emit("playing");
    expect(t.started).toEqual([song(1).id]);
    t.dispatch({ type: "NEXT", random: 0 });
    t.audio.main.emit("playing");
    expect(t.started).toEqual([song(1).id, song(2).id]);
  });

  it("preloads the next song of the queue on the second element once the current one plays", () => {
    t.dispatch({ type: "PLAY", song: song(1), list: [song(1), song(2), song(3)] });
    t.audio.main.emit("playing");
    expect(t.audio.preloader.src).toBe(streamOf(2));
    expect(t.audio.preloader.muted).toBe(true);
    expect(t.audio.preloader.playCalls).toBe(0);
    t.dispatch({ type: "NEXT", random: 0 });
    t.audio.main.emit("playing");
    expect(t.audio.preloader.src).toBe(streamOf(3));
  });

  it("does not download the next song while the tapped one is still loading", () => {
    t.dispatch({ type: "PLAY", song: song(1), list: [song(1), song(2), song(3)] });
    expect(t.audio.main.src).toBe(streamOf(1));
    expect(t.audio.preloader.src).toBe("");
    t.dispatch({ type: "NEXT", random: 0 });
    expect(t.audio.preloader.src).toBe("");
    t.audio.main.emit("playing");
    expect(t.audio.preloader.src).toBe(streamOf(3));
  });

  it("unloads the audio when the player closes", () => {
    t.dispatch({ type: "PLAY", song: song(1) });
    t.dispatch({ type: "CLOSE" });
    expect(t.audio.main.paused).toBe(true);
    expect(t.audio.main.getAttribute("src")).toBeNull();
  });

  it("follows a pause from outside (headphones unplugged) but not its own pauses", async () => {
    t.dispatch({ type: "PLAY", song: song(1) });
    t.audio.main.emit("playing");
    t.dispatch({ type: "PAUSE" });
    await flush();
    t.dispatch({ type: "RESUME" });
    const count = t.actions.length;
    // The browser pauses on its own:
    t.audio.main.paused = true;
    t.audio.main.emit("pause");
    expect(t.actions.slice(count)).toEqual([{ type: "PAUSE" }]);
    expect(t.state.isPlaying).toBe(false);
  });

  describe("the silent unlock clip (iOS first gesture)", () => {
    it("plays the clip on the element, then gives the element back", async () => {
      t.engine.unlock();
      expect(t.audio.main.src).toBe(SILENT_WAV);
      expect(t.audio.main.playCalls).toBe(1);
      await flush();
      expect(t.audio.main.getAttribute("src")).toBeNull();
      expect(t.actions).toEqual([]);
    });

    it("its errors are tagged 'unlock' and change nothing", () => {
      const r = setup();
      r.engine.unlock();
      r.audio.main.emit("error");
      expect(r.actions).toEqual([{ type: "LOAD_ERROR", source: "unlock" }]);
      expect(r.state).toBe(r.initial);
    });

    it("a song chosen in the same gesture takes over the element", async () => {
      t.engine.unlock();
      t.dispatch({ type: "PLAY", song: song(1) });
      await flush();
      expect(t.audio.main.src).toBe(streamOf(1));
      t.audio.main.emit("error");
      expect(t.actions).toContainEqual({ type: "LOAD_ERROR", source: "song" });
    });

    it("does nothing when a song is already loaded", () => {
      t.dispatch({ type: "PLAY", song: song(1) });
      t.engine.unlock();
      expect(t.audio.main.src).toBe(streamOf(1));
    });
  });

  it("the enable button retries a blocked play inside the gesture", async () => {
    t.audio.main.playResult = notAllowed;
    t.dispatch({ type: "PLAY", song: song(1) });
    await flush();
    expect(t.audio.main.paused).toBe(true);
    t.audio.main.playResult = () => Promise.resolve();
    t.engine.enableFromGesture();
    expect(t.audio.main.paused).toBe(false);
  });

  it("the enable button starts a paused (restored) song, aloud, where it stopped", async () => {
    t.dispatch({ type: "RESTORE", saved: { queue: [song(1)], currentIndex: 0, currentTime: 10 } });
    t.engine.enableFromGesture();
    // play() inside the gesture itself: a browser that asks for one allows it only there.
    expect(t.audio.main.playCalls).toBe(1);
    expect(t.audio.main.muted).toBe(false);
    expect(t.state.isPlaying).toBe(true);
    t.audio.main.loaded(200);
    expect(t.audio.main.currentTime).toBe(10);
    await flush();
    expect(t.audio.main.paused).toBe(false);
    expect(t.audio.main.playCalls).toBe(1);
    expect(t.actions).not.toContainEqual({ type: "AUTOPLAY_BLOCKED" });
  });
});

describe("quality and loudness", () => {
  it("fetches the high rendition for premium members unless they prefer standard", () => {
    expect(audioSource(song(1), { isPremium: true, quality: "high" })).toBe(streamOf(1, "high"));
    expect(audioSource(song(1), { isPremium: true, quality: "standard" })).toBe(streamOf(1));
    expect(audioSource(song(1), { isPremium: false, quality: "high" })).toBe(streamOf(1));
    expect(audioSource(song(1), { isPremium: false, quality: "low" })).toBe(streamOf(1, "low"));
    expect(audioSource(song(1), { isPremium: true, quality: "auto", connection: { saveData: true } })).toBe(
      streamOf(1, "low"),
    );
    expect(audioSource(song(1, { audioUrl: null }), { isPremium: true, quality: "high" })).toBeNull();
  });

  it("turns loud songs down to about -14 LUFS and never lets the true peak over -1 dBTP", () => {
    const loud = { trackLufs: -8, trackPeakDb: 0.5, albumLufs: -10, albumPeakDb: 0.8 };
    expect(normalizationFactor(loud)).toBeCloseTo(10 ** (-6 / 20), 5);
    expect(normalizationFactor(loud, true)).toBeCloseTo(10 ** (-4 / 20), 5);
    // Quiet but peaky: the peak decides.
    expect(
      normalizationFactor({ trackLufs: -16, trackPeakDb: 1, albumLufs: null, albumPeakDb: null }),
    ).toBeCloseTo(10 ** (-2 / 20), 5);
    // Quiet and clean: played as it is (the element cannot amplify).
    expect(normalizationFactor({ trackLufs: -20, trackPeakDb: -6, albumLufs: null, albumPeakDb: null })).toBe(
      1,
    );
    expect(normalizationFactor(null)).toBe(1);
  });

  it("plays an album started from its page with album gain, and with track gain once shuffled", () => {
    const t = setup();
    const loudness = { trackLufs: -8, trackPeakDb: -3, albumLufs: -10, albumPeakDb: -2 };
    const albumId = "10000000-0000-4000-8000-000000000001";
    const tracks = [1, 2, 3].map((n) => song(n, { loudness, album: { id: albumId, imageUrl: null } }));
    t.engine.setListening(true, { ...DEFAULT_AUDIO_PREFERENCES, quality: "high", normalize: true });
    t.dispatch({ type: "START_PLAYLIST", songs: tracks, seed: 1, source: { kind: "album", id: albumId } });
    const volume = (gainDb: number) => 0.8 * 10 ** (gainDb / 20);
    expect(t.audio.main.volume).toBeCloseTo(volume(-4), 5); // -10 LUFS album to -14
    t.dispatch({ type: "SET_SHUFFLE", shuffle: true, seed: 2 });
    expect(t.audio.main.volume).toBeCloseTo(volume(-6), 5); // -8 LUFS track to -14
    t.dispatch({ type: "SET_SHUFFLE", shuffle: false, seed: 2 });
    expect(t.audio.main.volume).toBeCloseTo(volume(-4), 5);
    // The same songs from a search result or a playlist: track gain.
    t.dispatch({ type: "START_PLAYLIST", songs: tracks, seed: 1 });
    expect(t.audio.main.volume).toBeCloseTo(volume(-6), 5);
    // Normalisation off: the listener's volume as it is.
    t.engine.setListening(true, { ...DEFAULT_AUDIO_PREFERENCES, quality: "high", normalize: false });
    t.engine.sync(t.state);
    expect(t.audio.main.volume).toBeCloseTo(0.8, 5);
  });

  it("a song not heard yet is fetched again at the quality the membership gives once it is known", () => {
    const t = setup();
    t.engine.setListening(false, { ...DEFAULT_AUDIO_PREFERENCES, quality: "high", normalize: true });
    t.dispatch({ type: "START_PLAYLIST", songs: [song(1), song(2)], seed: 1 });
    expect(t.audio.main.src).toBe(streamOf(1));
    // The membership response arrives: premium. Nothing was heard yet, so the high rendition is fetched instead.
    t.engine.setListening(true, { ...DEFAULT_AUDIO_PREFERENCES, quality: "high", normalize: true });
    t.engine.sync(t.state);
    expect(t.audio.main.src).toBe(streamOf(1, "high"));
    expect(t.audio.main.playCalls).toBeGreaterThan(0);
    // Once it plays, a change waits for the next song.
    t.audio.main.emit("playing");
    t.engine.setListening(true, { ...DEFAULT_AUDIO_PREFERENCES, quality: "standard", normalize: true });
    t.engine.sync(t.state);
    expect(t.audio.main.src).toBe(streamOf(1, "high"));
    t.dispatch({ type: "NEXT", random: 0 });
    expect(t.audio.main.src).toBe(streamOf(2));
  });
});
