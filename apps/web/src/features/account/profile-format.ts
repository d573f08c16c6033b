// How the Profile screen words its figures.

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

/** Listening time from the play history: '1,284 hours', '3 hours', '45 minutes', '0 minutes'. */
export function formatListeningTime(seconds: number): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const hours = Math.floor(safe / 3600);
  if (hours >= 1) return plural(hours, "hour", "hours");
  return plural(Math.floor(safe / 60), "minute", "minutes");
}

export const formatCount = (count: number) => count.toLocaleString("en-US");
