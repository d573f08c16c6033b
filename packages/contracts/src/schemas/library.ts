// "Your music": liked songs, liked playlists, the library, and the caller's own playlists.
import { z } from "zod";
import { pageInput, playlistIdSchema, songIdSchema, typedText, userIdSchema } from "./common.js";
import { playlistSchema, songSchema } from "./catalog.js";

import {
  PLAYLIST_DESCRIPTION_MAX,
  PLAYLIST_DESCRIPTION_TOO_LONG,
  PLAYLIST_NAME_MAX,
  PLAYLIST_NAME_REQUIRED,
  PLAYLIST_NAME_TOO_LONG,
} from "../constants.js";
/** A playlist holds at most this many songs, so that its page always shows all of them. */
export const PLAYLIST_MAX_SONGS = 500;

export const playlistNameSchema = typedText(PLAYLIST_NAME_REQUIRED)
  .min(1, PLAYLIST_NAME_REQUIRED)
  .max(PLAYLIST_NAME_MAX, PLAYLIST_NAME_TOO_LONG);

/** Blank descriptions are stored as none. */
export const playlistDescriptionSchema = typedText("description must be text")
  .max(PLAYLIST_DESCRIPTION_MAX, PLAYLIST_DESCRIPTION_TOO_LONG)
  .nullish()
  .transform((v) => (v ? v : null));

/** Our own pictures: an uploaded object, or one of the catalog's (a path on this server, no way out of it). */
const OUR_PICTURE_PATH = /^\/(objects|media)\/(?!.*(^|\/)\.\.?(\/|$))[^\s\\?#]+$/;
export const PICTURE_URL_RULE =
  "imageUrl must be one of our pictures: an image you uploaded (/objects/... or the upload URL you were given) or /media/...";

/**
 * A cover: one of our pictures, or the upload URL the caller was given (an http(s) URL; the server takes it
 * only when it names the caller's own upload). Another host's picture would tell it every visitor's address.
 */
export const playlistImageUrlSchema = z
  .string({ error: "imageUrl must be text" })
  .trim()
  .max(2048, "imageUrl is too long")
  .refine((v) => OUR_PICTURE_PATH.test(v) || /^https?:\/\/[^\s]+$/i.test(v), { message: PICTURE_URL_RULE });
/** On create and update: '' or null means no picture. */
const optionalImageUrl = z
  .union([z.literal("").transform(() => null), z.null(), playlistImageUrlSchema])
  .optional();

const isPublicSchema = z.boolean({ error: "isPublic must be true or false" });

/** SPEC.md section 7's body also carries createdBy: ignored, the owner is always the caller. */
export const createPlaylistInput = z.object({
  name: playlistNameSchema,
  description: playlistDescriptionSchema,
  imageUrl: optionalImageUrl.transform((v) => v ?? null),
  isPublic: isPublicSchema.default(true),
});
export type CreatePlaylistInput = z.infer<typeof createPlaylistInput>;

/** PUT /api/playlists/{id}: name, imageUrl, description or isPublic (false: only its owner sees it); at least one. */
export const updatePlaylistInput = z
  .object({
    id: playlistIdSchema,
    name: playlistNameSchema.optional(),
    imageUrl: optionalImageUrl,
    description: playlistDescriptionSchema.optional(),
    isPublic: isPublicSchema.optional(),
  })
  .refine(
    (v) =>
      v.name !== undefined ||
      v.imageUrl !== undefined ||
      v.description !== undefined ||
      v.isPublic !== undefined,
    { message: "Nothing to update: send name, imageUrl, description or isPublic" },
  );
export type PlaylistChanges = Omit<z.infer<typeof updatePlaylistInput>, "id">;

export const playlistRefInput = z.object({ id: playlistIdSchema });

/** `position` of SPEC.md's payload is accepted and ignored: the server appends at songCount + 1. */
export const addPlaylistSongInput = z.object({
  id: playlistIdSchema,
  songId: songIdSchema,
  position: z.unknown().optional(),
});
export const removePlaylistSongInput = z.object({ id: playlistIdSchema, songId: songIdSchema });
export const reorderPlaylistInput = z.object({
  id: playlistIdSchema,
  songIds: z
    .array(songIdSchema, { error: "songIds must be a list of song ids" })
    .max(PLAYLIST_MAX_SONGS, `songIds must have at most ${PLAYLIST_MAX_SONGS} ids`),
});
/** 'Add to other playlist': every song of sourceId that targetId lacks, appended in order. */
export const copyPlaylistSongsInput = z.object({ id: playlistIdSchema, sourceId: playlistIdSchema });

export const likedSongsListInput = pageInput();
export const likedSongRefInput = z.object({ songId: songIdSchema });

/** Lists of a user's playlists: `userId` (SPEC.md section 7) must be the caller's and defaults to it. */
export const userPlaylistsInput = pageInput().extend({ userId: userIdSchema.optional() });
export const userPlaylistRefInput = z.object({
  playlistId: playlistIdSchema,
  userId: userIdSchema.optional(),
});

export const likedSongSchema = songSchema.extend({ likedAt: z.string() });
export type LikedSongDto = z.infer<typeof likedSongSchema>;
export const likedPlaylistSchema = playlistSchema.extend({ likedAt: z.string() });
export type LikedPlaylistDto = z.infer<typeof likedPlaylistSchema>;
export const libraryPlaylistSchema = playlistSchema.extend({ addedAt: z.string() });
export type LibraryPlaylistDto = z.infer<typeof libraryPlaylistSchema>;
export const likeStateSchema = z.object({ isLiked: z.boolean() });
export type LikeStateDto = z.infer<typeof likeStateSchema>;
export const libraryStateSchema = z.object({ isInLibrary: z.boolean() });
export type LibraryStateDto = z.infer<typeof libraryStateSchema>;
export const countSchema = z.object({ count: z.number() });
export type CountDto = z.infer<typeof countSchema>;
/** SPEC.md section 3's playlist-song link payload, with the playlist's new count. */
export const playlistSongLinkSchema = z.object({
  playlistId: z.string(),
  songId: z.string(),
  position: z.number(),
  songCount: z.number(),
});
export type PlaylistSongLinkDto = z.infer<typeof playlistSongLinkSchema>;
export const copyPlaylistSongsSchema = z.object({
  playlistId: z.string(),
  /** Songs appended; songs already in the playlist are skipped. */
  added: z.number(),
  skipped: z.number(),
  songCount: z.number(),
});
export type CopyPlaylistSongsDto = z.infer<typeof copyPlaylistSongsSchema>;

// What a like, an unlike, an addition or a removal responds with: the new state of the one it names.
export const songLikeSchema = <State extends boolean>(isLiked: State) =>
  z.object({ songId: z.string(), isLiked: z.literal(isLiked) });
export const playlistLikeSchema = <State extends boolean>(isLiked: State) =>
  z.object({ playlistId: z.string(), isLiked: z.literal(isLiked) });
export const libraryChangeSchema = <State extends boolean>(isInLibrary: State) =>
  z.object({ playlistId: z.string(), isInLibrary: z.literal(isInLibrary) });
export const deletedPlaylistSchema = z.object({ id: z.string(), deleted: z.literal(true) });
