// Releases an artist's managers upload from the app (audio through the ingestion pipeline, a cover, the
// release's facts and a rights attestation), and the admins' review of them.
import { z } from "zod";
import {
  RELEASE_COVER_REQUIRED,
  RELEASE_CREDITS_MAX,
  RELEASE_CREDITS_TOO_LONG,
  RELEASE_DATE_INVALID,
  RELEASE_GENRE_MAX,
  RELEASE_GENRE_REQUIRED,
  RELEASE_GENRE_TOO_LONG,
  RELEASE_KINDS,
  RELEASE_MAX_TRACKS,
  RELEASE_REASON_MAX,
  RELEASE_REASON_REQUIRED,
  RELEASE_RIGHTS_REQUIRED,
  RELEASE_TITLE_MAX,
  RELEASE_TITLE_REQUIRED,
  RELEASE_TITLE_TOO_LONG,
  RELEASE_TRACKS_REQUIRED,
  releaseTooManyTracks,
} from "../release-rules.js";
import { typedText, uuidSchema } from "./common.js";
import { uploadFileNameSchema } from "./admin-catalog.js";

const titleSchema = typedText(RELEASE_TITLE_REQUIRED)
  .min(1, RELEASE_TITLE_REQUIRED)
  .max(RELEASE_TITLE_MAX, RELEASE_TITLE_TOO_LONG);
const genreSchema = typedText(RELEASE_GENRE_REQUIRED)
  .min(1, RELEASE_GENRE_REQUIRED)
  .max(RELEASE_GENRE_MAX, RELEASE_GENRE_TOO_LONG);
const creditsSchema = z
  .string({ error: "credits must be text" })
  .trim()
  .max(RELEASE_CREDITS_MAX, RELEASE_CREDITS_TOO_LONG);
/** A calendar day that exists (2026-02-30 does not). */
const releaseDateSchema = z
  .string({ error: RELEASE_DATE_INVALID })
  .regex(/^\d{4}-\d{2}-\d{2}$/, RELEASE_DATE_INVALID)
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, RELEASE_DATE_INVALID);
const membersOnlySchema = z.boolean({ error: "membersOnly must be true or false" });

export const releaseKindSchema = z.enum(RELEASE_KINDS, { error: "kind must be single, ep or album" });
export const RELEASE_STATUSES = ["pending", "approved", "refused", "taken_down"] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

/** An audio file of the release, uploaded through a release upload grant (its URL and original name). */
const releaseTrackInput = z.object({
  uploadURL: z.string({ error: "uploadURL must be text" }).trim().min(1, "uploadURL is required").max(4096),
  fileName: uploadFileNameSchema,
  /** The song's title; the file's tags (or its name) when left out. */
  title: titleSchema.optional(),
});

export const releaseUploadGrantInput = z.object({ artistId: uuidSchema("artistId") });

export const submitReleaseInput = z
  .object({
    artistId: uuidSchema("artistId"),
    kind: releaseKindSchema,
    title: titleSchema,
    genre: genreSchema,
    releaseDate: releaseDateSchema,
    credits: creditsSchema.default(""),
    /** The cover the manager uploaded (its upload URL or /objects/ path). */
    coverUrl: z
      .string({ error: RELEASE_COVER_REQUIRED })
      .trim()
      .min(1, RELEASE_COVER_REQUIRED)
      .max(4096, "coverUrl is too long"),
    membersOnly: membersOnlySchema.default(false),
    rightsAttested: z.literal(true, { error: RELEASE_RIGHTS_REQUIRED }),
    tracks: z
      .array(releaseTrackInput, { error: RELEASE_TRACKS_REQUIRED })
      .min(1, RELEASE_TRACKS_REQUIRED)
      .max(RELEASE_MAX_TRACKS.album, releaseTooManyTracks("album")),
  })
  .superRefine((input, ctx) => {
    if (input.tracks.length > RELEASE_MAX_TRACKS[input.kind])
      ctx.addIssue({ code: "custom", path: ["tracks"], message: releaseTooManyTracks(input.kind) });
    const urls = new Set(input.tracks.map((track) => track.uploadURL));
    if (urls.size !== input.tracks.length)
      ctx.addIssue({ code: "custom", path: ["tracks"], message: "Each audio file can be added once" });
  });
export type SubmitReleaseInput = z.infer<typeof submitReleaseInput>;

export const releaseRefInput = z.object({ id: uuidSchema("release id") });

/** A manager's edit of a release's facts (the music and the cover stay). */
export const updateReleaseInput = z
  .object({
    id: uuidSchema("release id"),
    title: titleSchema.optional(),
    genre: genreSchema.optional(),
    releaseDate: releaseDateSchema.optional(),
    credits: creditsSchema.optional(),
    membersOnly: membersOnlySchema.optional(),
  })
  .refine(
    ({ id: _id, ...changes }) => Object.values(changes).some((value) => value !== undefined),
    "Nothing to change",
  );
export type UpdateReleaseInput = z.infer<typeof updateReleaseInput>;
export type ReleaseChanges = Omit<UpdateReleaseInput, "id">;

export const artistReleasesInput = z.object({ artistId: uuidSchema("artistId") });

export const adminReleasesInput = z.object({
  status: z
    .enum(RELEASE_STATUSES, { error: "status must be pending, approved, refused or taken_down" })
    .default("pending"),
});

const reasonSchema = typedText(RELEASE_REASON_REQUIRED)
  .min(1, RELEASE_REASON_REQUIRED)
  .max(RELEASE_REASON_MAX, `A reason is at most ${RELEASE_REASON_MAX} characters`);

/** Approve, or refuse with a reason the artist reads. */
export const reviewReleaseInput = z
  .object({
    id: uuidSchema("release id"),
    decision: z.enum(["approve", "refuse"], { error: "decision must be 'approve' or 'refuse'" }),
    reason: reasonSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.decision === "refuse" && input.reason === undefined)
      ctx.addIssue({ code: "custom", path: ["reason"], message: RELEASE_REASON_REQUIRED });
  });
export type ReviewReleaseInput = z.infer<typeof reviewReleaseInput>;

export const adminTakeDownReleaseInput = z.object({ id: uuidSchema("release id"), reason: reasonSchema });

export const releaseSongSchema = z.object({ id: z.string(), title: z.string(), duration: z.number() });

export const releaseSchema = z.object({
  id: z.string(),
  artistId: z.string(),
  artistName: z.string(),
  /** The album it appears as in the catalog (once approved). */
  albumId: z.string().nullable(),
  kind: releaseKindSchema,
  title: z.string(),
  genre: z.string(),
  /** YYYY-MM-DD. */
  releaseDate: z.string(),
  credits: z.string(),
  coverUrl: z.string().nullable(),
  membersOnly: z.boolean(),
  /** Files submitted; `songs` are those encoded so far. */
  trackCount: z.number(),
  songs: z.array(releaseSongSchema),
  status: z.enum(RELEASE_STATUSES),
  /** Why an admin refused it or took it down. */
  reason: z.string().nullable(),
  takenDownBy: z.enum(["artist", "admin"]).nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type ReleaseDto = z.infer<typeof releaseSchema>;

/** What the review queue shows: who submitted it too. */
export const adminReleaseSchema = releaseSchema.extend({
  submitter: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type AdminReleaseDto = z.infer<typeof adminReleaseSchema>;
