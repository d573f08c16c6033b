// A module of its own: the header's private-session sign is on every first screen, and the activity's
// formatting (activity-format.ts, the feed's) is not (0.6 KB gzip of the first screen's budget).

/** "9:41 PM": when a private session ends, in the listener's own clock and language. */
export const formatSessionEnd = (until: string, locale: string) =>
  new Date(until).toLocaleTimeString(locale, { hour: "numeric", minute: "2-digit" });
