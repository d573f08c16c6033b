// The artist studio's statistics: what the artist's music did over the last 7, 28 or 365 days, for its
// managers only. Counts only: plays, distinct listeners, followers, listeners by the language of their
// profile (the app's stand-in for where they are; never an address), with every language group of fewer
// than SMALLEST_LISTENER_GROUP listeners folded into 'other' so that no group points at a person.
import type { DataSource } from "typeorm";
import { TRPCError } from "@trpc/server";
import {
  SMALLEST_LISTENER_GROUP,
  STATS_MANAGERS_ONLY,
  isLocale,
  type ArtistStatsDto,
  type ArtistStatsService,
  type StatsPeriod,
} from "@purplebeats/contracts";
import { artistBalance, isManagerOf } from "../../data/artist-payouts.js";
import {
  dailyNewFollowers,
  dailyPlays,
  followerCount,
  listenersByLanguage,
  periodEarnings,
  playTotals,
  topSongs,
} from "../../data/artist-stats.js";

const TOP_SONGS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** π as the contract writes it: no trailing zeros ('9', '0.5'). */
const pi = (amount: string) => String(Number(amount));

/** The period's UTC days, oldest first, today last: `days` of them. */
export function periodDays(days: number, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

type LanguageGroup = ArtistStatsDto["languages"][number];

/** Language groups large enough to show, largest first; the listeners of the smaller ones, together. */
export function languageGroups(rows: Array<{ language: string | null; listeners: number }>) {
  const byLanguage = new Map<LanguageGroup["language"], number>();
  for (const row of rows) {
    const language = isLocale(row.language) ? row.language : "unset";
    byLanguage.set(language, (byLanguage.get(language) ?? 0) + row.listeners);
  }
  const shown: LanguageGroup[] = [];
  let other = 0;
  for (const [language, listeners] of byLanguage) {
    if (listeners >= SMALLEST_LISTENER_GROUP) shown.push({ language, listeners });
    else other += listeners;
  }
  shown.sort((a, b) => b.listeners - a.listeners || a.language.localeCompare(b.language));
  return { languages: shown, otherListeners: other };
}

export function createArtistStats(
  db: DataSource,
  options: { payoutsEnabled: boolean; payoutMinimum: number; now?: () => Date },
): ArtistStatsService {
  const now = options.now ?? (() => new Date());
  return {
    async ofArtist(userId, artistId, days: StatsPeriod) {
      if (!(await isManagerOf(db, artistId, userId)))
        throw new TRPCError({ code: "FORBIDDEN", message: STATS_MANAGERS_ONLY });
      const dayList = periodDays(days, now());
      const since = new Date(`${dayList[0] ?? ""}T00:00:00Z`);
      const [daily, totals, followers, gained, songs, languages, earnings, balance] = await Promise.all([
        dailyPlays(db, artistId, since),
        playTotals(db, artistId, since),
        followerCount(db, artistId),
        dailyNewFollowers(db, artistId, since),
        topSongs(db, artistId, since, TOP_SONGS),
        listenersByLanguage(db, artistId, since),
        periodEarnings(db, artistId, since),
        artistBalance(db, artistId),
      ]);
      const playsOn = new Map(daily.map((row) => [row.day, row]));
      const gainedOn = new Map(gained.map((row) => [row.day, row.followers]));
      return {
        artistId,
        days,
        totals: {
          plays: totals.plays,
          listeners: totals.listeners,
          followers,
          newFollowers: gained.reduce((sum, row) => sum + row.followers, 0),
        },
        daily: dayList.map((day) => ({
          day,
          plays: playsOn.get(day)?.plays ?? 0,
          listeners: playsOn.get(day)?.listeners ?? 0,
          newFollowers: gainedOn.get(day) ?? 0,
        })),
        topSongs: songs,
        ...languageGroups(languages),
        earnings: {
          tips: pi(earnings.tips),
          // Credited by the monthly split (premium-share.ts) in the month after the plays.
          premiumShare: pi(earnings.premium_share),
          paidOut: pi(earnings.paid_out),
          balance: pi(balance),
        },
        payouts: { enabled: options.payoutsEnabled, minimum: String(options.payoutMinimum) },
      };
    },
  };
}
