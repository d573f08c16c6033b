// Songs for the player's tests.
import { expect, it } from "vitest";
import { initialPlayerState, playerReducer, type PlayerAction, type PlayerMachineState } from "./reducer";
import type { PlayableSong } from "./types";

export function song(n: number, overrides: Partial<PlayableSong> = {}): PlayableSong {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    title: `Song ${n}`,
    audioUrl: `/media/song-${n}.mp3`,
    duration: 180,
    imageUrl: null,
    artist: { name: `Artist ${n}` },
    album: null,
    ...overrides,
  };
}

/** A premium listener's state playing `queue[index]`, all of the queue chosen. */
export function playing(
  queue: PlayableSong[],
  index: number,
  extra: Partial<PlayerMachineState> = {},
): PlayerMachineState {
  return {
    ...initialPlayerState,
    queue,
    currentIndex: index,
    currentSong: queue[index] ?? null,
    isPlaying: true,
    currentTime: 42,
    duration: 180,
    isPlaylist: queue.length > 1,
    autoplayFrom: queue.length,
    loadId: 7,
    canSkipAndSeek: true,
    ...extra,
  };
}

/** What a transition should have changed: the listed fields (others untouched except the engine counters). */
interface Case {
  name: string;
  from: PlayerMachineState;
  action: PlayerAction;
  expect: Partial<PlayerMachineState>;
  /** The engine must (re)load the audio. */
  reloads?: boolean;
}

export function run(cases: Case[]) {
  it.each(cases)("$name", ({ from, action, expect: expected, reloads }) => {
    const to = playerReducer(from, action);
    expect(to).toMatchObject(expected);
    if (reloads !== undefined) expect(to.loadId !== from.loadId).toBe(reloads);
  });
}
