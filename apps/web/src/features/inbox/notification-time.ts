// When a notification came, as a phone shows it: 'now', minutes, hours, days, then the date, in the
// listener's language (the counts are the catalog's plurals, the date Intl's).
import type { Translate } from "../../i18n";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function notificationTime(
  createdAt: string,
  t: Translate,
  locale: string,
  now: Date = new Date(),
): string {
  const at = new Date(createdAt);
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE) return t("inbox.now");
  if (ago < HOUR) return t("inbox.minutesAgo", { count: Math.floor(ago / MINUTE) });
  if (ago < DAY) return t("inbox.hoursAgo", { count: Math.floor(ago / HOUR) });
  if (ago < 7 * DAY) return t("inbox.daysAgo", { count: Math.floor(ago / DAY) });
  return at.toLocaleDateString(locale, { month: "short", day: "numeric", year: "numeric" });
}
