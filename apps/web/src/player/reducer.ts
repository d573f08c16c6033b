// The player as a pure state machine: SPEC.md section 3 "Player state" and section 4 "Player".
// Everything random comes in on the action, so every transition is deterministic under test.
import type { PlayableSong, PlayerState } from "./types";

/** SPEC.md section 9: default volume 80 on a 0-100 scale. */
export const DEFAULT_VOLUME = 80;
/** The pool for "next at the end of the queue" is bounded: the screens hand over one page of songs at most. */
export const MAX_ALL_SONGS = 200;

/**
 * The reducer's state: SPEC.md's player state plus two counters the audio engine reads.
 * `loadId` changes whenever a song is (re)started from a given position (play, next, previous,
 * restore, close...), `seekId` whenever the listener seeks; the engine acts on a change of either.
 */
export interface PlayerMachineState extends PlayerState {
  loadId: number;
  seekId: number;
}

/** What survives a reload (localStorage 'purplebeats-player'). */
export interface SavedPlayer {
  queue: PlayableSong[];
  currentIndex: number;
  currentTime: number;
  volume?: number;
  isMuted?: boolean;
}

/** Where an audio error came from: the song itself, or the silent clip that unlocks audio on iOS. */
export type AudioErrorSource = "song" | "unlock";

export type PlayerAction =
  | { type: "PLAY"; song: PlayableSong; list?: PlayableSong[] }
  | { type: "PAUSE" }
  | { type: "RESUME" }
  /** `random` in [0, 1) picks the song appended at the end of the queue. */
  | { type: "NEXT"; random: number }
  | { type: "PREVIOUS" }
  /** Jump to a queue entry (the queue view). */
  | { type: "PLAY_INDEX"; index: number }
  | { type: "REMOVE_FROM_QUEUE"; index: number }
  | { type: "ENDED"; random: number }
  | { type: "LOAD_ERROR"; source: AudioErrorSource }
  | { type: "AUTOPLAY_BLOCKED" }
  | { type: "CLOSE" }
  | { type: "TOGGLE_MUTE" }
  | { type: "SET_VOLUME"; volume: number }
  | { type: "TIME_UPDATE"; time: number }
  | { type: "DURATION"; duration: number }
  | { type: "SEEK"; time: number }
  | { type: "START_PLAYLIST"; songs: PlayableSong[] }
  | { type: "SET_ALL_SONGS"; songs: PlayableSong[] }
  | { type: "RESTORE"; saved: SavedPlayer };

export const initialPlayerState: PlayerMachineState = {
  currentSong: null,
  isPlaying: false,
  currentTime: 0,
  duration: 0,
  volume: DEFAULT_VOLUME,
  isMuted: false,
  queue: [],
  currentIndex: -1,
  isPlaylist: false,
  allSongs: [],
  loadId: 0,
  seekId: 0,
};

/** Our bundled media or an http(s) URL: the only audio the end-of-queue pick may choose. */
export function isPlayableUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  return url.startsWith("/media/") || /^https?:\/\//i.test(url);
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** The pick for NEXT at the end of the queue: a playable song other than the current one, or null. */
export function pickRandomOther(
  allSongs: PlayableSong[],
  currentId: string | undefined,
  random: number,
): PlayableSong | null {
  const candidates = allSongs.filter((song) => song.id !== currentId && isPlayableUrl(song.audioUrl));
  if (candidates.length === 0) return null;
  const r = Number.isFinite(random) ? clamp(random, 0, 1) : 0;
  const index = Math.min(Math.floor(r * candidates.length), candidates.length - 1);
  return candidates[index] ?? null;
}

/** Makes `queue[index]` the current song and starts it from `time`. */
function startAt(
  state: PlayerMachineState,
  queue: PlayableSong[],
  index: number,
  options: { isPlaying?: boolean; time?: number; isPlaylist?: boolean } = {},
): PlayerMachineState {
  const song = queue[index];
  if (!song) return state;
  return {
    ...state,
    queue,
    currentIndex: index,
    currentSong: song,
    currentTime: options.time ?? 0,
    duration: song.duration > 0 ? song.duration : 0,
    isPlaying: options.isPlaying ?? true,
    isPlaylist: options.isPlaylist ?? state.isPlaylist,
    loadId: state.loadId + 1,
  };
}

function stopped(state: PlayerMachineState, queue: PlayableSong[]): PlayerMachineState {
  return {
    ...state,
    queue,
    currentIndex: -1,
    currentSong: null,
    isPlaying: false,
    currentTime: 0,
    duration: 0,
    isPlaylist: false,
    loadId: state.loadId + 1,
  };
}

