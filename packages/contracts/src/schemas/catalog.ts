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

// What the procedures respond with. The types are inferred from these schemas, so the OpenAPI document
// (z.toJSONSchema) and the services' TypeScript types cannot disagree.
export const artistRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
});
export type ArtistRef = z.infer<typeof artistRefSchema>;
export const albumRefSchema = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
});
export type AlbumRef = z.infer<typeof albumRefSchema>;
export const songLoudnessSchema = z.object({
  trackLufs: z.number(),
  trackPeakDb: z.number(),
  albumLufs: z.number().nullable(),
  albumPeakDb: z.number().nullable(),
});
export type SongLoudnessDto = z.infer<typeof songLoudnessSchema>;
export const songSchema = z.object({
  id: z.string(),
  title: z.string(),
  duration: z.number(),
  audioUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  genre: z.string().nullable(),
  trackNumber: z.number().nullable(),
  playCount: z.number(),
  lastPlayed: z.string().nullable(),
  createdAt: z.string(),
  artistId: z.string(),
  albumId: z.string().nullable(),
  artist: artistRefSchema.nullable(),
  album: albumRefSchema.nullable(),
  /** EBU R128 loudness, for the player's normalisation; null when not measured. */
  loudness: songLoudnessSchema.nullish(),
  /** For premium members only ('Exclusive Content'): others see it locked. */
  membersOnly: z.boolean().optional(),
  /** Its file has gone: kept in likes and playlists, not playable (a song taken down is not shown at all). */
  unavailable: z.boolean().optional(),
});
export type SongDto = z.infer<typeof songSchema>;
export const playlistSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  isPublic: z.boolean(),
  songCount: z.number(),
  /**
   * Who made it, by the name they show (PurpleBeats for the editorial playlists): never their uid, which
   * a public playlist would otherwise hand to anyone.
   */
  owner: z.object({ name: z.string(), handle: z.string().nullable() }),
  createdAt: z.string(),
});
export type PlaylistDto = z.infer<typeof playlistSchema>;
export const playlistSongSchema = songSchema.extend({ position: z.number() });
export type PlaylistSongDto = z.infer<typeof playlistSongSchema>;
export const playlistDetailSchema = playlistSchema.extend({
  songs: z.array(playlistSongSchema),
  /** Whether the caller made it (they may edit it): the server decides, by the session. */
  isOwn: z.boolean(),
});
export type PlaylistDetailDto = z.infer<typeof playlistDetailSchema>;
export const albumResultSchema = albumRefSchema.extend({ artist: artistRefSchema.nullable() });
export type AlbumResultDto = z.infer<typeof albumResultSchema>;
/** A genre the search text names, with its most played songs. */
export const genreResultSchema = z.object({ name: z.string(), songs: z.array(songSchema) });
export type GenreResultDto = z.infer<typeof genreResultSchema>;
export const searchResultSchema = z.object({
  songs: z.array(songSchema),
  playlists: z.array(playlistSchema),
  artists: z.array(artistRefSchema),
  albums: z.array(albumResultSchema),
  genre: genreResultSchema.nullable(),
});
export type SearchResultDto = z.infer<typeof searchResultSchema>;

/** Artist and album pages: the id in the path, and the page of a list. */
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
export const albumSchema = albumRefSchema.extend({
  artist: artistRefSchema.nullable(),
  /** The album's own year, else its release date's. */
  year: z.number().nullable(),
  releaseDate: z.string().nullable(),
  /** One album of several artists ('Various Artists'). */
  compilation: z.boolean(),
  membersOnly: z.boolean(),
  songCount: z.number(),
  /** Total length in seconds. */
  duration: z.number(),
});
export type AlbumDto = z.infer<typeof albumSchema>;

/** Radio: at most this many seed songs, and this many songs the listener just heard. */
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
