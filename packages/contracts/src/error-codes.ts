import {
  DOWNLOADS_PREMIUM_MESSAGE,
  HANDLE_CHARACTERS,
  HANDLE_TAKEN,
  HANDLE_TOO_LONG,
  HANDLE_TOO_SHORT,
  PLAYLIST_DESCRIPTION_TOO_LONG,
  PLAYLIST_NAME_REQUIRED,
  PLAYLIST_NAME_TOO_LONG,
  PLAYLIST_NAME_UNCHANGED,
  PREMIUM_UPGRADE_MESSAGE,
  PRIVATE_PROFILE_MESSAGE,
  PROFILE_NAME_REQUIRED,
  PROFILE_NAME_TOO_LONG,
} from "./constants.js";

// The artist studio's refusals, written here rather than in constants.ts: only the studio (a lazy chunk) shows
// them, and a constant of constants.ts that the web app uses anywhere lands in its first screen's chunk.
export const PAYOUTS_OFF = "Payouts are not available yet";
export const PAYOUT_MANAGERS_ONLY = "Only the artist's managers can ask for its payout";
/** An artist's statistics are its managers' alone: no artist reads another's. */
export const STATS_MANAGERS_ONLY = "Only the artist's managers can see its statistics";

// The errors a listener may read, each under a stable code. The API sends the code beside its English
// message (a REST body's `code`, a tRPC error's `data.errorCode`), and the app shows the code's message in
// the listener's language; a message with no code is shown as the server sent it.
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
  notAudio: "Only audio files (MP3, FLAC, Ogg Vorbis, Opus, M4A/AAC, WAV) can be uploaded",
  libraryStarting: "The library is starting",
  // Why an uploaded (or scanned) audio file is refused, after its name ("song.mp3: Empty file"); the last two
  // are followed by what was found ("...: Unsupported format: WMA", "...: Cannot read file: EACCES").
  fileEmpty: "Empty file",
  fileNotAudio: "Not an audio file",
  fileCorrupt: "Corrupt or truncated audio",
  fileUnsupportedFormat: "Unsupported format",
  fileUnreadable: "Cannot read file",
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_MESSAGES;

/** Built on first use: a module-level Map would keep the table in every bundle that imports this file. */
let codeByMessage: Map<string, ApiErrorCode> | undefined;

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
export function apiErrorCodesOf(message: string): { code?: ApiErrorCode; codes?: (ApiErrorCode | null)[] } {
  const code = apiErrorCodeOf(message);
  const parts = message.split("; ");
  const codes = parts.length > 1 ? parts.map((part) => apiErrorCodeOf(part) ?? null) : [];
  return { ...(code && { code }), ...(codes.some(Boolean) && { codes }) };
}
