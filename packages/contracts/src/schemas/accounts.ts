import { z } from "zod";
import { pageInput, typedText, userIdSchema } from "./common.js";
import { PROFILE_NAME_MAX, PROFILE_NAME_REQUIRED, PROFILE_NAME_TOO_LONG } from "../constants.js";
import type { SongDto } from "./catalog.js";

/** SPEC.md section 3: guest uids are 'guest-' + random text + a timestamp. */
export const GUEST_PREFIX = "guest-";
export const GUEST_USERNAME = "Guest User";
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

export interface MeDto {
  uid: string;
  username: string;
  isGuest: boolean;
  isAdmin: boolean;
}
export interface ProfileDto {
  userId: string;
  name: string;
  nickname: string | null;
  imageUrl: string | null;
}
export interface AdminStatsDto {
  totalUsers: number;
  premiumUsers: number;
  revenue: number;
  conversionRate: number;
  todayUsers: number;
  recentUsers: number;
  freeUsers: number;
}
export interface AdminUserDto {
  id: string;
  userId: string;
  name: string;
  imageUrl: string | null;
  nickname: string | null;
  /** The Pi @username of a Pi listener; null for guests. */
  username: string | null;
  isPremium: boolean;
  createdAt: string;
  expiresAt: string | null;
}
export interface UploadGrantDto {
  uploadURL: string;
}
export interface ProfileStatsDto {
  playlists: number;
  likedSongs: number;
  plays: number;
  listeningSeconds: number;
  topTracks: SongDto[];
}
