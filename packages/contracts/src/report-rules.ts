// What a listener's report of a song holds and what the API says when it does not (the API's checks and the app's):
// a module of its own, so that the first screen, which reads the contract's constants, carries none of it.
/**
 * A listener's report of a song: why (a rights holder's claim, abuse or offence, or something else) and,
 * optionally, what the admins should know. One open report per listener per song.
 */
export const SONG_REPORT_REASONS = ["rights", "abuse", "other"] as const;
export type SongReportReason = (typeof SONG_REPORT_REASONS)[number];
export const SONG_REPORT_DETAILS_MAX = 1000;
export const SONG_REPORT_DETAILS_TOO_LONG = `Details must be at most ${SONG_REPORT_DETAILS_MAX} characters`;
export const SONG_REPORT_REASON_INVALID = "Choose why you are reporting this song";
export const SONG_ALREADY_REPORTED = "You already reported this song";
