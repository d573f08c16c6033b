import { z } from "zod";
import { limitSchema, pageInput, uuidSchema } from "./common.js";

import { MAX_QUERY_LENGTH, SUGGESTION_LIMIT } from "../constants.js";

export const searchTextSchema = z
  .string({ error: "q is required" })
  .trim()
  .min(1, "q must not be empty")
  .max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`);

export const songsListInput = pageInput();
export const songsSearchInput = pageInput(20, 50).extend({ q: searchTextSchema });
export const searchInput = z.object({
  q: searchTextSchema,
  limit: limitSchema(SUGGESTION_LIMIT, 20),
});
export const genreInput = pageInput().extend({
  genre: z.string().trim().min(1, "genre is required").max(60, "genre must be at most 60 characters"),
});
export const playlistsListInput = pageInput();

export interface ArtistRef {
  id: string;
  name: string;
  imageUrl: string | null;
}
export interface AlbumRef {
  id: string;
  title: string;
  imageUrl: string | null;
}
export interface SongDto {
  id: string;
  title: string;
  duration: number;
  audioUrl: string | null;
  imageUrl: string | null;
  genre: string | null;
  trackNumber: number | null;
  playCount: number;
  lastPlayed: string | null;
  createdAt: string;
  artistId: string;
  albumId: string | null;
  artist: ArtistRef | null;
  album: AlbumRef | null;
  /** EBU R128 loudness, for the player's normalisation; null when not measured. */
  loudness?: SongLoudnessDto | null;
  /** For premium members only ('Exclusive Content'): others see it locked. */
  membersOnly?: boolean;
  /** Hidden, or its file has gone: kept in likes and playlists, not playable. */
  unavailable?: boolean;
}
export interface SongLoudnessDto {
  trackLufs: number;
  trackPeakDb: number;
  albumLufs: number | null;
  albumPeakDb: number | null;
}
export interface PlaylistDto {
  id: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  isPublic: boolean;
  songCount: number;
  createdBy: string;
  createdAt: string;
}
export interface PlaylistSongDto extends SongDto {
  position: number;
}
export interface PlaylistDetailDto extends PlaylistDto {
  songs: PlaylistSongDto[];
}
export interface AlbumResultDto extends AlbumRef {
  artist: ArtistRef | null;
}
/** A genre the search text names, with its most played songs. */
export interface GenreResultDto {
  name: string;
  songs: SongDto[];
}
export interface SearchResultDto {
  songs: SongDto[];
  playlists: PlaylistDto[];
  artists: ArtistRef[];
  albums: AlbumResultDto[];
  genre: GenreResultDto | null;
}

/** Artist and album pages (issue 15): the id in the path, and the page of a list. */
export const artistIdSchema = uuidSchema("artist id");
export const albumIdSchema = uuidSchema("album id");
export const artistInput = z.object({ id: artistIdSchema });
export const albumInput = z.object({ id: albumIdSchema });
/** 'Popular' shows 5 songs at first; the page may ask for more. */
export const artistSongsInput = pageInput(10, 50).extend({ id: artistIdSchema });
export const artistAlbumsInput = pageInput(20, 50).extend({ id: artistIdSchema });
/** An album's tracks, in disc and track order. */
export const albumSongsInput = pageInput(100, 100).extend({ id: albumIdSchema });

/** An album as its tile and its page show it. Counts and length are of the songs listeners can see. */
export interface AlbumDto extends AlbumRef {
  artist: ArtistRef | null;
  /** The album's own year, else its release date's. */
  year: number | null;
  releaseDate: string | null;
  /** One album of several artists ('Various Artists'). */
  compilation: boolean;
  membersOnly: boolean;
  songCount: number;
  /** Total length in seconds. */
  duration: number;
}

/** Radio (issue 15, item 4): at most this many seed songs, and this many songs the listener just heard. */
export const MAX_RADIO_SEEDS = 10;
export const MAX_RADIO_EXCLUDED = 100;

/** Song ids as a list, or as one comma-separated text (a query string). */
const songIdList = (name: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? [] : v.split(",").map((id) => id.trim())) : v),
    z
      .array(uuidSchema(`each of ${name}`), { error: `${name} must be a list of song ids` })
      .max(max, `${name} may hold at most ${max} songs`)
      .refine((ids) => new Set(ids).size === ids.length, `${name} must not name a song twice`),
  );

/**
 * Songs like the seeds (same artist, genre, album era, often played or liked by the same listeners),
 * best first, without the seeds and the excluded songs; offset-paged over that ranking.
 */
export const radioInput = pageInput(20, 50).extend({
  seeds: songIdList("seeds", MAX_RADIO_SEEDS).refine((ids) => ids.length > 0, "seeds must name a song"),
  exclude: songIdList("exclude", MAX_RADIO_EXCLUDED).default([]),
});
export type RadioInput = z.infer<typeof radioInput>;
