// The player as a pure state machine: SPEC.md section 3 "Player state" and section 4 "Player".
// Everything random comes in on the action, so every transition is deterministic under test.
// The free listener's rule (SPEC.md sections 5 and 6, DESIGN.md "Premium"): no reaching another song early
// and no seeking, whichever path asks (buttons, swipes, queue taps, removing the current entry, Media Session,
// keys). It lives here, in one place; the screens only add the upgrade prompt.
import {
  addToQueuePosition,
  clearUpcoming,
  insertChosen,
  moveUpcoming,
  playNextPosition,
  removeOther,
  shuffledList,
  shuffleUpcoming,
  unshuffleUpcoming,
  type QueueParts,
} from "./queue";
import type { PlayableSong, PlayerState, QueueSource, RepeatMode } from "./types";

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
  /** Premium: may skip, pick another queue entry and seek. Off until the membership says otherwise. */
  canSkipAndSeek: boolean;
  /** A rewarded ad's skips (the server's grant, while it runs): a free listener may skip, not seek. */
  skipPass: boolean;
  /**
   * An interstitial ad plays between two songs: the next song is loaded, paused, and starts when the ad is over
   * (AD_BREAK_OVER), or when the listener presses play.
   */
  adBreak: boolean;
  /** The ids of the chosen songs still to come, in their order before shuffle went on; null without shuffle. */
  orderBeforeShuffle: string[] | null;
  /** The sleep timer's 'end of song': when the current song ends, playback stops instead of moving on. */
  stopAfterCurrent: boolean;
}

export const REPEAT_MODES: readonly RepeatMode[] = ["off", "all", "one"];

/** What survives a reload (localStorage 'purplebeats-player'). */
export interface SavedPlayer {
  queue: PlayableSong[];
  currentIndex: number;
  currentTime: number;
  volume?: number;
  isMuted?: boolean;
  autoplayFrom?: number;
  repeat?: RepeatMode;
  shuffle?: boolean;
  source?: QueueSource | null;
}

/** Where an audio error came from: the song itself, or the silent clip that unlocks audio on iOS. */
export type AudioErrorSource = "song" | "unlock";

export type PlayerAction =
  /** `seed` orders the rest of the list when shuffle is on; `source` says what the list is (an album). */
  | { type: "PLAY"; song: PlayableSong; list?: PlayableSong[]; seed?: number; source?: QueueSource }
  | { type: "PAUSE" }
  | { type: "RESUME" }
  /** `random` in [0, 1) picks the song appended at the end of the queue. */
  | { type: "NEXT"; random: number }
  | { type: "PREVIOUS" }
  /** Jump to a queue entry (the queue view). */
  | { type: "PLAY_INDEX"; index: number }
  | { type: "REMOVE_FROM_QUEUE"; index: number }
  /** `adBreak`: an interstitial is due at this song boundary (ad-breaks.ts decides); the next song waits for it. */
  | { type: "ENDED"; random: number; adBreak?: boolean }
  | { type: "AD_BREAK_OVER" }
  | { type: "LOAD_ERROR"; source: AudioErrorSource }
  | { type: "AUTOPLAY_BLOCKED" }
  | { type: "CLOSE" }
  | { type: "TOGGLE_MUTE" }
  | { type: "SET_VOLUME"; volume: number }
  | { type: "TIME_UPDATE"; time: number }
  | { type: "DURATION"; duration: number }
  | { type: "SEEK"; time: number }
  | { type: "START_PLAYLIST"; songs: PlayableSong[]; seed?: number; source?: QueueSource }
  | { type: "SET_ALL_SONGS"; songs: PlayableSong[] }
  /** Radio's ranked songs for the current song's queue end (`after`: that song's id; stale ones are ignored). */
  | { type: "SET_RADIO"; songs: PlayableSong[]; after: string }
  /** 'Start radio': the song alone, as a chosen one; autoplay continues with radio after it. */
  | { type: "START_RADIO"; song: PlayableSong }
  | { type: "RESTORE"; saved: SavedPlayer }
  /** Right after the current song; with nothing current, the songs wait, paused, as the queue. */
  | { type: "PLAY_NEXT"; songs: PlayableSong[] }
  /** After the chosen songs still to come, before autoplay's. */
  | { type: "ADD_TO_QUEUE"; songs: PlayableSong[] }
  /** Moves an upcoming entry to another upcoming place (indexes into the queue as it is). */
  | { type: "MOVE_IN_QUEUE"; from: number; to: number }
  | { type: "CLEAR_QUEUE" }
  | { type: "SET_REPEAT"; repeat: RepeatMode }
  /** `seed` orders the shuffled songs. */
  | { type: "SET_SHUFFLE"; shuffle: boolean; seed: number }
  | { type: "SET_CAN_SKIP_AND_SEEK"; allowed: boolean }
  | { type: "SET_SKIP_PASS"; active: boolean }
  | { type: "SET_STOP_AFTER_CURRENT"; stop: boolean };

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
  radio: [],
  autoplayFrom: 0,
  repeat: "off",
  shuffle: false,
  source: null,
  unplayable: null,
  loadId: 0,
  seekId: 0,
  canSkipAndSeek: false,
  skipPass: false,
  adBreak: false,
  orderBeforeShuffle: null,
  stopAfterCurrent: false,
};

