// Stands in for src/features/player in screen tests (see setup.ts): records what screens ask of the player.
import { createContext, useContext, type ReactNode } from "react";
import { vi } from "vitest";
import type { SongPlayState } from "../features/player/now-playing-store";
import type { NowPlaying, PlayerApi, PlayerControls, PlayerState } from "../features/player/types";

export const FakePlayerContext = createContext<PlayerApi | null>(null);

export function createFakePlayer(state: Partial<PlayerState> = {}): PlayerApi {
  return {
    state: {
      currentSong: null,
      isPlaying: false,
      currentTime: 0,
      duration: 0,
      volume: 80,
      isMuted: false,
      queue: [],
      currentIndex: -1,
      isPlaylist: false,
      allSongs: [],
      radio: [],
      autoplayFrom: 0,
      repeat: "off",
      shuffle: false,
      source: null,
      unplayable: null,
      ...state,
    },
    play: vi.fn(),
    toggleSong: vi.fn(),
    pause: vi.fn(),
    resume: vi.fn(),
    next: vi.fn(),
    previous: vi.fn(),
    seek: vi.fn(),
    close: vi.fn(),
    toggleMute: vi.fn(),
    setVolume: vi.fn(),
    startPlaylist: vi.fn(),
    playPlaylistById: vi.fn(() => Promise.resolve()),
    startRadio: vi.fn(),
    removeFromQueue: vi.fn(),
    playFromQueue: vi.fn(),
    playNext: vi.fn(),
    addToQueue: vi.fn(),
    moveInQueue: vi.fn(),
    clearQueue: vi.fn(),
    setRepeat: vi.fn(),
    setShuffle: vi.fn(),
    setSleepTimer: vi.fn(),
    sleepTimer: { endsAt: null, endOfSong: false },
    canSkipAndSeek: false,
    audioEnabled: false,
    autoplayBlocked: false,
    enableAudio: vi.fn(),
  };
}

// The module surface the screens import from src/features/player.
export function usePlayer(): PlayerApi {
  const player = useContext(FakePlayerContext);
  if (!player) throw new Error("usePlayer must be used within a PlayerProvider");
  return player;
}

export function usePlayerControls(): PlayerControls {
  return usePlayer();
}

export function useNowPlaying(): NowPlaying {
  const { state } = usePlayer();
  return { songId: state.currentSong?.id ?? null, isPlaying: state.isPlaying };
}

export function useSongPlayState(songId: string): SongPlayState {
  const { state } = usePlayer();
  if (state.currentSong?.id !== songId) return "other";
  return state.isPlaying ? "playing" : "paused";
}

export function PlayerProvider({ children }: { children: ReactNode }) {
  return children;
}

export function MiniPlayer() {
  return null;
}

// The player's parts that screens draw as they are (the listening settings, the drag handle's icon).
export { ListeningSettings } from "../features/player/ListeningSettings";
export { DragHandleIcon } from "../features/player/icons";
export { readAudioPreferences } from "../features/player/listening-preferences";
export { connectionHint, streamQuality } from "../features/player/stream-quality";
