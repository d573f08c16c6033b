// The private session (Spotify's term), decided here and nowhere else (docs/ARCHITECTURE.md, "Where each
// rule lives"). Turned on, it lasts PRIVATE_SESSION_HOURS (6) or until turned off. While it is on, a play:
// - still enters the listener's own history, marked private, so their Recently played and their own
//   figures (seen by them alone) stay whole;
// - is not counted in the catalog: no play count, listener count or last play, so Trending Now, Top Charts
//   and every popularity order stay as if it never happened;
// - is left out of anything others see of the listener (activity shows no plays; a public figure built
//   from play_history must read only rows `NOT is_private`).
// Likes, follows and playlists made meanwhile are not plays: their own settings rule them.
import { PRIVATE_SESSION_HOURS } from "@purplebeats/contracts";

export const PRIVATE_SESSION_MS = PRIVATE_SESSION_HOURS * 60 * 60 * 1000;

/** When a private session started at `now` ends. */
export const privateSessionEnd = (now: Date) => new Date(now.getTime() + PRIVATE_SESSION_MS);

/** Whether a private session ending at `until` is on at `now` (an ended one is simply off). */
export const inPrivateSession = (until: Date | null, now: Date) =>
  until !== null && until.getTime() > now.getTime();

/** How a play made at `now` is kept: counted for everyone, or the listener's own. */
export const playVisibility = (until: Date | null, now: Date) =>
  inPrivateSession(until, now)
    ? ({ counted: false, private: true } as const)
    : ({ counted: true, private: false } as const);
