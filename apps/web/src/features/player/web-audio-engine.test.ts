// The Web Audio engine's hold on decoded songs: a four-minute song decodes to about 85 MB, so while an album
// plays the engine keeps at most the playing song and the next, decodes the next only near the end of the
// playing one, and lets a song go once it has ended or left the queue.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initialPlayerState, playerReducer, type PlayerAction, type PlayerMachineState } from "./reducer";
import { song } from "./test-songs";
import { DECODE_AHEAD_SECONDS, WebAudioEngine } from "./web-audio-engine";

const SONG_SECONDS = 240;
const RATE = 44100;

class FakeParam {
  value = 1;
  cancelScheduledValues() {}
  setValueCurveAtTime() {}
}

class FakeNode {
  connect() {}
  disconnect() {}
}

class FakeGain extends FakeNode {
  gain = new FakeParam();
}

class FakeFilter extends FakeGain {
  type = "peaking";
  frequency = new FakeParam();
  Q = new FakeParam();
}

/** A decoded song: its id and its length, as an AudioBuffer tells them. */
interface FakeBuffer {
  id: string;
  duration: number;
  length: number;
  numberOfChannels: number;
}

class FakeSource extends FakeNode {
  buffer: FakeBuffer | null = null;
  private ended: (() => void)[] = [];
  constructor(private readonly world: World) {
    super();
  }
  start() {
    this.world.sources.add(this);
  }
  stop() {
    this.world.sources.delete(this);
  }
  addEventListener(_type: string, listener: () => void) {
    this.ended.push(listener);
  }
  /** The audio thread played it to its end. */
  end() {
    this.world.sources.delete(this);
    for (const listener of this.ended) listener();
  }
}

interface World {
  sources: Set<FakeSource>;
  decoded: string[];
  ctx: FakeContext | null;
}

class FakeContext {
  state = held;
  currentTime = 0;
  sampleRate = RATE;
  destination = new FakeNode();
  constructor(private readonly world: World) {
    world.ctx = this;
  }
  createGain() {
    return new FakeGain();
  }
  createBiquadFilter() {
    return new FakeFilter();
  }
  createBufferSource() {
    return new FakeSource(this.world);
  }
  decodeAudioData(bytes: ArrayBuffer): Promise<FakeBuffer> {
    const id = new TextDecoder().decode(bytes);
    this.world.decoded.push(id);
    return Promise.resolve({ id, duration: SONG_SECONDS, length: SONG_SECONDS * RATE, numberOfChannels: 2 });
  }
  resume() {
    // A held context's resume() never settles, as iOS WebKit's may not.
    return held === "running" ? Promise.resolve() : new Promise<void>(() => undefined);
  }
  close() {
    return Promise.resolve();
  }
  addEventListener() {}
}

const album = { id: "album-1", title: "Album", imageUrl: null };
const songs = [1, 2, 3].map((n) => song(n, { album, duration: SONG_SECONDS }));
const idOf = (url: string) => /\/api\/songs\/([^/]+)\/stream/.exec(url)?.[1] ?? "";
/** Megabytes a decoded buffer takes: float32 per sample and channel. */
const megabytes = (buffers: AudioBuffer[]) =>
  buffers.reduce((sum, b) => sum + (b.length * b.numberOfChannels * 4) / 1e6, 0);

let world: World;

function setup() {
  let state: PlayerMachineState = { ...initialPlayerState, canSkipAndSeek: true };
  const actions: PlayerAction[] = [];
  const wontRun = vi.fn();
  const dispatch = (action: PlayerAction) => {
    actions.push(action);
    const next = playerReducer(state, action);
    if (next !== state) {
      state = next;
      engine.sync(state);
    }
  };
  const engine = new WebAudioEngine({ dispatch, random: () => 0, onContextWontRun: wontRun });
  engine.sync(state);
  const ids = () => engine.heldBuffers().map((buffer) => (buffer as unknown as FakeBuffer).id);
  /** The audio clock reaches `seconds` into the playing song; the engine's tick reports it. */
  const reach = async (seconds: number, zeroAt: number) => {
    if (world.ctx) world.ctx.currentTime = zeroAt + seconds;
    await vi.advanceTimersByTimeAsync(250);
  };
  return {
    engine,
    actions,
    wontRun,
    dispatch,
    ids,
    reach,
    get state() {
      return state;
    },
  };
}

/** The state every context the page makes is held in ("running": a context that runs). */
let held = "running";