/**
 * Album gain (normalisation keeps the album's own dynamics: quiet songs stay quieter than loud ones) while the
 * listener plays an album in order: the queue was started from the album, shuffle is off, and the current
 * song is one of the album's chosen entries (not autoplay's, nor another album's song queued with 'Play
 * next'). Track gain everywhere else.
 */
export function playsAlbumInOrder(state: PlayerMachineState): boolean {
  const { source, currentSong } = state;
  return (
    source?.kind === "album" &&
    !state.shuffle &&
    currentSong !== null &&
    state.currentIndex < state.autoplayFrom &&
    currentSong.album?.id === source.id
  );
}

/** Reaching another song early (next, previous, a queue entry): members, and free listeners with a skip pass. */
export function canSkip(state: Pick<PlayerMachineState, "canSkipAndSeek" | "skipPass">): boolean {
  return state.canSkipAndSeek || state.skipPass;
}

/** Our bundled media or an http(s) URL: the only audio the end-of-queue pick may choose. */
export function isPlayableUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  // The API's songs play through the stream route (/api/songs/{id}/stream, under the song's rules).
  return url.startsWith("/api/songs/") || url.startsWith("/media/") || /^https?:\/\//i.test(url);
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

/**
 * The current song is the queue's last and repeat does not start the queue again: what follows it is autoplay's
 * pick (radio's, else the pool's), which radio.ts and song-pool.ts read ahead for.
 */
export function autoplayFollows(
  state: Pick<PlayerState, "currentSong" | "repeat" | "currentIndex" | "queue">,
): boolean {
  return state.currentSong !== null && state.repeat !== "all" && state.currentIndex + 1 >= state.queue.length;
}

/** Radio never picks a song heard among the queue's last this many entries. */
export const RADIO_RECENT = 20;

/**
 * Radio's pick for the end of the queue: its best-ranked playable song other than the current one and the
 * last RADIO_RECENT entries (so never the same song twice in a row), or null.
 */
export function pickRadio(state: Pick<PlayerState, "radio" | "queue" | "currentSong">): PlayableSong | null {
  const recent = new Set(state.queue.slice(-RADIO_RECENT).map((song) => song.id));
  if (state.currentSong) recent.add(state.currentSong.id);
  return state.radio.find((song) => !recent.has(song.id) && isPlayableUrl(song.audioUrl)) ?? null;
}

/** The songs radio should be asked for after the current one: its last entries, newest last; empty if none. */
export function radioSeeds(state: Pick<PlayerState, "queue" | "currentIndex">, count: number): string[] {
  const heard = state.queue.slice(0, state.currentIndex + 1).map((song) => song.id);
  return [...new Set(heard.reverse())].slice(0, count).reverse();
}

