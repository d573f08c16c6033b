// Catalog facts and premium users the suites start from.
import type { PlaylistDto, SongDto } from "@purplebeats/contracts";
import { Client } from "./http.js";
import { buyPremium, signInWithPi, type Pioneer, type Simulator } from "./pi.js";

export interface Catalog {
  songs: SongDto[];
  systemPlaylists: PlaylistDto[];
  genres: string[];
}

export async function readCatalog(baseUrl: string): Promise<Catalog> {
  const c = new Client(baseUrl);
  const songs = (await c.get("/api/songs?limit=100")).json as SongDto[];
  const systemPlaylists = (await c.get("/api/playlists?limit=100")).json as PlaylistDto[];
  const genres = (await c.get("/api/songs/genres")).json as string[];
  if (!Array.isArray(songs) || songs.length < 10) throw new Error("the catalog has too few songs");
  return { songs, systemPlaylists, genres };
}

export interface PremiumUser extends Pioneer {
  paymentId: string;
  txid: string;
}

/** A Pi user who bought one month of premium through the real flow. */
export async function premiumUser(sim: Simulator, baseUrl: string, username: string): Promise<PremiumUser> {
  const p = await signInWithPi(sim, new Client(baseUrl), username);
  const { paymentId, txid } = await buyPremium(sim, p);
  return { ...p, paymentId, txid };
}

export async function createPlaylist(client: Client, name: string): Promise<PlaylistDto> {
  const res = await client.post("/api/playlists", { name, description: null, isPublic: true });
  if (res.status !== 201) throw new Error(`create playlist: ${res.status} ${res.text}`);
  return res.json as PlaylistDto;
}
