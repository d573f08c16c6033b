// The queue's source (an album from its page) and when album gain applies: an album played in order.
import { describe, expect, it } from "vitest";
import { loadSavedPlayer, savePlayer, snapshotOf } from "./persistence";
import { initialPlayerState, playerReducer, playsAlbumInOrder, type PlayerMachineState } from "./reducer";
import { song } from "./test-songs";
import type { QueueSource } from "./types";

const ALBUM = "10000000-0000-4000-8000-000000000001";
const onAlbum = (n: number) => song(n, { album: { id: ALBUM, title: "Lights", imageUrl: null } });
const album = [onAlbum(1), onAlbum(2), onAlbum(3)];
const other = song(9, { album: { id: "elsewhere", title: "Other", imageUrl: null } });
const source: QueueSource = { kind: "album", id: ALBUM };
const premium = { ...initialPlayerState, canSkipAndSeek: true };

function reduce(state: PlayerMachineState, ...actions: Parameters<typeof playerReducer>[1][]) {
  return actions.reduce(playerReducer, state);
}

describe("a queue started from an album", () => {
  it("keeps its source and plays the album in order: album gain, song after song", () => {
    const started = reduce(premium, { type: "START_PLAYLIST", songs: album, seed: 1, source });
    expect(started.source).toEqual(source);
    expect(playsAlbumInOrder(started)).toBe(true);
    const second = reduce(started, { type: "NEXT", random: 0 });
    expect(second.currentSong?.title).toBe("Song 2");
    expect(playsAlbumInOrder(second)).toBe(true);
    const fromRow = reduce(premium, { type: "PLAY", song: album[1]!, list: album, seed: 1, source });
    expect(playsAlbumInOrder(fromRow)).toBe(true);
  });

  it("shuffled (before or after starting) it plays with track gain; back in order, album gain again", () => {
    const shuffledFirst = reduce(
      premium,
      { type: "SET_SHUFFLE", shuffle: true, seed: 3 },
      { type: "START_PLAYLIST", songs: album, seed: 4, source },
    );
    expect(shuffledFirst.source).toEqual(source);
    expect(playsAlbumInOrder(shuffledFirst)).toBe(false);
    const inOrder = reduce(shuffledFirst, { type: "SET_SHUFFLE", shuffle: false, seed: 5 });
    expect(playsAlbumInOrder(inOrder)).toBe(true);
  });

  it("a song queued from elsewhere with 'Play next', and what autoplay adds, play with track gain", () => {
    const started = reduce(
      { ...premium, allSongs: [other] },
      { type: "START_PLAYLIST", songs: album, seed: 1, source },
    );
    const queuedOther = reduce(started, { type: "PLAY_NEXT", songs: [other] }, { type: "NEXT", random: 0 });
    expect(queuedOther.currentSong?.id).toBe(other.id);
    expect(playsAlbumInOrder(queuedOther)).toBe(false);
    const atEnd = reduce(started, { type: "PLAY_INDEX", index: 2 }, { type: "ENDED", random: 0 });
    expect(atEnd.currentSong?.id).toBe(other.id); // autoplay's pick
    expect(playsAlbumInOrder(atEnd)).toBe(false);
  });

  it("anything else started afterwards has no source: track gain", () => {
    const started = reduce(premium, { type: "START_PLAYLIST", songs: album, seed: 1, source });
    for (const action of [
      { type: "PLAY", song: album[0]!, list: album, seed: 1 },
      { type: "START_PLAYLIST", songs: album, seed: 1 },
      { type: "CLOSE" },
    ] as const) {
      const after = playerReducer(started, action);
      expect(after.source).toBeNull();
      expect(playsAlbumInOrder(after)).toBe(false);
    }
    const emptied = reduce(reduce(premium, { type: "PLAY", song: album[0]!, list: [album[0]!], source }), {
      type: "REMOVE_FROM_QUEUE",
      index: 0,
    });
    expect(emptied.source).toBeNull();
  });

  it("adding songs to the queue keeps the album's source", () => {
    const started = reduce(premium, { type: "START_PLAYLIST", songs: album, seed: 1, source });
    expect(reduce(started, { type: "ADD_TO_QUEUE", songs: [other] }).source).toEqual(source);
    expect(playsAlbumInOrder(reduce(started, { type: "ADD_TO_QUEUE", songs: [other] }))).toBe(true);
  });

  it("survives a reload (and a saved source that is not one is dropped)", () => {
    localStorage.clear();
    const started = reduce(premium, { type: "START_PLAYLIST", songs: album, seed: 1, source });
    savePlayer(snapshotOf(started));
    const saved = loadSavedPlayer();
    expect(saved).not.toBeNull();
    const restored = reduce(initialPlayerState, { type: "RESTORE", saved: saved! });
    expect(restored.source).toEqual(source);
    expect(playsAlbumInOrder(restored)).toBe(true);
    const bogus = reduce(initialPlayerState, {
      type: "RESTORE",
      saved: { ...saved!, source: { kind: "radio", id: 3 } as unknown as QueueSource },
    });
    expect(bogus.source).toBeNull();
  });

  it("keeps the songs' loudness across a reload, for normalisation", () => {
    localStorage.clear();
    const loudness = { trackLufs: -9, trackPeakDb: -0.5, albumLufs: -10, albumPeakDb: -0.2 };
    const measured = { ...onAlbum(1), loudness };
    savePlayer(snapshotOf(reduce(premium, { type: "PLAY", song: measured, list: [measured], source })));
    expect(loadSavedPlayer()?.queue[0]?.loudness).toEqual(loudness);
  });
});
