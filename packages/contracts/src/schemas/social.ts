import { z } from "zod";
import {
  HANDLE_CHARACTERS,
  HANDLE_MAX,
  HANDLE_MIN,
  HANDLE_TOO_LONG,
  HANDLE_TOO_SHORT,
  TOP_RANGES,
} from "../constants.js";
import { localeSchema, pageInput, userIdSchema, uuidSchema } from "./common.js";
import type { Locale } from "../locales.js";
import { artistRefSchema, playlistSchema, songSchema } from "./catalog.js";

/**
 * A listener's handle, as typed: trimmed and lower-cased, then held to 3-30 of [a-z0-9_.]. The pattern names
 * capitals too, so that the published input schema (OpenAPI) says what a caller may send: "Alice" is "alice".
 */
export const handleSchema = z
  .string({ error: "handle is required" })
  .trim()
  .toLowerCase()
  .min(HANDLE_MIN, HANDLE_TOO_SHORT)
  .max(HANDLE_MAX, HANDLE_TOO_LONG)
  .regex(/^[A-Za-z0-9_.]+$/, HANDLE_CHARACTERS);

export const handleInput = z.object({ handle: handleSchema });
export const artistFollowInput = z.object({ id: uuidSchema("artist id") });
export const followListInput = pageInput(20, 100).extend({ handle: handleSchema });

/** `true`/`false` from a JSON body or a query string. */
export const booleanInput = (name: string) =>
  z.preprocess(
    (v) => (v === "true" ? true : v === "false" ? false : v),
    z.boolean({ error: `${name} must be true or false` }),
  );

export const updateProfileSettingsInput = z
  .object({
    userId: userIdSchema,
    handle: handleSchema.optional(),
    isPrivate: booleanInput("isPrivate").optional(),
    language: localeSchema.optional(),
  })
  .refine(
    (v) => v.handle !== undefined || v.isPrivate !== undefined || v.language !== undefined,
    "Nothing to change: give handle, isPrivate or language",
  );
export type ProfileSettingsChanges = { handle?: string; isPrivate?: boolean; language?: Locale };

export const topRangeSchema = z.enum(TOP_RANGES, { error: "range must be one of 4w, 6m, all" });
export const profileTopInput = z.object({ userId: userIdSchema, range: topRangeSchema.default("4w") });

/** A listener as others see them: never their uid. */
export const listenerRefSchema = z.object({
  handle: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
});
export type ListenerRefDto = z.infer<typeof listenerRefSchema>;

export const followingEntrySchema = z.discriminatedUnion("kind", [
  listenerRefSchema.extend({ kind: z.literal("listener") }),
  artistRefSchema.extend({ kind: z.literal("artist") }),
]);
export type FollowingEntryDto = z.infer<typeof followingEntrySchema>;

export const publicProfileSchema = z.object({
  handle: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  isPrivate: z.boolean(),
  /** The caller's own profile. */
  isOwn: z.boolean(),
  /** Whether the caller follows this listener. */
  isFollowing: z.boolean(),
  /**
   * The rest is null when the profile is private and the caller is neither its owner nor an admin: then
   * only the name and picture are shown.
   */
  followers: z.number().nullable(),
  following: z.number().nullable(),
  playlists: z.array(playlistSchema).nullable(),
});
export type PublicProfileDto = z.infer<typeof publicProfileSchema>;

export const followStateSchema = z.object({ following: z.boolean(), followers: z.number() });
export type FollowStateDto = z.infer<typeof followStateSchema>;

export const topArtistSchema = artistRefSchema.extend({ plays: z.number() });
export const profileTopSchema = z.object({
  range: topRangeSchema,
  tracks: z.array(songSchema),
  artists: z.array(topArtistSchema),
});
export type ProfileTopDto = z.infer<typeof profileTopSchema>;
export type TopArtistDto = z.infer<typeof topArtistSchema>;