function next(state: PlayerMachineState, random: number): PlayerMachineState | null {
  if (!state.currentSong) return null;
  if (state.currentIndex + 1 < state.queue.length) return startAt(state, state.queue, state.currentIndex + 1);
  const pick = pickRandomOther(state.allSongs, state.currentSong.id, random);
  if (!pick) return null;
  const queue = [...state.queue, pick];
  return startAt(state, queue, queue.length - 1);
}

function sanitizeSaved(saved: SavedPlayer): SavedPlayer | null {
  if (!Array.isArray(saved.queue) || saved.queue.length === 0) return null;
  if (!Number.isInteger(saved.currentIndex) || !saved.queue[saved.currentIndex]) return null;
  return saved;
}

export function playerReducer(state: PlayerMachineState, action: PlayerAction): PlayerMachineState {
  switch (action.type) {
    case "PLAY": {
      const list = action.list && action.list.length > 0 ? action.list : null;
      const index = list ? list.findIndex((song) => song.id === action.song.id) : -1;
      if (list && index >= 0) return startAt(state, list, index, { isPlaylist: list.length > 1 });
      return startAt(state, [action.song], 0, { isPlaylist: false });
    }
    case "PAUSE":
      return state.isPlaying ? { ...state, isPlaying: false } : state;
    case "RESUME":
      return state.currentSong && !state.isPlaying ? { ...state, isPlaying: true } : state;
    case "NEXT":
      return next(state, action.random) ?? state;
    case "PREVIOUS":
      return state.currentSong && state.currentIndex > 0
        ? startAt(state, state.queue, state.currentIndex - 1)
        : state;
    case "PLAY_INDEX":
      return action.index >= 0 && action.index < state.queue.length
        ? startAt(state, state.queue, action.index)
        : state;
    case "REMOVE_FROM_QUEUE": {
      const { index } = action;
      if (!Number.isInteger(index) || index < 0 || index >= state.queue.length) return state;
      const queue = state.queue.filter((_, i) => i !== index);
      if (index < state.currentIndex) return { ...state, queue, currentIndex: state.currentIndex - 1 };
      if (index > state.currentIndex) return { ...state, queue };
      if (queue.length === 0) return stopped(state, queue);
      // The current one: the entry that slid into its place, else the one before it.
      const nearest = index < queue.length ? index : queue.length - 1;
      return startAt(state, queue, nearest);
    }
    case "ENDED": {
      // An ended song triggers next; with nothing to play next, playback stops where it ended.
      const moved = next(state, action.random);
      if (moved) return moved;
      return state.isPlaying ? { ...state, isPlaying: false } : state;
    }
    case "LOAD_ERROR":
      if (action.source === "unlock") return state;
      return state.isPlaying ? { ...state, isPlaying: false } : state;
    case "AUTOPLAY_BLOCKED":
      return state;
    case "CLOSE":
      // Everything resets, volume included; the pool the screens handed over stays for the next play.
      return {
        ...initialPlayerState,
        allSongs: state.allSongs,
        loadId: state.loadId + 1,
        seekId: state.seekId,
      };
    case "TOGGLE_MUTE":
      return { ...state, isMuted: !state.isMuted };
    case "SET_VOLUME":
      if (!Number.isFinite(action.volume)) return state;
      return { ...state, volume: clamp(Math.round(action.volume), 0, 100) };
    case "TIME_UPDATE":
      if (!state.currentSong || !Number.isFinite(action.time) || action.time < 0) return state;
      return { ...state, currentTime: action.time };
    case "DURATION":
      if (!state.currentSong || !Number.isFinite(action.duration) || action.duration <= 0) return state;
      return { ...state, duration: action.duration };
    case "SEEK": {
      if (!state.currentSong || Number.isNaN(action.time)) return state;
      const time = clamp(action.time, 0, Math.max(state.duration, 0));
      return { ...state, currentTime: time, seekId: state.seekId + 1 };
    }
    case "START_PLAYLIST":
      if (action.songs.length === 0) return state;
      return startAt(state, action.songs, 0, { isPlaylist: true });
    case "SET_ALL_SONGS":
      return { ...state, allSongs: action.songs.slice(0, MAX_ALL_SONGS) };
    case "RESTORE": {
      const saved = sanitizeSaved(action.saved);
      if (!saved) return state;
      const song = saved.queue[saved.currentIndex] as PlayableSong;
      const time = Number.isFinite(saved.currentTime)
        ? clamp(saved.currentTime, 0, Math.max(song.duration, 0))
        : 0;
      const restored = startAt(state, saved.queue, saved.currentIndex, {
        isPlaying: false,
        time,
        isPlaylist: saved.queue.length > 1,
      });
      return {
        ...restored,
        volume:
          typeof saved.volume === "number" && Number.isFinite(saved.volume)
            ? clamp(saved.volume, 0, 100)
            : state.volume,
        isMuted: typeof saved.isMuted === "boolean" ? saved.isMuted : state.isMuted,
      };
    }
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}
