// The artist studio's rules with no view of their own: whether a payout may be asked for now (and why not),
// and the place a listener's language stands for.
import type { ArtistStatsDto } from "@purplebeats/contracts/schemas";

/** A language setting as the statistics name it: one of the app's languages, or none chosen. */
type LanguageSetting = ArtistStatsDto["languages"][number]["language"];

/** Why 'Request payout' is off: payouts not offered yet, or a balance under the minimum; null when it is on. */
export type PayoutBlock = "off" | "belowMinimum" | null;

export function payoutBlock(payouts: { enabled: boolean; minimum: string }, balance: string): PayoutBlock {
  if (!payouts.enabled) return "off";
  return Number(balance) < Number(payouts.minimum) ? "belowMinimum" : null;
}

/** A payout still on its way: the list is asked again until each one is done. */
export const payoutUnderWay = (status: string) =>
  status === "requested" || status === "created" || status === "submitted";

/**
 * The country a language setting points at, where one language is mostly one country's (ISO 3166 region
 * codes, named in the reader's language by Intl.DisplayNames); English, Spanish and Arabic are spoken in
 * many, so they are named as language regions by the catalogs.
 */
const COUNTRY_OF: Partial<Record<LanguageSetting, string>> = {
  fil: "PH",
  hi: "IN",
  id: "ID",
  ko: "KR",
  "pt-BR": "BR",
  "sr-Latn": "RS",
  vi: "VN",
  "zh-CN": "CN",
  "zh-TW": "TW",
};

export type Region =
  | { kind: "country"; code: string }
  | { kind: "languageRegion"; language: "en" | "es" | "ar" }
  | { kind: "unset" };

export function regionOf(language: LanguageSetting): Region {
  if (language === "unset") return { kind: "unset" };
  const code = COUNTRY_OF[language];
  if (code) return { kind: "country", code };
  return { kind: "languageRegion", language: language === "es" || language === "ar" ? language : "en" };
}

/** A country's name in the reader's language ('Việt Nam'), or its code where the browser has no names. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A premium share's month ('2026-03') as the reader's language names it ('March 2026'). */
export function shareMonthName(month: string, locale: string): string {
  const start = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(start.getTime())) return month;
  return new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(start);
}
