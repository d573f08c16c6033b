// The queue and position survive a reload: localStorage 'purplebeats-player'.
import type { PlayableSong, SongLoudness } from "./types";
import { REPEAT_MODES, type PlayerMachineState, type SavedPlayer } from "./reducer";

export const PLAYER_STORAGE_KEY = "purplebeats-player";
/** A saved queue is bounded so that the record stays small. */
export const MAX_SAVED_QUEUE = 200;

function idOf(ref: { id?: unknown }): { id?: string } {
  return typeof ref.id === "string" ? { id: ref.id } : {};
}

/** Only the fields the player uses; screens hand over richer song objects. */
export function toPlayableSong(song: PlayableSong): PlayableSong {
  return {
    id: song.id,
    title: song.title,
    audioUrl: song.audioUrl ?? null,
    duration: song.duration,
    imageUrl: song.imageUrl ?? null,
    artist: song.artist ? { ...idOf(song.artist), name: song.artist.name } : null,
    album: song.album
      ? {
          ...idOf(song.album),
          ...(typeof song.album.title === "string" ? { title: song.album.title } : {}),
          imageUrl: song.album.imageUrl ?? null,
        }
      : null,
    ...(typeof song.genre === "string" ? { genre: song.genre } : {}),
    // Normalisation after a reload needs the measured loudness too.
    ...(isLoudness(song.loudness) ? { loudness: { ...song.loudness } } : {}),
  };
}

function isLoudness(value: unknown): value is SongLoudness {
  if (!value || typeof value !== "object") return false;
  const loudness = value as Record<string, unknown>;
  const dbOrNull = (field: unknown) => field === null || typeof field === "number";
  return (
    typeof loudness.trackLufs === "number" &&
    typeof loudness.trackPeakDb === "number" &&
    dbOrNull(loudness.albumLufs) &&
    dbOrNull(loudness.albumPeakDb)
  );
}

function isSong(value: unknown): value is PlayableSong {
  if (!value || typeof value !== "object") return false;
  const song = value as Record<string, unknown>;
  return (
    typeof song.id === "string" &&
    typeof song.title === "string" &&
    (song.audioUrl === null || typeof song.audioUrl === "string") &&
    typeof song.duration === "number"
  );
}

/** The record to save, or null when there is nothing to restore (no current song). */
export function snapshotOf(state: PlayerMachineState): SavedPlayer | null {
  if (!state.currentSong || state.currentIndex < 0) return null;
  // Keep a window of the queue around the current song when the queue is very long.
  const start = Math.max(
    0,
    Math.min(state.currentIndex - MAX_SAVED_QUEUE / 2, state.queue.length - MAX_SAVED_QUEUE),
  );
  const queue = state.queue.slice(start, start + MAX_SAVED_QUEUE).map(toPlayableSong);
  return {
    queue,
    currentIndex: state.currentIndex - start,
    currentTime: Math.floor(state.currentTime),
    volume: state.volume,
    isMuted: state.isMuted,
    autoplayFrom: clampIndex(state.autoplayFrom - start, queue.length),
    repeat: state.repeat,
    shuffle: state.shuffle,
    source: state.source,
  };
}

function clampIndex(index: number, length: number): number {
  return Math.min(Math.max(index, 0), length);
}

function storage(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
}

export function loadSavedPlayer(): SavedPlayer | null {
  const store = storage();
  if (!store) return null;
  try {
    const raw = store.getItem(PLAYER_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SavedPlayer> | null;
    if (!parsed || !Array.isArray(parsed.queue) || !parsed.queue.every(isSong)) return null;
    if (typeof parsed.currentIndex !== "number" || typeof parsed.currentTime !== "number") return null;
    return {
      queue: parsed.queue.map(toPlayableSong),
      currentIndex: parsed.currentIndex,
      currentTime: parsed.currentTime,
      volume: typeof parsed.volume === "number" ? parsed.volume : undefined,
      isMuted: typeof parsed.isMuted === "boolean" ? parsed.isMuted : undefined,
      autoplayFrom: typeof parsed.autoplayFrom === "number" ? parsed.autoplayFrom : undefined,
      repeat: REPEAT_MODES.find((mode) => mode === parsed.repeat),
      shuffle: typeof parsed.shuffle === "boolean" ? parsed.shuffle : undefined,
      source: parsed.source ?? null, // checked by the reducer's RESTORE
    };
  } catch {
    return null;
  }
}

export function savePlayer(saved: SavedPlayer | null): void {
  const store = storage();
  if (!store) return;
  try {
    if (saved) store.setItem(PLAYER_STORAGE_KEY, JSON.stringify(saved));
    else store.removeItem(PLAYER_STORAGE_KEY);
  } catch {
    // Quota exceeded or storage disabled: the player keeps working without persistence.
  }
}

/** The latest a save waits for an idle moment (a page that is never idle). */
export const SAVE_IDLE_TIMEOUT_MS = 1_000;

export interface IdleSaver {
  /** Saves `snapshot()` at the next idle moment (one save for any number of requests before it). */
  request(): void;
  /** Saves now if a save is waiting (the page hidden, the player gone). */
  flush(): void;
}

/**
 * Saves in idle time, or at once when the page is hidden first: a tap's task starts the audio and renders
 * its response, the queue's JSON waits. Where idle callbacks are missing (Safari, tests' DOM) each request
 * saves at once.
 */
export function createIdleSaver(snapshot: () => SavedPlayer | null): IdleSaver {
  const idleCallbacks = typeof window !== "undefined" && typeof window.requestIdleCallback === "function";
  let pending: number | null = null;
  const flush = () => {
    if (pending === null) return;
    window.cancelIdleCallback(pending);
    pending = null;
    window.removeEventListener("pagehide", flush);
    document.removeEventListener("visibilitychange", onHidden);
    savePlayer(snapshot());
  };
  function onHidden() {
    if (document.visibilityState === "hidden") flush();
  }
  return {
    request() {
      if (!idleCallbacks) return savePlayer(snapshot());
      if (pending !== null) return;
      pending = window.requestIdleCallback(flush, { timeout: SAVE_IDLE_TIMEOUT_MS });
      window.addEventListener("pagehide", flush);
      document.addEventListener("visibilitychange", onHidden);
    },
    flush,
  };
}