beforeEach(() => {
  vi.useFakeTimers();
  held = "running";
  world = { sources: new Set(), decoded: [], ctx: null };
  vi.stubGlobal(
    "AudioContext",
    class {
      constructor() {
        return new FakeContext(world);
      }
    },
  );
  vi.stubGlobal("fetch", (url: string) => Promise.resolve(new Response(idOf(url))));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const playingSource = (id: string) => [...world.sources].find((source) => source.buffer?.id === id);

describe("the Web Audio engine's decoded songs", () => {
  it("holds the playing song alone until its last half minute, then the next as well", async () => {
    const player = setup();
    player.dispatch({ type: "PLAY", song: songs[0]!, list: songs, source: { kind: "album", id: album.id } });
    await vi.advanceTimersByTimeAsync(0);
    expect(world.decoded).toEqual([songs[0]!.id]);
    const zeroAt = 0.05;

    await player.reach(60, zeroAt);
    expect(player.ids()).toEqual([songs[0]!.id]);
    expect(megabytes(player.engine.heldBuffers())).toBeCloseTo(84.7, 0);

    await player.reach(SONG_SECONDS - DECODE_AHEAD_SECONDS - 1, zeroAt);
    expect(world.decoded).toEqual([songs[0]!.id]);

    await player.reach(SONG_SECONDS - DECODE_AHEAD_SECONDS + 1, zeroAt);
    expect(world.decoded).toEqual([songs[0]!.id, songs[1]!.id]);
    expect(player.ids()).toEqual([songs[0]!.id, songs[1]!.id]);
    // The join is scheduled on the audio clock: the second song starts on the first one's last sample.
    expect(playingSource(songs[1]!.id)).toBeDefined();
  });

  it("lets a song go once it has played out after the join, and decodes no third before it is needed", async () => {
    const player = setup();
    player.dispatch({ type: "PLAY", song: songs[0]!, list: songs, source: { kind: "album", id: album.id } });
    await vi.advanceTimersByTimeAsync(0);
    await player.reach(SONG_SECONDS - 10, 0.05);
    // The join's moment: the player moves on to the second song.
    await player.reach(SONG_SECONDS + 0.01, 0.05);
    await vi.advanceTimersByTimeAsync(SONG_SECONDS * 1000);
    expect(player.state.currentSong?.id).toBe(songs[1]!.id);
    // The first song's last samples may still be on their way out: it goes when its source ends.
    playingSource(songs[0]!.id)?.end();
    expect(player.ids()).toEqual([songs[1]!.id]);
    expect(world.decoded).toEqual([songs[0]!.id, songs[1]!.id]);
  });

  it("lets the next song go when it leaves the queue", async () => {
    const player = setup();
    player.dispatch({ type: "PLAY", song: songs[0]!, list: songs, source: { kind: "album", id: album.id } });
    await vi.advanceTimersByTimeAsync(0);
    await player.reach(SONG_SECONDS - 10, 0.05);
    expect(player.ids()).toEqual([songs[0]!.id, songs[1]!.id]);
    player.dispatch({ type: "REMOVE_FROM_QUEUE", index: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(player.ids()).not.toContain(songs[1]!.id);
    expect(player.ids()).toContain(songs[0]!.id);
    expect(player.engine.heldBuffers().length).toBeLessThanOrEqual(2);
  });

  it("lets the last song go once it has ended", async () => {
    const player = setup();
    const last = songs[2]!;
    player.dispatch({ type: "PLAY", song: last, list: [last], source: { kind: "album", id: album.id } });
    await vi.advanceTimersByTimeAsync(0);
    await player.reach(SONG_SECONDS, 0.05);
    playingSource(last.id)?.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(player.ids()).toEqual([]);
    expect(player.state.isPlaying).toBe(false);
  });
});

describe("a context that will not run", () => {
  const albumSource = { kind: "album" as const, id: album.id };

  it("after the listener's tap, hands the album to the audio element instead of asking for a gesture", async () => {
    held = "suspended";
    const player = setup();
    player.engine.unlock(); // the tap on play
    player.dispatch({ type: "PLAY", song: songs[0]!, list: songs, source: albumSource });
    await vi.advanceTimersByTimeAsync(2000);
    expect(player.wontRun).toHaveBeenCalledTimes(1);
    expect(player.actions.map((a) => a.type)).not.toContain("AUTOPLAY_BLOCKED");
  });

  it("held interrupted, hands over even before any tap", async () => {
    held = "interrupted";
    const player = setup();
    player.dispatch({ type: "PLAY", song: songs[0]!, list: songs, source: albumSource });
    await vi.advanceTimersByTimeAsync(2000);
    expect(player.wontRun).toHaveBeenCalledTimes(1);
  });

  it("suspended with no tap yet is autoplay's rule: the listener is asked for one", async () => {
    held = "suspended";
    const player = setup();
    player.dispatch({ type: "PLAY", song: songs[0]!, list: songs, source: albumSource });
    await vi.advanceTimersByTimeAsync(2000);
    expect(player.wontRun).not.toHaveBeenCalled();
    expect(player.actions.map((a) => a.type)).toContain("AUTOPLAY_BLOCKED");
  });
});
