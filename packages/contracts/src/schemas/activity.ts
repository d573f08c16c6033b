import { z } from "zod";
import { pageInput } from "./common.js";
import { artistRefSchema, playlistSchema, songSchema } from "./catalog.js";
import { booleanInput, handleSchema, listenerRefSchema } from "./social.js";

export const activityFeedInput = pageInput(20, 50);
export const listenerActivityInput = pageInput(20, 50).extend({ handle: handleSchema });

const entry = { id: z.string(), at: z.string() };
const albumRefSchema = z.object({ id: z.string(), title: z.string(), imageUrl: z.string().nullable() });

/**
 * One thing a listener did, or a followed artist's new release (which has no listener). Derived from the
 * records themselves (playlists, likes, follows, albums), so a removed like or playlist leaves the feed too.
 */
export const activityEntrySchema = z.discriminatedUnion("kind", [
  z.object({
    ...entry,
    kind: z.literal("playlist"),
    listener: listenerRefSchema,
    /** Songs were added after it was made. */
    updated: z.boolean(),
    playlist: playlistSchema,
  }),
  z.object({ ...entry, kind: z.literal("like"), listener: listenerRefSchema, song: songSchema }),
  z.object({
    ...entry,
    kind: z.literal("artistFollow"),
    listener: listenerRefSchema,
    artist: artistRefSchema,
  }),
  z.object({ ...entry, kind: z.literal("release"), artist: artistRefSchema, album: albumRefSchema }),
]);
export type ActivityEntryDto = z.infer<typeof activityEntrySchema>;

export const activitySettingsSchema = z.object({
  shareLikes: z.boolean(),
  /** ISO time the private session ends; null when none is on. */
  privateSessionUntil: z.string().nullable(),
});
export type ActivitySettingsDto = z.infer<typeof activitySettingsSchema>;

export const updateActivitySettingsInput = z
  .object({
    shareLikes: booleanInput("shareLikes").optional(),
    /** true starts (or restarts) a private session; false ends it. */
    privateSession: booleanInput("privateSession").optional(),
  })
  .refine(
    (v) => v.shareLikes !== undefined || v.privateSession !== undefined,
    "Nothing to change: give shareLikes or privateSession",
  );
export type ActivitySettingsChanges = { shareLikes?: boolean; privateSession?: boolean };
