import { z } from "zod";
import {
  ARTIST_BIO_MAX,
  ARTIST_BIO_TOO_LONG,
  ARTIST_EVIDENCE_MAX,
  ARTIST_EVIDENCE_REQUIRED,
  ARTIST_EVIDENCE_TOO_LONG,
  ARTIST_NAME_MAX,
  ARTIST_NAME_REQUIRED,
  ARTIST_NAME_TOO_LONG,
} from "../constants.js";
import { artistRefSchema } from "./catalog.js";
import { typedText, uuidSchema } from "./common.js";

const artistNameSchema = typedText(ARTIST_NAME_REQUIRED)
  .min(1, ARTIST_NAME_REQUIRED)
  .max(ARTIST_NAME_MAX, ARTIST_NAME_TOO_LONG);
const evidenceSchema = typedText(ARTIST_EVIDENCE_REQUIRED)
  .min(1, ARTIST_EVIDENCE_REQUIRED)
  .max(ARTIST_EVIDENCE_MAX, ARTIST_EVIDENCE_TOO_LONG);

/**
 * A new artist profile ({kind: 'new', name, bio?}) or a claim of an artist already in the catalog
 * ({kind: 'claim', artistId}); either with evidence. One object (the REST shim reads its keys from the body).
 */
export const artistRequestInput = z
  .object({
    kind: z.enum(["new", "claim"], { error: "kind must be 'new' or 'claim'" }),
    name: artistNameSchema.optional(),
    bio: z.string().trim().max(ARTIST_BIO_MAX, ARTIST_BIO_TOO_LONG).optional(),
    artistId: uuidSchema("artistId").optional(),
    evidence: evidenceSchema,
  })
  .superRefine((input, ctx) => {
    if (input.kind === "new" && input.name === undefined)
      ctx.addIssue({ code: "custom", path: ["name"], message: ARTIST_NAME_REQUIRED });
    if (input.kind === "claim" && input.artistId === undefined)
      ctx.addIssue({ code: "custom", path: ["artistId"], message: "artistId is required for a claim" });
  });
export type ArtistRequestInput = z.infer<typeof artistRequestInput>;

export const ARTIST_REQUEST_STATUSES = ["pending", "approved", "refused"] as const;
export type ArtistRequestStatus = (typeof ARTIST_REQUEST_STATUSES)[number];

export const artistRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(["new", "claim"]),
  /** The artist's name: the new profile's, or the claimed artist's. */
  name: z.string(),
  /** The claimed artist, or the new profile once approved. */
  artistId: z.string().nullable(),
  evidence: z.string(),
  status: z.enum(ARTIST_REQUEST_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ArtistRequestDto = z.infer<typeof artistRequestSchema>;

/** What the dashboard shows of a request: who asked too. */
export const adminArtistRequestSchema = artistRequestSchema.extend({
  requester: z.object({ id: z.string(), username: z.string() }),
});
export type AdminArtistRequestDto = z.infer<typeof adminArtistRequestSchema>;

export const artistRequestsInput = z.object({
  status: z
    .enum(ARTIST_REQUEST_STATUSES, { error: "status must be pending, approved or refused" })
    .default("pending"),
});
export const decideArtistRequestInput = z.object({
  id: uuidSchema("request id"),
  decision: z.enum(["approve", "refuse"], { error: "decision must be 'approve' or 'refuse'" }),
});

/** The caller's own side: their requests, and the artists they manage. */
export const myArtistsSchema = z.object({
  requests: z.array(artistRequestSchema),
  managed: z.array(artistRefSchema.extend({ balance: z.string() })),
});
export type MyArtistsDto = z.infer<typeof myArtistsSchema>;

/** An artist's page: the catalog's reference, and whether an admin verified who runs it. */
export const artistDetailSchema = artistRefSchema.extend({ verified: z.boolean() });
export type ArtistDetailDto = z.infer<typeof artistDetailSchema>;

export const PAYOUT_STATUSES = [
  "requested",
  "created",
  "submitted",
  "completed",
  "cancelled",
  "failed",
] as const;
export const payoutSchema = z.object({
  id: z.string(),
  artistId: z.string(),
  amount: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  paymentId: z.string().nullable(),
  txid: z.string().nullable(),
  createdAt: z.string(),
});
export type PayoutDto = z.infer<typeof payoutSchema>;
export const payoutInput = z.object({ artistId: uuidSchema("artistId") });

/** A month of the premium share, as 'YYYY-MM'. */
export const shareMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "month must be a month as YYYY-MM");
export const premiumSharesInput = z.object({ artistId: uuidSchema("artistId") });
export const premiumShareMonthInput = z.object({ month: shareMonthSchema });

/** A month's inputs to the premium share: what was shared, among how many members. */
export const premiumShareMonthInputsSchema = z.object({
  month: z.string(),
  /** The percentage of the month's premium revenue shared among artists. */
  sharePercent: z.number(),
  /** Completed premium payments of the month, in π. */
  revenue: z.string(),
  /** The share of the revenue for artists, in π. */
  pool: z.string(),
  /** Members who paid for premium that month. */
  members: z.number().int(),
  /** Members with no qualifying play that month: their part stays with the platform. */
  membersWithoutPlays: z.number().int(),
  /** What artists with an account were credited, in π. */
  credited: z.string(),
  /** What stayed with the platform: members without plays, artists without an account, rounding. */
  keptByPlatform: z.string(),
  computedAt: z.string(),
});
export type PremiumShareMonthInputsDto = z.infer<typeof premiumShareMonthInputsSchema>;

/** One artist's share of one month, with the month's inputs. */
export const premiumShareSchema = z.object({
  month: z.string(),
  amount: z.string(),
  /** Members whose payment this share comes from. */
  members: z.number().int(),
  /** Those members' qualifying plays of the artist that month. */
  qualifyingPlays: z.number().int(),
  /** Credited to the balance (the artist had an account when the month was split). */
  credited: z.boolean(),
  inputs: premiumShareMonthInputsSchema,
});
export type PremiumShareDto = z.infer<typeof premiumShareSchema>;

/** The admin dashboard's view of a month's split. */
export const premiumShareMonthSchema = z.object({
  inputs: premiumShareMonthInputsSchema.nullable(),
  artists: z.array(
    z.object({
      artistId: z.string(),
      name: z.string(),
      amount: z.string(),
      members: z.number().int(),
      qualifyingPlays: z.number().int(),
      credited: z.boolean(),
    }),
  ),
});
export type PremiumShareMonthDto = z.infer<typeof premiumShareMonthSchema>;

/** What an admin's "split now" did: split the month, found it split already, or found it not ended. */
export const premiumShareSplitSchema = z.object({
  outcome: z.enum(["split", "already-split", "not-ended"]),
  split: premiumShareMonthSchema,
});
export type PremiumShareSplitDto = z.infer<typeof premiumShareSplitSchema>;