/** Makes `queue[index]` the current song and starts it from `time`. */
function startAt(
  state: PlayerMachineState,
  queue: PlayableSong[],
  index: number,
  options: { isPlaying?: boolean; time?: number; isPlaylist?: boolean; autoplayFrom?: number } = {},
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
    autoplayFrom: options.autoplayFrom ?? state.autoplayFrom,
    unplayable: null,
    adBreak: false,
    loadId: state.loadId + 1,
  };
}

/**
 * The current song's audio failed (not found, not decodable, the network): playback stops on it (SPEC.md
 * section 4: "Audio load errors stop playback") and the song is named, so the mini player says why it is
 * silent; Next and the queue still work, and Play fetches it again.
 */
function stopUnplayable(state: PlayerMachineState): PlayerMachineState {
  const song = state.currentSong;
  if (!song) return state;
  return { ...state, isPlaying: false, unplayable: { id: song.id, title: song.title } };
}

/** A new list the listener chose: all of it counts as chosen; under shuffle the rest follows in random order. */
function startList(
  state: PlayerMachineState,
  list: PlayableSong[],
  index: number,
  seed: number | undefined,
  source: QueueSource | null = null,
): PlayerMachineState {
  const isPlaylist = list.length > 1;
  // Radio ranked for the old queue's end does not follow the new list.
  const base = { ...state, orderBeforeShuffle: null, source, radio: [] };
  if (!state.shuffle || seed === undefined) {
    return startAt(base, list, index, { isPlaylist, autoplayFrom: list.length });
  }
  const queue = shuffledList(list, index, seed);
  const rest = list.filter((_, i) => i !== index).map((song) => song.id);
  return startAt({ ...base, orderBeforeShuffle: rest }, queue, 0, { isPlaylist, autoplayFrom: queue.length });
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
    autoplayFrom: 0,
    orderBeforeShuffle: null,
    source: null,
    radio: [],
    unplayable: null,
    adBreak: false,
    loadId: state.loadId + 1,
  };
}

function partsOf(state: PlayerMachineState): QueueParts {
  return { queue: state.queue, currentIndex: state.currentIndex, autoplayFrom: state.autoplayFrom };
}

/** The queue changed around a current song that plays on undisturbed. */
function withParts(state: PlayerMachineState, parts: QueueParts): PlayerMachineState {
  return { ...state, ...parts, isPlaylist: parts.queue.length > 1 };
}

/** Where the queue goes after the current entry: the next entry, the start again (repeat all), or autoplay. */
function next(state: PlayerMachineState, random: number): PlayerMachineState | null {
  if (!state.currentSong) return null;
  if (state.currentIndex + 1 < state.queue.length) return startAt(state, state.queue, state.currentIndex + 1);
  if (state.repeat === "all") return startAt(state, state.queue, 0);
  const fromRadio = pickRadio(state);
  const pick = fromRadio ?? pickRandomOther(state.allSongs, state.currentSong.id, random);
  if (!pick) return null;
  const queue = [...state.queue, pick];
  const radio = fromRadio ? state.radio.filter((song) => song.id !== fromRadio.id) : state.radio;
  return startAt({ ...state, radio }, queue, queue.length - 1);
}

function addSongs(state: PlayerMachineState, songs: PlayableSong[], at: (parts: QueueParts) => number) {
  if (songs.length === 0) return state;
  if (!state.currentSong) {
    // Nothing current: the songs become the queue, ready and paused; adding never starts playback by itself.
    return startAt({ ...state, orderBeforeShuffle: null, source: null }, songs, 0, {
      isPlaying: false,
      isPlaylist: songs.length > 1,
      autoplayFrom: songs.length,
    });
  }
  const parts = partsOf(state);
  return withParts(state, insertChosen(parts, at(parts), songs));
}

function removeFromQueue(state: PlayerMachineState, index: number): PlayerMachineState {
  if (!Number.isInteger(index) || index < 0 || index >= state.queue.length) return state;
  if (index !== state.currentIndex) return withParts(state, removeOther(partsOf(state), index));
  const queue = state.queue.filter((_, i) => i !== index);
  if (queue.length === 0) return stopped(state, queue);
  // Removing the current entry starts another song: a skip.
  if (!canSkip(state)) return state;
  // The current one: the entry that slid into its place, else the one before it.
  const nearest = index < queue.length ? index : queue.length - 1;
  const autoplayFrom = index < state.autoplayFrom ? state.autoplayFrom - 1 : state.autoplayFrom;
  return startAt(state, queue, nearest, { autoplayFrom });
}

