// A member's downloads: what was downloaded (kept in localStorage 'pb.downloads', which the browser does not
// evict with Cache Storage, so an evicted download is still known and can be offered again), the songs' audio
// in Cache Storage (lib/offline-audio.ts), and the downloads under way with their progress.
import { useSyncExternalStore } from "react";
import {
  DOWNLOADS_CACHE,
  downloadedSongKey,
  downloadsPlayable,
  MEMBERSHIP_KEY,
} from "../../lib/offline-audio";
import type { PlayableSong } from "../player";
import { downloadSongs } from "./download-queue";

export type DownloadKind = "playlist" | "album" | "liked";

/** What a download control hands over: the songs as the screen shows them. */
export interface DownloadSource {
  kind: DownloadKind;
  id: string;
  title: string;
  imageUrl?: string | null;
  songs: PlayableSong[];
}

export interface DownloadedItem extends DownloadSource {
  key: string;
  quality: string;
  bytes: number;
  downloadedAt: number;
}

export interface DownloadProgress {
  done: number;
  total: number;
}

interface DownloadsState {
  items: DownloadedItem[];
  /** When the membership was last confirmed online (ms), for the grace. */
  confirmedAt: number | null;
  active: Record<string, DownloadProgress>;
  /** Items whose audio the browser removed (storage pressure). */
  evicted: string[];
}

export const DOWNLOADS_KEY = "pb.downloads";
/** When the server asks to wait (RATE_LIMIT_DOWNLOAD), the next try. */
const RETRY_AFTER_MS = 60_000;

export const downloadKey = (source: Pick<DownloadSource, "kind" | "id">) => `${source.kind}:${source.id}`;

function load(): Pick<DownloadsState, "items" | "confirmedAt"> {
  try {
    const raw = JSON.parse(localStorage.getItem(DOWNLOADS_KEY) ?? "{}") as Partial<DownloadsState>;
    return {
      items: Array.isArray(raw.items) ? raw.items : [],
      confirmedAt: typeof raw.confirmedAt === "number" ? raw.confirmedAt : null,
    };
  } catch {
    return { items: [], confirmedAt: null };
  }
}

let state: DownloadsState | null = null;
const listeners = new Set<() => void>();
const controllers = new Map<string, AbortController>();

const current = (): DownloadsState => (state ??= { ...load(), active: {}, evicted: [] });

