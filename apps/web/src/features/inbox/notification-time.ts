// When a notification came, as a phone shows it: 'now', minutes, hours, days, then the date.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function notificationTime(createdAt: string, now: Date = new Date()): string {
  const at = new Date(createdAt);
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE) return "now";
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)} d ago`;
  return at.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}
