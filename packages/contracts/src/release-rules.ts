// What an artist's release may hold and what its form says when it does not (the API's checks and the app's).
/**
 * Releases an artist's managers upload (single, EP or album), held for an admin's review. How many songs
 * each kind holds follows the stores' usual rule (a single up to 3, an EP up to 6).
 */
export const RELEASE_KINDS = ["single", "ep", "album"] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];
export const RELEASE_MAX_TRACKS: Readonly<Record<ReleaseKind, number>> = { single: 3, ep: 6, album: 40 };
export const RELEASE_TITLE_MAX = 200;
export const RELEASE_GENRE_MAX = 60;
export const RELEASE_CREDITS_MAX = 2000;
export const RELEASE_REASON_MAX = 1000;
export const RELEASE_TITLE_REQUIRED = "Title is required";
export const RELEASE_TITLE_TOO_LONG = `Title must be at most ${RELEASE_TITLE_MAX} characters`;
export const RELEASE_GENRE_REQUIRED = "Genre is required";
export const RELEASE_GENRE_TOO_LONG = `Genre must be at most ${RELEASE_GENRE_MAX} characters`;
export const RELEASE_CREDITS_TOO_LONG = `Credits must be at most ${RELEASE_CREDITS_MAX} characters`;
export const RELEASE_DATE_INVALID = "Release date must be a date (YYYY-MM-DD)";
export const RELEASE_COVER_REQUIRED = "Add a cover picture";
export const RELEASE_TRACKS_REQUIRED = "Add at least one audio file";
export const RELEASE_RIGHTS_REQUIRED = "Confirm that you hold the rights to this music";
export const RELEASE_REASON_REQUIRED = "Give the artist a reason";
export const RELEASE_MANAGERS_ONLY = "Only the artist's managers can manage its releases";
export const RELEASE_ALREADY_IN_CATALOG = "This recording is already in the catalog";
export const RELEASE_NOT_APPROVED = "This song's release is not approved: approve the release to show it";
export const releaseTooManyTracks = (kind: ReleaseKind) =>
  `A${kind === "album" ? "n album" : kind === "ep" ? "n EP" : " single"} has at most ${RELEASE_MAX_TRACKS[kind]} songs`;