function set(change: Partial<DownloadsState>): void {
  state = { ...current(), ...change };
  try {
    localStorage.setItem(
      DOWNLOADS_KEY,
      JSON.stringify({ items: state.items, confirmedAt: state.confirmedAt }),
    );
  } catch {
    // storage full or disabled: the list lasts for this visit
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useDownloads = (): DownloadsState => useSyncExternalStore(subscribe, current, current);

const openCache = () => caches.open(DOWNLOADS_CACHE);

/** The membership seen active online: the grace starts again from now (the worker reads it too). */
export async function confirmMembership(now = Date.now()): Promise<void> {
  if (typeof caches === "undefined") return;
  set({ confirmedAt: now });
  await (await openCache()).put(MEMBERSHIP_KEY, Response.json({ confirmedAt: now }));
}

export const downloadsArePlayable = (now = Date.now()) => downloadsPlayable(current().confirmedAt, now);

/**
 * Downloads the item's songs not stored yet (a changed playlist: only the new ones, and the removed ones
 * dropped) at `quality`, with progress; cancelable with `cancelDownload`. Persistent storage is asked for
 * first, so the browser does not evict the songs under pressure.
 */
export async function downloadItem(source: DownloadSource, quality: string): Promise<void> {
  const key = downloadKey(source);
  if (controllers.has(key)) return;
  const controller = new AbortController();
  controllers.set(key, controller);
  void navigator.storage?.persist?.().catch(() => false);
  const cache = await openCache();
  // What is stored already, read once: Cache Storage runs a lookup only after the writes before it, and one
  // per song would hold each request back until the last song is written.
  const have = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  const total = source.songs.length;
  let done = 0;
  let bytes = 0;
  const progress = () => set({ active: { ...current().active, [key]: { done, total } } });
  progress();
  try {
    await downloadSongs(
      source.songs.map((song) => song.id),
      {
        stored: async (songId) =>
          have.has(downloadedSongKey(songId))
            ? ((await cache.match(downloadedSongKey(songId)))?.blob() ?? null)
            : null,
        fetch: (songId) => fetchSong(songId, quality, controller.signal),
        store: (songId, audio) =>
          cache.put(
            downloadedSongKey(songId),
            new Response(audio, { headers: { "content-type": audio.type || "audio/mpeg" } }),
          ),
        done: (size) => {
          bytes += size;
          done++;
          progress();
        },
      },
      controller.signal,
    );
    const item: DownloadedItem = { ...source, key, quality, bytes, downloadedAt: Date.now() };
    set({
      items: [item, ...current().items.filter((other) => other.key !== key)],
      evicted: current().evicted.filter((other) => other !== key),
    });
  } finally {
    controllers.delete(key);
    const { [key]: _done, ...active } = current().active;
    set({ active });
    await dropUnused();
  }
}

/** One song's audio, as the server authorises it; null for a song it no longer gives (hidden, gone). */
async function fetchSong(songId: string, quality: string, signal: AbortSignal): Promise<Blob | null> {
  for (;;) {
    const response = await fetch(`/api/songs/${encodeURIComponent(songId)}/download?quality=${quality}`, {
      credentials: "same-origin",
      signal,
    });
    if (response.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
      signal.throwIfAborted();
      continue;
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`download refused (${response.status})`);
    return response.blob();
  }
}

export function cancelDownload(source: Pick<DownloadSource, "kind" | "id">): void {
  controllers.get(downloadKey(source))?.abort();
}

export async function removeDownload(key: string): Promise<void> {
  set({
    items: current().items.filter((item) => item.key !== key),
    evicted: current().evicted.filter((other) => other !== key),
  });
  await dropUnused();
}

export async function removeAllDownloads(): Promise<void> {
  for (const controller of controllers.values()) controller.abort();
  set({ items: [], evicted: [] });
  if (typeof caches !== "undefined") await caches.delete(DOWNLOADS_CACHE);
  if (current().confirmedAt !== null) await confirmMembership(current().confirmedAt ?? Date.now());
}

/** Deletes stored songs no downloaded item (nor one under way) holds. */
async function dropUnused(): Promise<void> {
  const cache = await openCache();
  const kept = new Set(
    current().items.flatMap((item) => item.songs.map((song) => downloadedSongKey(song.id))),
  );
  const busy = controllers.size > 0;
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith(downloadedSongKey("")) && !kept.has(path) && !busy) await cache.delete(request);
  }
}

/** Items some of whose songs the browser removed: said so, with 'Download again'. */
export async function findEvicted(): Promise<void> {
  if (typeof caches === "undefined") return;
  const cache = await openCache();
  const evicted: string[] = [];
  for (const item of current().items) {
    if (controllers.has(item.key)) continue;
    for (const song of item.songs)
      if (!(await cache.match(downloadedSongKey(song.id)))) {
        evicted.push(item.key);
        break;
      }
  }
  if (evicted.join() !== current().evicted.join()) set({ evicted });
}

/** For tests: forget what this module holds in memory. */
export function resetDownloadsForTests(): void {
  state = null;
  lastSync = Number.NEGATIVE_INFINITY;
  controllers.clear();
}

/** What is downloaded of a playlist, an album or Liked Songs: its screen shows it when the network is gone. */
export function useDownloadedItem(source: Pick<DownloadSource, "kind" | "id">): DownloadedItem | undefined {
  const key = downloadKey(source);
  return useDownloads().items.find((item) => item.key === key);
}

/** Whether two lists hold the same songs in the same order. */
export const sameSongs = (a: readonly { id: string }[], b: readonly { id: string }[]) =>
  a.length === b.length && a.every((song, i) => song.id === b[i]?.id);

/** The least time between two background syncs (the app's start, each return of the network). */
export const SYNC_PAUSE_MS = 10 * 60_000;
let lastSync = Number.NEGATIVE_INFINITY;

/**
 * Each download read again and, where its list changed, synced (the new songs downloaded, the removed dropped)
 * at the quality it was downloaded in: a playlist changed on another device is up to date before the listener
 * goes offline. `read` gives an item's songs now, or null when it cannot be read (gone, hidden, offline).
 */
export async function syncDownloads(
  read: (item: DownloadedItem) => Promise<PlayableSong[] | null>,
  now = Date.now(),
): Promise<void> {
  if (now - lastSync < SYNC_PAUSE_MS || !navigator.onLine) return;
  lastSync = now;
  for (const item of current().items) {
    if (current().active[item.key]) continue;
    const songs = await read(item).catch(() => null);
    if (!songs || sameSongs(songs, item.songs)) continue;
    const { kind, id, title, imageUrl } = item;
    await downloadItem({ kind, id, title, imageUrl, songs }, item.quality).catch(() => undefined);
  }
}
