// The monthly premium share: a configured share of each month's premium revenue (PREMIUM_SHARE_PERCENT,
// default 50 %) goes to the artists members played, user-centrically (premium-share-split.ts). A month is
// split once it has ended, from its records alone: the premium payments completed within it and the plays
// the catalog counted within it (domain/catalog/play-recorder.ts is the one home of what counts). So
// the split can be recomputed from the records and gives the same table.
//
// Where the rest goes: the part of a member with no counted play that month, the shares of artists with
// no approved artist account (kept in the month's table for the books, never credited, not later either),
// and the units rounded off all stay with the platform: the month's row says how much.
//
// Exactly once: the month's row is written with its artists' rows and their credits in one transaction,
// and only by the run that inserts it (its key is the month); a second run, or a run at the same moment in
// another instance, writes nothing. Each credit's ledger source is unique as well.
import type { DataSource } from "typeorm";
import { TRPCError } from "@trpc/server";
import {
  PAYOUT_MANAGERS_ONLY,
  PREMIUM_PRODUCT_ID,
  type PremiumShareMonthInputsDto,
  type PremiumShareService,
} from "@purplebeats/contracts";
import { isManagerOf } from "../../data/artist-payouts.js";
import {
  artistsWithAccounts,
  memberPlaysOfMonth,
  premiumPaymentsOfMonth,
  saveMonthSplit,
  shareMonth,
  shareMonths,
  sharesOfArtist,
  sharesOfMonth,
  type MonthRange,
} from "../../data/premium-shares.js";
import { piToUnits, splitPremiumShare, unitsToPi } from "./premium-share-split.js";

/** 'YYYY-MM' of a UTC month, and its bounds. */
export function monthRange(month: string): MonthRange {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return { month, from: new Date(Date.UTC(year, m - 1, 1)), to: new Date(Date.UTC(year, m, 1)) };
}

/** The month before the one `now` is in (UTC): the latest month that has ended. */
export function previousMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** Pi amounts as the contract shows them: the ledger's text without trailing zeros ("1.57"). */
const shown = (amount: string) => String(Number(amount));

export type MonthOutcome = "split" | "already-split" | "not-ended";

export interface PremiumShares extends PremiumShareService {
  /** Splits the month once it has ended; a month already split is left as it is. */
  splitMonth(month: string, now?: Date): Promise<MonthOutcome>;
}

interface MonthColumns {
  month: string;
  share_percent: string;
  revenue: string;
  pool: string;
  members: number;
  members_without_plays: number;
  credited: string;
  kept_by_platform: string;
  computed_at: Date;
}

const toInputs = (row: MonthColumns): PremiumShareMonthInputsDto => ({
  month: row.month,
  sharePercent: Number(row.share_percent),
  revenue: shown(row.revenue),
  pool: shown(row.pool),
  members: row.members,
  membersWithoutPlays: row.members_without_plays,
  credited: shown(row.credited),
  keptByPlatform: shown(row.kept_by_platform),
  computedAt: new Date(row.computed_at).toISOString(),
});

/** How many months a list shows: two years. */
const MONTHS_SHOWN = 24;
/** A month's artists on the dashboard: the largest shares first. */
const ARTISTS_SHOWN = 200;

export function createPremiumShares(db: DataSource, options: { sharePercent: number }): PremiumShares {
  const shares: PremiumShares = {
    async splitMonth(month, now = new Date()) {
      const range = monthRange(month);
      if (range.to > now) return "not-ended";
      if (await shareMonth(db, month)) return "already-split";
      const payments = await premiumPaymentsOfMonth(db, range, PREMIUM_PRODUCT_ID);
      const plays = await memberPlaysOfMonth(db, range, PREMIUM_PRODUCT_ID);
      const split = splitPremiumShare({
        payments: payments.map((p) => ({ memberId: p.user_id, paid: piToUnits(p.amount) })),
        plays: plays.map((p) => ({ memberId: p.user_id, artistId: p.artist_id, plays: p.plays })),
        sharePercent: options.sharePercent,
      });
      const withAccounts = await artistsWithAccounts(
        db,
        split.shares.map((s) => s.artistId),
      );
      const shares = split.shares.map((s) => ({
        artistId: s.artistId,
        amount: unitsToPi(s.amount),
        members: s.members,
        qualifyingPlays: s.qualifyingPlays,
        credited: withAccounts.has(s.artistId) && s.amount > 0n,
      }));
      const credited = split.shares
        .filter((s) => withAccounts.has(s.artistId))
        .reduce((sum, s) => sum + s.amount, 0n);
      const written = await db.transaction((tx) =>
        saveMonthSplit(
          tx,
          {
            month,
            sharePercent: options.sharePercent,
            revenue: unitsToPi(split.revenue),
            pool: unitsToPi(split.pool),
            members: split.members,
            membersWithoutPlays: split.membersWithoutPlays,
            credited: unitsToPi(credited),
            keptByPlatform: unitsToPi(split.pool - credited),
          },
          shares,
        ),
      );
      return written ? "split" : "already-split";
    },

    async ofArtist(userId, artistId) {
      if (!(await isManagerOf(db, artistId, userId)))
        throw new TRPCError({ code: "FORBIDDEN", message: PAYOUT_MANAGERS_ONLY });
      const rows = await sharesOfArtist(db, artistId, MONTHS_SHOWN);
      return rows.map((row) => ({
        month: row.month,
        amount: shown(row.amount),
        members: row.artist_members,
        qualifyingPlays: row.qualifying_plays,
        credited: row.artist_credited,
        inputs: toInputs(row),
      }));
    },

    async months() {
      return (await shareMonths(db, MONTHS_SHOWN)).map(toInputs);
    },

    async splitNow(month) {
      const outcome = await shares.splitMonth(month);
      return { outcome, split: await shares.month(month) };
    },

    async month(month) {
      const inputs = await shareMonth(db, month);
      const artists = inputs ? await sharesOfMonth(db, month, ARTISTS_SHOWN) : [];
      return {
        inputs: inputs ? toInputs(inputs) : null,
        artists: artists.map((a) => ({
          artistId: a.artist_id,
          name: a.name,
          amount: shown(a.amount),
          members: a.members,
          qualifyingPlays: a.qualifying_plays,
          credited: a.credited,
        })),
      };
    },
  };
  return shares;
}
