import {
  ACCOUNT_DELETION_PAYMENT_PENDING,
  ARTIST_REQUEST_PENDING,
  DOWNLOADS_PREMIUM_MESSAGE,
  HANDLE_CHARACTERS,
  HANDLE_TAKEN,
  HANDLE_TOO_LONG,
  HANDLE_TOO_SHORT,
  PLAYLIST_DESCRIPTION_TOO_LONG,
  PLAYLIST_NAME_REQUIRED,
  PLAYLIST_NAME_TOO_LONG,
  PLAYLIST_NAME_UNCHANGED,
  PREMIUM_REQUIRED_MESSAGE,
  PREMIUM_UPGRADE_MESSAGE,
  PRIVATE_PROFILE_MESSAGE,
  PROFILE_NAME_REQUIRED,
  PROFILE_NAME_TOO_LONG,
} from "./constants.js";
import { RELEASE_ALREADY_IN_CATALOG, RELEASE_MANAGERS_ONLY, RELEASE_NOT_APPROVED } from "./release-rules.js";
import { SONG_ALREADY_REPORTED } from "./report-rules.js";

// The artist studio's refusals, written here rather than in constants.ts: only the studio (a lazy chunk) shows
// them, and a constant of constants.ts that the web app uses anywhere lands in its first screen's chunk.
export const PAYOUTS_OFF = "Payouts are not available yet";
export const PAYOUT_MANAGERS_ONLY = "Only the artist's managers can ask for its payout";
/** An artist's statistics are its managers' alone: no artist reads another's. */
export const STATS_MANAGERS_ONLY = "Only the artist's managers can see its statistics";

const NOT_AUDIO = "Only audio files (MP3, FLAC, Ogg Vorbis, Opus, M4A/AAC, WAV) can be uploaded";

