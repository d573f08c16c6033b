import { z } from "zod";
import { LOCALES } from "../locales.js";
import { uuidSchema } from "./common.js";

/** The studio's periods: the last 7, 28 or 365 days, today included. */
export const STATS_PERIODS = [7, 28, 365] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/**
 * Fewer listeners than this in a group (a language) are not shown apart: a group of one or two could
 * point at a person the artist knows. They are counted together as 'other'.
 */
export const SMALLEST_LISTENER_GROUP = 3;

export const artistStatsInput = z.object({
  artistId: uuidSchema("artistId"),
  days: z.coerce
    .number({ error: "days must be 7, 28 or 365" })
    .refine((days): days is StatsPeriod => (STATS_PERIODS as readonly number[]).includes(days), {
      error: "days must be 7, 28 or 365",
    })
    .default(28),
});
export type ArtistStatsInput = z.infer<typeof artistStatsInput>;

/** One day of the chart (UTC): counted plays, distinct listeners, and followers gained that day. */
export const statsDaySchema = z.object({
  day: z.string(),
  plays: z.number().int(),
  listeners: z.number().int(),
  newFollowers: z.number().int(),
});
export type StatsDayDto = z.infer<typeof statsDaySchema>;

/**
 * Listeners by the language their profile is set to ('unset': none chosen): the app's stand-in for where
 * they are (never an address). Groups smaller than SMALLEST_LISTENER_GROUP are in `otherListeners`.
 */
export const listenerLanguageSchema = z.object({
  language: z.enum([...LOCALES, "unset"]),
  listeners: z.number().int(),
});

export const artistStatsSchema = z.object({
  artistId: z.string(),
  days: z.number().int(),
  totals: z.object({
    plays: z.number().int(),
    listeners: z.number().int(),
    /** Followers now, and those gained in the period. */
    followers: z.number().int(),
    newFollowers: z.number().int(),
  }),
  daily: z.array(statsDaySchema),
  topSongs: z.array(
    z.object({ id: z.string(), title: z.string(), plays: z.number().int(), listeners: z.number().int() }),
  ),
  languages: z.array(listenerLanguageSchema),
  otherListeners: z.number().int(),
  /** π, as decimal strings: what the period brought and what the artist holds now. */
  earnings: z.object({
    /** Tips credited in the period, the platform's fee taken. */
    tips: z.string(),
    /**
     * The artist's share of premium for the months of the period: null while no monthly share is computed
     * (the share's rows are written by the monthly premium share job).
     */
    premiumShare: z.string().nullable(),
    /** Paid out in the period (completed payouts). */
    paidOut: z.string(),
    balance: z.string(),
  }),
  /** What 'Request payout' needs: whether payouts are on, and the least balance paid out. */
  payouts: z.object({ enabled: z.boolean(), minimum: z.string() }),
});
export type ArtistStatsDto = z.infer<typeof artistStatsSchema>;
