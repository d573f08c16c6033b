// The queue's pure operations. The queue is one list, in play order, split in two at `autoplayFrom`:
// entries before it are what the listener chose (a list they played, 'Play next', 'Add to queue'),
// entries from it on are what autoplay added after that ran out. Chosen entries always come first.
import { shuffled } from "../../lib/shuffle";
import type { PlayableSong } from "./types";

export interface QueueParts {
  queue: PlayableSong[];
  currentIndex: number;
  autoplayFrom: number;
}

/** Deterministic random numbers from a 32-bit seed (mulberry32): shuffles replay exactly under test. */
export function seededRandom(seed: number): () => number {
  let a = Math.trunc(Number.isFinite(seed) ? seed : 0) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Inserts chosen songs at `position`. Inserting past the start of the autoplay part (while an autoplay
 * song plays) turns the autoplay songs already heard into history, so chosen entries still come first.
 */
export function insertChosen(parts: QueueParts, position: number, songs: PlayableSong[]): QueueParts {
  const queue = [...parts.queue.slice(0, position), ...songs, ...parts.queue.slice(position)];
  const currentIndex =
    parts.currentIndex >= position ? parts.currentIndex + songs.length : parts.currentIndex;
  return { queue, currentIndex, autoplayFrom: Math.max(parts.autoplayFrom, position) + songs.length };
}

/** 'Play next': right after the current entry. */
export function playNextPosition(parts: QueueParts): number {
  return parts.currentIndex + 1;
}

/** 'Add to queue': after the chosen songs still to come, before autoplay's. */
export function addToQueuePosition(parts: QueueParts): number {
  return Math.max(parts.autoplayFrom, parts.currentIndex + 1);
}

/**
 * Moves an upcoming entry (after the current one) to another upcoming place. The entry joins the part
 * it lands in; dropped exactly on the border it keeps the part it came from.
 */
export function moveUpcoming(parts: QueueParts, from: number, to: number): QueueParts | null {
  const { queue, currentIndex } = parts;
  const upcoming = (index: number) => Number.isInteger(index) && index > currentIndex && index < queue.length;
  if (!upcoming(from) || !upcoming(to) || from === to) return null;
  const moved = queue[from] as PlayableSong;
  const wasChosen = from < parts.autoplayFrom;
  const rest = queue.filter((_, i) => i !== from);
  const border = wasChosen ? parts.autoplayFrom - 1 : parts.autoplayFrom;
  const landsChosen = to < border || (to === border && wasChosen);
  return {
    queue: [...rest.slice(0, to), moved, ...rest.slice(to)],
    currentIndex,
    autoplayFrom: landsChosen ? border + 1 : border,
  };
}

/** Removes an entry that is not the current one. */
export function removeOther(parts: QueueParts, index: number): QueueParts {
  return {
    queue: parts.queue.filter((_, i) => i !== index),
    currentIndex: index < parts.currentIndex ? parts.currentIndex - 1 : parts.currentIndex,
    autoplayFrom: index < parts.autoplayFrom ? parts.autoplayFrom - 1 : parts.autoplayFrom,
  };
}

/** 'Clear queue': everything after the current entry goes; the current song and history stay. */
export function clearUpcoming(parts: QueueParts): QueueParts {
  const end = parts.currentIndex + 1;
  return {
    queue: parts.queue.slice(0, end),
    currentIndex: parts.currentIndex,
    autoplayFrom: Math.min(parts.autoplayFrom, end),
  };
}

/** Shuffles the chosen songs still to come; returns their order before, to put back when shuffle goes off. */
export function shuffleUpcoming(parts: QueueParts, seed: number): { parts: QueueParts; before: string[] } {
  const start = parts.currentIndex + 1;
  const end = Math.max(start, parts.autoplayFrom);
  const upcoming = parts.queue.slice(start, end);
  return {
    parts: {
      ...parts,
      queue: [
        ...parts.queue.slice(0, start),
        ...shuffled(upcoming, seededRandom(seed)),
        ...parts.queue.slice(end),
      ],
    },
    before: upcoming.map((song) => song.id),
  };
}

/** Puts the chosen songs still to come back in the order they had before shuffling; newer ones follow. */
export function unshuffleUpcoming(parts: QueueParts, before: readonly string[]): QueueParts {
  const start = parts.currentIndex + 1;
  const end = Math.max(start, parts.autoplayFrom);
  const rank = (song: PlayableSong) => {
    const at = before.indexOf(song.id);
    return at < 0 ? before.length : at;
  };
  const upcoming = [...parts.queue.slice(start, end)].sort((a, b) => rank(a) - rank(b)); // stable sort
  return { ...parts, queue: [...parts.queue.slice(0, start), ...upcoming, ...parts.queue.slice(end)] };
}

/** A list started under shuffle: the chosen song first, the rest in random order after it. */
export function shuffledList(list: PlayableSong[], firstIndex: number, seed: number): PlayableSong[] {
  const first = list[firstIndex];
  const others = list.filter((_, i) => i !== firstIndex);
  return first ? [first, ...shuffled(others, seededRandom(seed))] : shuffled(list, seededRandom(seed));
}
