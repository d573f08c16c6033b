// How the Profile screen words its figures, in the listener's language (plurals from the catalogs).
import type { Translate } from "../../i18n";

/** Listening time from the play history: '1,284 hours', '3 hours', '45 minutes', '0 minutes'. */
export function formatListeningTime(seconds: number, t: Translate): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const hours = Math.floor(safe / 3600);
  if (hours >= 1) return t("profile.hours", { count: hours });
  return t("profile.minutes", { count: Math.floor(safe / 60) });
}

/** A figure with the language's digits and grouping ('1,284'). */
export const formatCount = (count: number, locale: string) => count.toLocaleString(locale);