function setShuffle(state: PlayerMachineState, shuffle: boolean, seed: number): PlayerMachineState {
  if (shuffle === state.shuffle) return state;
  if (!state.currentSong) return { ...state, shuffle, orderBeforeShuffle: null };
  if (shuffle) {
    const { parts, before } = shuffleUpcoming(partsOf(state), seed);
    return { ...withParts(state, parts), shuffle, orderBeforeShuffle: before };
  }
  const parts = unshuffleUpcoming(partsOf(state), state.orderBeforeShuffle ?? []);
  return { ...withParts(state, parts), shuffle, orderBeforeShuffle: null };
}

function sanitizeSaved(saved: SavedPlayer): SavedPlayer | null {
  if (!Array.isArray(saved.queue) || saved.queue.length === 0) return null;
  if (!Number.isInteger(saved.currentIndex) || !saved.queue[saved.currentIndex]) return null;
  return saved;
}

/** A saved source, if it is one. */
function sourceOf(saved: unknown): QueueSource | null {
  if (!saved || typeof saved !== "object") return null;
  const { kind, id } = saved as Record<string, unknown>;
  if ((kind === "album" || kind === "playlist") && typeof id === "string" && id !== "") return { kind, id };
  return null;
}

function restore(state: PlayerMachineState, action: { saved: SavedPlayer }): PlayerMachineState {
  const saved = sanitizeSaved(action.saved);
  if (!saved) return state;
  const song = saved.queue[saved.currentIndex] as PlayableSong;
  const time = Number.isFinite(saved.currentTime)
    ? clamp(saved.currentTime, 0, Math.max(song.duration, 0))
    : 0;
  const autoplayFrom =
    Number.isInteger(saved.autoplayFrom) && (saved.autoplayFrom as number) >= 0
      ? Math.min(saved.autoplayFrom as number, saved.queue.length)
      : saved.queue.length;
  const restored = startAt(
    { ...state, orderBeforeShuffle: null, source: sourceOf(saved.source) },
    saved.queue,
    saved.currentIndex,
    {
      isPlaying: false,
      time,
      isPlaylist: saved.queue.length > 1,
      autoplayFrom,
    },
  );
  return {
    ...restored,
    volume:
      typeof saved.volume === "number" && Number.isFinite(saved.volume)
        ? clamp(saved.volume, 0, 100)
        : state.volume,
    isMuted: typeof saved.isMuted === "boolean" ? saved.isMuted : state.isMuted,
    repeat: saved.repeat && REPEAT_MODES.includes(saved.repeat) ? saved.repeat : state.repeat,
    shuffle: typeof saved.shuffle === "boolean" ? saved.shuffle : state.shuffle,
  };
}

