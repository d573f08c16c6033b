// The API's errors in the listener's language: each code the API sends (the contract's API_ERROR_MESSAGES)
// has a message in the catalogs. The English table itself stays out of the first screen: the server sends
// the code, and the client's own checks look theirs up where they run (rule-messages.ts).
import type { ApiErrorCode } from "@purplebeats/contracts/error-codes";
import type { MessageKey, Translate } from "../i18n";

export const API_ERROR_KEYS: Record<ApiErrorCode, MessageKey> = {
  songNotFound: "error.songNotFound",
  playlistNotFound: "error.playlistNotFound",
  albumNotFound: "error.albumNotFound",
  artistNotFound: "error.artistNotFound",
  profileNotFound: "error.profileNotFound",
  noSuchHandle: "error.noSuchHandle",
  songNotInPlaylist: "error.songNotInPlaylist",
  songAlreadyInPlaylist: "error.songAlreadyInPlaylist",
  premiumRequired: "error.premiumRequired",
  downloadsPremium: "error.downloadsPremium",
  privateProfile: "error.privateProfile",
  signInFirst: "error.signInFirst",
  ownAccountOnly: "error.ownAccountOnly",
  cannotFollowSelf: "error.cannotFollowSelf",
  piSignInToBuy: "error.piSignInToBuy",
  internal: "error.internal",
  playlistNameRequired: "error.playlistNameRequired",
  playlistNameTooLong: "error.playlistNameTooLong",
  playlistDescriptionTooLong: "error.playlistDescriptionTooLong",
  playlistNameUnchanged: "error.playlistNameUnchanged",
  profileNameRequired: "error.profileNameRequired",
  profileNameTooLong: "error.profileNameTooLong",
  handleTooShort: "error.handleTooShort",
  handleTooLong: "error.handleTooLong",
  handleCharacters: "error.handleCharacters",
  handleTaken: "error.handleTaken",
  notAnImage: "error.notAnImage",
  uploadExpired: "error.uploadExpired",
  storageFull: "error.storageFull",
  tooManyUploads: "error.tooManyUploads",
  tooManyDownloads: "error.tooManyDownloads",
  payoutsOff: "error.payoutsOff",
  payoutManagersOnly: "error.payoutManagersOnly",
  statsManagersOnly: "error.statsManagersOnly",
};

export const isApiErrorCode = (code: unknown): code is ApiErrorCode =>
  typeof code === "string" && Object.hasOwn(API_ERROR_KEYS, code);

/**
 * An error's message in the listener's language when it has a code; else as it was written. An input error's
 * field stays before it ('name: ...'), as the server wrote it; several input errors at once are shown as sent.
 */
export function localizeMessage(t: Translate, message: string, code: ApiErrorCode | undefined): string {
  if (!code || message.includes("; ")) return message;
  const field = /^[^\s:]+: /.exec(message)?.[0] ?? "";
  return field + t(API_ERROR_KEYS[code]);
}