// The errors a listener may read, each under a stable code. The API sends the code beside its English
// message (a REST body's `code`, a tRPC error's `data.errorCode`), and the app shows the code's message in
// the listener's language; a message with no code is shown as the server sent it (apps/api's
// refusal-codes test keeps every refusal a person can meet in this table). A message with `{name}` carries
// what the server filled in there as a value (REST `values`, tRPC `data.errorValues`): the app's catalogs
// place it, or choose their words by it (a status).
export const API_ERROR_MESSAGES = {
  songNotFound: "Song not found",
  playlistNotFound: "Playlist not found",
  albumNotFound: "Album not found",
  artistNotFound: "Artist not found",
  profileNotFound: "Profile not found",
  noSuchHandle: "No listener has that handle",
  songNotInPlaylist: "This song is not in the playlist",
  songAlreadyInPlaylist: "This song is already in the playlist",
  premiumRequired: PREMIUM_UPGRADE_MESSAGE,
  downloadsPremium: DOWNLOADS_PREMIUM_MESSAGE,
  privateProfile: PRIVATE_PROFILE_MESSAGE,
  signInFirst: "Sign in or start a guest session first",
  ownAccountOnly: "You can only access your own account",
  cannotFollowSelf: "You cannot follow yourself",
  piSignInToBuy: "Sign in with Pi Network to buy Premium",
  internal: "Something went wrong on our side. Please try again.",
  playlistNameRequired: PLAYLIST_NAME_REQUIRED,
  playlistNameTooLong: PLAYLIST_NAME_TOO_LONG,
  playlistDescriptionTooLong: PLAYLIST_DESCRIPTION_TOO_LONG,
  playlistNameUnchanged: PLAYLIST_NAME_UNCHANGED,
  profileNameRequired: PROFILE_NAME_REQUIRED,
  profileNameTooLong: PROFILE_NAME_TOO_LONG,
  handleTooShort: HANDLE_TOO_SHORT,
  handleTooLong: HANDLE_TOO_LONG,
  handleCharacters: HANDLE_CHARACTERS,
  handleTaken: HANDLE_TAKEN,
  notAnImage: "Only image files (PNG, JPEG, GIF, WebP, AVIF) can be uploaded",
  uploadExpired: "This upload URL has expired. Please try again.",
  storageFull: "Your storage is full. Remove a picture you no longer use and try again.",
  tooManyUploads: "Too many uploads from your network today. Please try again tomorrow.",
  tooManyDownloads: "Too many downloads. Please wait a minute and try again.",
  payoutsOff: PAYOUTS_OFF,
  payoutManagersOnly: PAYOUT_MANAGERS_ONLY,
  statsManagersOnly: STATS_MANAGERS_ONLY,
  uploadInvalid: "This upload URL is not valid",
  uploadNotYours: "This upload URL is not yours",
  uploadUsed: "This upload URL has already been used",
  uploadEmpty: "The upload is empty",
  uploadNotFound: "The upload was not found in storage. Please upload the file first.",
  uploadChanged: "The upload changed while it was being checked. Please upload the file again.",
  storageDown: "File storage is not answering. Please try again in a moment.",
  audioTooLarge: "Audio files must be less than 500 MB",
  notAudio: NOT_AUDIO,
  // Read before the file itself: what its first bytes are, when they are a format the app does not take.
  uploadUnsupportedFormat: `Unsupported format: {format}. ${NOT_AUDIO}`,
  libraryStarting: "The library is starting",
  // Why an uploaded (or scanned) audio file is refused, after its name ("song.mp3: Empty file"); the last two
  // are followed by what was found ("...: Unsupported format: WMA", "...: Cannot read file: EACCES").
  fileEmpty: "Empty file",
  fileNotAudio: "Not an audio file",
  fileCorrupt: "Corrupt or truncated audio",
  fileUnsupportedFormat: "Unsupported format",
  fileUnreadable: "Cannot read file",
  fileAlreadyInCatalog: RELEASE_ALREADY_IN_CATALOG,
  imageTooLarge: "File size must be less than {max} MB",
  piSignInRefused: "Pi Network did not accept this sign-in. Please sign in again.",
  piSignInUnreachable: "Pi Network could not be reached to verify the sign-in. Please try again.",
  accountDeletionPaymentPending: ACCOUNT_DELETION_PAYMENT_PENDING,
  adUnknown: "Pi's Ad Network does not know this ad",
  adsOff: "Rewarded ads are turned off",
  adsPiOnly: "Sign in with Pi to watch a rewarded ad",
  adsMembersSkip: "Members skip freely: no ad needed",
  adNotGranted: "Pi's Ad Network did not grant this ad's reward",
  adRewardGiven: "This ad's reward was already given",
  adPiTimeout:
    "Pi Network did not answer in time. Please try again; your ad's reward is still yours to claim.",
  adPiUnreachable:
    "Pi Network could not be reached. Please try again; your ad's reward is still yours to claim.",
  artistRequestPending: ARTIST_REQUEST_PENDING,
  artistRequestNotFound: "Artist request not found",
  // {status}: approved or refused.
  artistRequestDecided: "This request was already {status}",
  claimedArtistGone: "The claimed artist is no longer in the catalog",
  releaseNotFound: "Release not found",
  releaseManagersOnly: RELEASE_MANAGERS_ONLY,
  // {status}: pending, approved or refused; a release taken down says so in words of their own ("taken down").
  releaseInStatus: "This release is {status}",
  releaseTakenDown: "This release is taken down",
  releaseNotApproved: RELEASE_NOT_APPROVED,
  songAlreadyReported: SONG_ALREADY_REPORTED,
  notificationNotFound: "Notification not found",
  supportRequestNotFound: "Support request not found",
  newsPostNotFound: "News post not found",
  paymentUnknownToPi: "Pi Network does not know this payment",
  paymentNotFound: "Payment not found",
  paymentNotApproved: "This payment has not been approved yet",
  paymentCancelled: "This payment was cancelled",
  // {status}: one of the payment's statuses (cancelled, failed, completed, ...).
  paymentInStatus: "This payment is {status}",
  tipsVerifiedArtistsOnly: "Only verified artists can receive tips",
  paymentPiTimeout: "Pi Network did not answer in time. Please try again; your payment is safe.",
  paymentPiUnreachable: "Pi Network could not be reached. Please try again; your payment is safe.",
  payoutBelowMinimum: "The balance must be at least {minimum} π to be paid out",
  systemPlaylistReadOnly: "System playlists cannot be edited",
  playlistOwnerOnly: "Only the playlist's owner can change it",
  playlistFull: "A playlist can hold at most {max} songs",
  choosePlaylistToAddTo: "Choose a different playlist to add these songs to",
  songsNotFound: "Song not found: {ids}",
  requestTimedOut: "The request did not arrive in time",
  brieflyUnavailable: "PurpleBeats is briefly unavailable. Please try again in a moment.",
  restarting: "PurpleBeats is restarting. Please try again in a moment.",
  // An admin's change of another's role, on the admin screen.
  adminByConfiguration:
    "{uid} is an admin by ADMIN_UIDS; change the server's configuration to remove the role",
  noUserWithUid: "No user with uid {uid}. The user must have signed in once.",
  // The contract's own refusals: a song or a quality for members, too many tries, text that cannot be kept.
  premiumSongMembersOnly: `${PREMIUM_REQUIRED_MESSAGE}. This song is for Premium members only.`,
  premiumDownloads: `${PREMIUM_REQUIRED_MESSAGE}. ${DOWNLOADS_PREMIUM_MESSAGE}`,
  premiumHighQuality: `${PREMIUM_REQUIRED_MESSAGE}. High quality audio is for Premium members.`,
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  // After the field it is about ("name: contains a character ..."), as an input error's rule.
  unstorableText: "contains a character that cannot be stored (NUL or broken Unicode)",
  artistSignInWithPi: "Sign in with Pi Network to become an artist",
  // The admin dashboard's library scan, on a server without a music folder or before its first scan.
  libraryNotConfigured: "No music folder is configured (set MUSIC_DIR)",
  noLibraryScanYet: "No library scan yet",
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_MESSAGES;

/** Built on first use: a module-level Map would keep the table in every bundle that imports this file. */
let codeByMessage: Map<string, ApiErrorCode> | undefined;
/** The messages that carry values, each as a pattern that reads them back (built on first use, as above). */
let templates: { code: ApiErrorCode; pattern: RegExp }[] | undefined;

const PLACEHOLDER = /\{(\w+)\}/g;
const HAS_PLACEHOLDER = /\{\w+\}/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function templateMatch(message: string): { code: ApiErrorCode; values: Record<string, string> } | undefined {
  templates ??= Object.entries(API_ERROR_MESSAGES)
    .filter(([, text]) => HAS_PLACEHOLDER.test(text))
    .map(([code, text]) => {
      const parts = text.split(PLACEHOLDER);
      // split keeps each placeholder's name at the odd places, the words around them at the even ones.
      const source = parts.map((part, i) => (i % 2 === 0 ? escapeRegExp(part) : `(?<${part}>.+?)`)).join("");
      return { code: code as ApiErrorCode, pattern: new RegExp(`^${source}$`) };
    });
  for (const { code, pattern } of templates) {
    const groups = pattern.exec(message)?.groups;
    if (groups) return { code, values: { ...groups } };
  }
  return undefined;
}

/** A message that carries values, written: `apiErrorText("playlistFull", { max: 500 })`. */
export function apiErrorText(code: ApiErrorCode, values: Record<string, string | number>): string {
  return API_ERROR_MESSAGES[code].replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/**
 * The code of an error's English message: the message itself, or an input error's "field: message" (the
 * first of them), whose message is the rule's; or a file's refusal "name: reason[: what was found]".
 */
export function apiErrorCodeOf(message: string): ApiErrorCode | undefined {
  const first = message.split("; ")[0] ?? "";
  codeByMessage ??= new Map(
    Object.entries(API_ERROR_MESSAGES).map(([code, text]) => [text, code as ApiErrorCode]),
  );
  const parts = first.split(": ");
  return (
    codeByMessage.get(message) ??
    templateMatch(message)?.code ??
    codeByMessage.get(parts.slice(1).join(": ")) ??
    fileRefusalCode(parts.at(-1)) ??
    (parts.length > 2 ? fileRefusalCode(parts.at(-2)) : undefined)
  );
}

const FILE_REFUSALS: readonly ApiErrorCode[] = [
  "fileEmpty",
  "fileNotAudio",
  "fileCorrupt",
  "fileUnsupportedFormat",
  "fileUnreadable",
  "fileAlreadyInCatalog",
];
/** A file's refusal code by its reason (its name's own ": " aside). */
const fileRefusalCode = (reason: string | undefined) => {
  const code = reason === undefined ? undefined : codeByMessage?.get(reason);
  return code && FILE_REFUSALS.includes(code) ? code : undefined;
};

/**
 * The codes a response gives its message: `code`, the message's (or its first problem's); and, when it lists
 * several problems ("name: ...; handle: ..."), `codes`, each problem's in order (null for one with none), so
 * that the app shows every one of them in the listener's language.
 */
export function apiErrorCodesOf(message: string): {
  code?: ApiErrorCode;
  codes?: (ApiErrorCode | null)[];
  values?: Record<string, string>;
} {
  const code = apiErrorCodeOf(message);
  const parts = message.split("; ");
  const codes = parts.length > 1 ? parts.map((part) => apiErrorCodeOf(part) ?? null) : [];
  // A message may read like a pattern's and still be another code's own ('This release is taken down').
  const match = templateMatch(message);
  const values = match && match.code === code ? match.values : undefined;
  return { ...(code && { code }), ...(codes.some(Boolean) && { codes }), ...(values && { values }) };
}
