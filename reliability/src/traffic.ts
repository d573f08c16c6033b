// Background traffic for faults, scale-out and load: virtual users that loop over mixed requests and
// keep a ledger of what the API told them succeeded, to compare with the database afterwards.
import http from "node:http";
import type { SongDto } from "@purplebeats/contracts";
import type { Client, RawResponse } from "./http.js";
import type { Rng } from "./rng.js";

export interface Ledger {
  /** userId → songIds the API confirmed liked (2xx). */
  likes: Map<string, Set<string>>;
  /** userId → songIds the API confirmed unliked after their last like. */
  unlikes: Map<string, Set<string>>;
  /** playlistId → songIds the API confirmed added. */
  adds: Map<string, Set<string>>;
  /** playlistIds the API confirmed created, by user. */
  playlists: Map<string, Set<string>>;
  /** Plays the API confirmed recorded, by user. */
  plays: Map<string, number>;
  /** paymentIds confirmed completed, by user. */
  payments: Map<string, Set<string>>;
}

export const newLedger = (): Ledger => ({
  likes: new Map(),
  unlikes: new Map(),
  adds: new Map(),
  playlists: new Map(),
  plays: new Map(),
  payments: new Map(),
});

export function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

export interface Stats {
  requests: number;
  byStatus: Map<number, number>;
  /** Network errors (connection refused or reset): the process was down. */
  networkErrors: number;
  /** 5xx responses with their route, for the report. */
  serverErrors: string[];
  latencies: number[];
}

export const newStats = (): Stats => ({
  requests: 0,
  byStatus: new Map(),
  networkErrors: 0,
  serverErrors: [],
  latencies: [],
});

/** A client call that counts into the stats and never throws. */
export async function counted(
  stats: Stats,
  label: string,
  call: () => Promise<RawResponse>,
): Promise<RawResponse | undefined> {
  const started = performance.now();
  stats.requests++;
  try {
    const res = await call();
    stats.latencies.push(performance.now() - started);
    stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
    if (res.status >= 500 && stats.serverErrors.length < 200)
      stats.serverErrors.push(`${label} → ${res.status} ${res.text.slice(0, 160)}`);
    return res;
  } catch {
    stats.networkErrors++;
    return undefined;
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** One keep-alive connection per virtual user, as a browser tab would hold. */
export const userAgent = () => new http.Agent({ keepAlive: true, maxSockets: 1 });

export interface VirtualUser {
  client: Client;
  uid: string;
  premium: boolean;
  /** A playlist of its own (premium users), to fill. */
  playlistId?: string;
}

/** One step of mixed listener traffic: browse, search, play, like, make and fill playlists. */
export async function listenerStep(
  u: VirtualUser,
  rng: Rng,
  songs: SongDto[],
  stats: Stats,
  ledger: Ledger,
): Promise<void> {
  const c = u.client;
  const song = rng.pick(songs);
  const roll = rng.next();
  if (roll < 0.2) {
    await counted(stats, "GET /api/songs", () => c.get(`/api/songs?limit=${rng.int(5, 50)}`));
  } else if (roll < 0.3) {
    await counted(stats, "GET /api/songs/trending", () => c.get("/api/songs/trending?limit=20"));
  } else if (roll < 0.42) {
    const q = rng.pick(["moon", "jazz", "rain", "lo", "night", "star", "drift", "blue", "xq", "tape"]);
    await counted(stats, "GET /api/search", () => c.get(`/api/search?q=${q}`));
  } else if (roll < 0.48) {
    await counted(stats, "GET /api/playlists", () => c.get("/api/playlists?limit=10"));
  } else if (roll < 0.6) {
    // Play: the first bytes of the audio, then the play is recorded.
    await counted(stats, "GET audio", () =>
      c.get(song.audioUrl!, { range: `bytes=0-${rng.int(1000, 20000)}` }),
    );
    const res = await counted(stats, "POST plays", () => c.post(`/api/songs/${song.id}/plays`));
    // A repeat within the window is answered but not counted: it adds no history row.
    const countedPlay = res?.status === 201 && (res.json as { counted?: boolean }).counted === true;
    if (countedPlay) ledger.plays.set(u.uid, (ledger.plays.get(u.uid) ?? 0) + 1);
  } else if (!u.premium) {
    await counted(stats, "GET /api/me", () => c.get("/api/me"));
  } else if (roll < 0.72) {
    // Like or unlike; the ledger keeps the last confirmed state per song.
    if (rng.bool(0.75)) {
      const res = await counted(stats, "POST like", () => c.post("/api/liked-songs", { songId: song.id }));
      if (res && res.status < 300) {
        addTo(ledger.likes, u.uid, song.id);
        ledger.unlikes.get(u.uid)?.delete(song.id);
      }
    } else {
      const res = await counted(stats, "DELETE like", () => c.del(`/api/liked-songs/${song.id}`));
      if (res && res.status < 300) {
        addTo(ledger.unlikes, u.uid, song.id);
        ledger.likes.get(u.uid)?.delete(song.id);
      }
    }
  } else if (roll < 0.76) {
    const res = await counted(stats, "POST playlist", () =>
      c.post("/api/playlists", { name: `load ${rng.text(6)}`, isPublic: rng.bool() }),
    );
    if (res?.status === 201) {
      const id = (res.json as { id: string }).id;
      addTo(ledger.playlists, u.uid, id);
      u.playlistId = id;
    }
  } else if (roll < 0.88 && u.playlistId) {
    const playlistId = u.playlistId;
    const res = await counted(stats, "POST playlist song", () =>
      c.post(`/api/playlists/${playlistId}/songs`, { songId: song.id }),
    );
    if (res?.status === 201) addTo(ledger.adds, playlistId, song.id);
  } else if (roll < 0.94) {
    await counted(stats, "GET liked songs", () => c.get("/api/liked-songs?limit=20"));
  } else {
    await counted(stats, "GET library", () => c.get(`/api/playlists/user/${u.uid}?limit=10`));
  }
}