export function playerReducer(state: PlayerMachineState, action: PlayerAction): PlayerMachineState {
  switch (action.type) {
    case "PLAY": {
      const list = action.list && action.list.length > 0 ? action.list : null;
      const index = list ? list.findIndex((song) => song.id === action.song.id) : -1;
      if (list && index >= 0) return startList(state, list, index, action.seed, action.source);
      return startList(state, [action.song], 0, action.seed);
    }
    case "PAUSE":
      return state.isPlaying ? { ...state, isPlaying: false } : state;
    case "RESUME":
      if (!state.currentSong || state.isPlaying) return state;
      // Play during an ad break: the listener's tap starts the next song; the ad's end then changes nothing.
      if (state.adBreak) return { ...state, isPlaying: true, adBreak: false };
      // Play on the song that could not be played fetches it again: the network may be back.
      if (state.unplayable)
        return startAt(state, state.queue, state.currentIndex, { time: state.currentTime });
      return { ...state, isPlaying: true };
    case "NEXT":
      if (!canSkip(state)) return state;
      return next(state, action.random) ?? state;
    case "PREVIOUS":
      return canSkip(state) && state.currentSong && state.currentIndex > 0
        ? startAt(state, state.queue, state.currentIndex - 1)
        : state;
    case "PLAY_INDEX":
      return canSkip(state) &&
        action.index >= 0 &&
        action.index < state.queue.length &&
        action.index !== state.currentIndex
        ? startAt(state, state.queue, action.index)
        : state;
    case "REMOVE_FROM_QUEUE":
      return removeFromQueue(state, action.index);
    case "ENDED": {
      if (state.stopAfterCurrent) return { ...state, isPlaying: false, stopAfterCurrent: false };
      // The song was heard to its end: repeat one plays it again, else next; free listeners too.
      if (state.repeat === "one" && state.currentSong) return startAt(state, state.queue, state.currentIndex);
      const moved = next(state, action.random);
      // Never mid-song: the ad plays at the boundary, the next song waiting, loaded and paused.
      if (moved) return action.adBreak ? { ...moved, isPlaying: false, adBreak: true } : moved;
      return state.isPlaying ? { ...state, isPlaying: false } : state;
    }
    case "AD_BREAK_OVER":
      return state.adBreak ? { ...state, isPlaying: true, adBreak: false } : state;
    case "LOAD_ERROR":
      if (action.source === "unlock") return state;
      return stopUnplayable(state);
    case "AUTOPLAY_BLOCKED":
      return state;
    case "CLOSE":
      // Everything resets, volume included; the pool the screens handed over and the membership stay.
      return {
        ...initialPlayerState,
        allSongs: state.allSongs,
        canSkipAndSeek: state.canSkipAndSeek,
        skipPass: state.skipPass,
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
      // The decoder's measure a fraction off the length known (the catalog's, or its own at the element's
      // second event) shows no other figure: a new state would render the player again as the song loads.
      if (Math.abs(action.duration - state.duration) < 1) return state;
      return { ...state, duration: action.duration };
    case "SEEK": {
      if (!state.canSkipAndSeek || !state.currentSong || Number.isNaN(action.time)) return state;
      const time = clamp(action.time, 0, Math.max(state.duration, 0));
      return { ...state, currentTime: time, seekId: state.seekId + 1 };
    }
    case "START_PLAYLIST":
      if (action.songs.length === 0) return state;
      return startList(state, action.songs, 0, action.seed, action.source);
    case "SET_ALL_SONGS":
      return { ...state, allSongs: action.songs.slice(0, MAX_ALL_SONGS) };
    case "SET_RADIO":
      // Ranked for another song's queue end (the listener moved on meanwhile): not what follows this one.
      if (state.currentSong?.id !== action.after) return state;
      return { ...state, radio: action.songs.slice(0, MAX_ALL_SONGS) };
    case "START_RADIO":
      return startList(state, [action.song], 0, undefined);
    case "RESTORE":
      return restore(state, action);
    case "PLAY_NEXT":
      return addSongs(state, action.songs, playNextPosition);
    case "ADD_TO_QUEUE":
      return addSongs(state, action.songs, addToQueuePosition);
    case "MOVE_IN_QUEUE": {
      const parts = moveUpcoming(partsOf(state), action.from, action.to);
      return parts ? withParts(state, parts) : state;
    }
    case "CLEAR_QUEUE":
      if (!state.currentSong || state.currentIndex + 1 >= state.queue.length) return state;
      return withParts(state, clearUpcoming(partsOf(state)));
    case "SET_REPEAT":
      return REPEAT_MODES.includes(action.repeat) ? { ...state, repeat: action.repeat } : state;
    case "SET_SHUFFLE":
      return setShuffle(state, action.shuffle, action.seed);
    case "SET_CAN_SKIP_AND_SEEK":
      return state.canSkipAndSeek === action.allowed ? state : { ...state, canSkipAndSeek: action.allowed };
    case "SET_SKIP_PASS":
      return state.skipPass === action.active ? state : { ...state, skipPass: action.active };
    case "SET_STOP_AFTER_CURRENT":
      return state.stopAfterCurrent === action.stop ? state : { ...state, stopAfterCurrent: action.stop };
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}
