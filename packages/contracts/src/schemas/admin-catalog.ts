// Admins filling and keeping the catalog: audio uploads into the ingestion pipeline, and edits of
// songs and albums (hide, members only).
import { z } from "zod";
import { API_ERROR_MESSAGES } from "../error-codes.js";
import { playlistIdSchema, songIdSchema, typedText, uuidSchema } from "./common.js";
import {
  PLAYLIST_MAX_SONGS,
  playlistDescriptionSchema,
  playlistImageUrlSchema,
  playlistNameSchema,
} from "./library.js";

/** Lossless audio of a long track fits; larger files are refused before they are stored (413). */
export const MAX_AUDIO_UPLOAD_BYTES = 500 * 1024 * 1024;
/** Its words are the error code's, which the app shows in the admin's language (500 MB: the limit above). */
export const AUDIO_UPLOAD_TOO_LARGE = API_ERROR_MESSAGES.audioTooLarge;
export const NOT_AUDIO_UPLOAD = API_ERROR_MESSAGES.notAudio;

/** The name the file had on the admin's machine: titles come from it when the file has no tags. */
export const uploadFileNameSchema = z
  .string({ error: "fileName must be text" })
  .trim()
  .min(1, "fileName is required")
  .max(255, "fileName is too long")
  .refine((v) => !/[\\/\0]/.test(v) && v !== "." && v !== "..", "fileName must be a plain file name");

export const ingestLibraryUploadInput = z.object({
  uploadURL: z.string({ error: "uploadURL must be text" }).trim().min(1, "uploadURL is required").max(4096),
  fileName: uploadFileNameSchema,
});
export type IngestLibraryUploadInput = z.infer<typeof ingestLibraryUploadInput>;

/** An uploaded file handed to ingestion: queued for encoding, or the same music already in the catalog. */
export const libraryUploadSchema = z.object({
  state: z.enum(["queued", "existing"]),
  /** Set when the song already exists (the same content); a queued song appears once it is encoded. */
  songId: z.string().nullable(),
  title: z.string(),
  artist: z.string(),
});
export type LibraryUploadDto = z.infer<typeof libraryUploadSchema>;

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });

export const updateSongAdminInput = z
  .object({
    id: songIdSchema,
    title: typedText("title must be text")
      .min(1, "title is required")
      .max(200, "title is too long")
      .optional(),
    hidden: flag("hidden").optional(),
    membersOnly: flag("membersOnly").optional(),
  })
  .refine((v) => v.title !== undefined || v.hidden !== undefined || v.membersOnly !== undefined, {
    message: "Nothing to update: send title, hidden or membersOnly",
  });
export type SongAdminChanges = Omit<z.infer<typeof updateSongAdminInput>, "id">;

export const updateAlbumAdminInput = z
  .object({
    id: uuidSchema("id"),
    title: typedText("title must be text")
      .min(1, "title is required")
      .max(200, "title is too long")
      .optional(),
    membersOnly: flag("membersOnly").optional(),
  })
  .refine((v) => v.title !== undefined || v.membersOnly !== undefined, {
    message: "Nothing to update: send title or membersOnly",
  });
export type AlbumAdminChanges = Omit<z.infer<typeof updateAlbumAdminInput>, "id">;

export const adminSongsInput = z.object({
  q: z.string().trim().max(200, "q is too long").default(""),
});

/** A song as the dashboard manages it. */
export const adminSongSchema = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string(),
  artistId: z.string(),
  album: z.object({ id: z.string(), title: z.string(), membersOnly: z.boolean() }).nullable(),
  hidden: z.boolean(),
  membersOnly: z.boolean(),
  unavailable: z.boolean(),
  /** Renditions made (a song from an upload or a scan has them once encoded). */
  renditions: z.boolean(),
});
export type AdminSongDto = z.infer<typeof adminSongSchema>;
/** admin.updateAlbum's response. */
export const adminAlbumSchema = z.object({ id: z.string(), title: z.string(), membersOnly: z.boolean() });

/** An artist's name and picture (an image the admin uploaded, /objects/..., or one of the catalog's, /media/...; '' removes it). */
export const updateArtistAdminInput = z
  .object({
    id: uuidSchema("id"),
    name: typedText("name must be text").min(1, "name is required").max(200, "name is too long").optional(),
    imageUrl: z.union([z.literal("").transform(() => null), playlistImageUrlSchema]).optional(),
  })
  .refine((v) => v.name !== undefined || v.imageUrl !== undefined, {
    message: "Nothing to update: send name or imageUrl",
  });
export type ArtistAdminChanges = Omit<z.infer<typeof updateArtistAdminInput>, "id">;

/** Two artists that are one: `fromId`'s songs and albums move to `intoId`, and `fromId` is gone. */
export const mergeArtistsInput = z
  .object({ fromId: uuidSchema("fromId"), intoId: uuidSchema("intoId") })
  .refine((v) => v.fromId !== v.intoId, { message: "An artist cannot be merged into itself" });

export const adminArtistSchema = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  songCount: z.number(),
});
export type AdminArtistDto = z.infer<typeof adminArtistSchema>;

// Editorial playlists: the system playlists (owned by the PurpleBeats account, shown on Home to everyone),
// which admins create, edit, fill in order and delete.

/** On create: '' or null means no cover. */
const editorialCoverSchema = z.union([z.literal("").transform(() => null), z.null(), playlistImageUrlSchema]);

export const createEditorialPlaylistInput = z.object({
  name: playlistNameSchema,
  description: playlistDescriptionSchema,
  imageUrl: editorialCoverSchema.optional().transform((v) => v ?? null),
});
export type CreateEditorialPlaylistInput = z.infer<typeof createEditorialPlaylistInput>;

export const updateEditorialPlaylistInput = z
  .object({
    id: playlistIdSchema,
    name: playlistNameSchema.optional(),
    description: playlistDescriptionSchema.optional(),
    imageUrl: editorialCoverSchema.optional(),
  })
  .refine((v) => v.name !== undefined || v.description !== undefined || v.imageUrl !== undefined, {
    message: "Nothing to update: send name, description or imageUrl",
  });
export type EditorialPlaylistChanges = Omit<z.infer<typeof updateEditorialPlaylistInput>, "id">;

export const editorialPlaylistRefInput = z.object({ id: playlistIdSchema });

/** The playlist's whole song list, in order: adding, removing and reordering are each one such list. */
export const setEditorialPlaylistSongsInput = z.object({
  id: playlistIdSchema,
  songIds: z
    .array(songIdSchema, { error: "songIds must be a list of song ids" })
    .max(PLAYLIST_MAX_SONGS, `songIds must have at most ${PLAYLIST_MAX_SONGS} ids`)
    .refine((ids) => new Set(ids).size === ids.length, { message: "songIds must not repeat a song" }),
});

/** An editorial playlist as the dashboard lists it. */
export const editorialPlaylistSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  songCount: z.number(),
  createdAt: z.string(),
});
export type EditorialPlaylistDto = z.infer<typeof editorialPlaylistSchema>;

/** One with its songs in order (hidden and unavailable ones flagged, as the dashboard shows them). */
export const editorialPlaylistDetailSchema = editorialPlaylistSchema.extend({
  songs: z.array(adminSongSchema),
});
export type EditorialPlaylistDetailDto = z.infer<typeof editorialPlaylistDetailSchema>;
/** admin.deleteEditorialPlaylist's response. */
export const deletedEditorialPlaylistSchema = z.object({ success: z.literal(true) });
