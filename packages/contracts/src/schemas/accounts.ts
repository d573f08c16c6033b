import { z } from "zod";
import { localeSchema, pageInput, typedText, userIdSchema } from "./common.js";
import { PROFILE_NAME_MAX, PROFILE_NAME_REQUIRED, PROFILE_NAME_TOO_LONG } from "../constants.js";
import { songSchema } from "./catalog.js";

/** SPEC.md section 3: guest uids are 'guest-' + random text + a timestamp. */
export const GUEST_PREFIX = "guest-";
export { GUEST_USERNAME } from "../constants.js";
export const isGuestUid = (uid: string) => uid.startsWith(GUEST_PREFIX);

export const piLoginInput = z.object({
  accessToken: z
    .string({ error: "accessToken is required" })
    .min(1, "accessToken is required")
    .max(4096, "accessToken is too long"),
  /** What the SDK reported; informational only: the server believes Pi's /v2/me, never this. */
  user: z
    .object({ uid: z.string().max(200).optional(), username: z.string().max(200).optional() })
    .passthrough()
    .optional(),
});

/** SPEC.md section 5: 'Name is required' / 'Name must be less than 50 characters'. */
export const profileNameSchema = typedText(PROFILE_NAME_REQUIRED)
  .min(1, PROFILE_NAME_REQUIRED)
  .max(PROFILE_NAME_MAX, PROFILE_NAME_TOO_LONG);

export const userPathInput = z.object({ userId: userIdSchema });
export const updateProfileInput = z.object({ userId: userIdSchema, name: profileNameSchema });

/** An uploaded object's URL: the upload URL itself, or the /objects/... path it was normalised to. */
export const objectUrlSchema = z
  .string({ error: "avatarURL is required" })
  .min(1, "avatarURL is required")
  .max(2048, "avatarURL is too long");
export const updateAvatarInput = z.object({ userId: userIdSchema, avatarURL: objectUrlSchema });

/** `premium=true` from a query string, or true from tRPC: only listeners with an active membership. */
const premiumFilter = z.preprocess(
  (v) => (v === "true" ? true : v === "false" ? false : v),
  z.boolean({ error: "premium must be true or false" }),
);
export const adminUsersInput = pageInput(50, 100).extend({ premium: premiumFilter.optional() });
export type AdminUsersInput = z.infer<typeof adminUsersInput>;

export const meSchema = z.object({
  uid: z.string(),
  username: z.string(),
  isGuest: z.boolean(),
  isAdmin: z.boolean(),
});
export type MeDto = z.infer<typeof meSchema>;
export const profileSchema = z.object({
  userId: z.string(),
  name: z.string(),
  handle: z.string(),
  isPrivate: z.boolean(),
  nickname: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The app's language the listener chose; null until they choose. */
  language: localeSchema.nullable(),
});
export type ProfileDto = z.infer<typeof profileSchema>;
export const adminStatsSchema = z.object({
  totalUsers: z.number(),
  premiumUsers: z.number(),
  revenue: z.number(),
  conversionRate: z.number(),
  todayUsers: z.number(),
  recentUsers: z.number(),
  freeUsers: z.number(),
});
export type AdminStatsDto = z.infer<typeof adminStatsSchema>;
export const adminUserSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  nickname: z.string().nullable(),
  /** The Pi @username of a Pi listener; null for guests. */
  username: z.string().nullable(),
  isPremium: z.boolean(),
  isAdmin: z.boolean(),
  /** An admin by the server's ADMIN_UIDS: the API refuses to demote them (409); only the configuration can. */
  isConfiguredAdmin: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type AdminUserDto = z.infer<typeof adminUserSchema>;
export const uploadGrantSchema = z.object({ uploadURL: z.string() });
export type UploadGrantDto = z.infer<typeof uploadGrantSchema>;
export const profileStatsSchema = z.object({
  playlists: z.number(),
  likedSongs: z.number(),
  plays: z.number(),
  listeningSeconds: z.number(),
  /** Since the first of this month (UTC). */
  listeningSecondsThisMonth: z.number(),
  topTracks: z.array(songSchema),
});
export type ProfileStatsDto = z.infer<typeof profileStatsSchema>;
/** auth.logout's response. */
export const loggedOutSchema = z.object({ loggedOut: z.literal(true) });
