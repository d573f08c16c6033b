// Songs for the player's tests.
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
