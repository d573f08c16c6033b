// The API's errors in the listener's language: each code the API sends (API_ERROR_MESSAGES) has a message
// in the catalogs. The same codes name the client's own checks, which use the contract's English rules.
import { API_ERROR_MESSAGES, apiErrorCodeOf, type ApiErrorCode } from "@purplebeats/contracts/constants";
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
};

/**
 * An error's message in the listener's language when it has a code; else as it was written. An input error's
 * field stays before it ('name: ...'), as the server wrote it.
 */
export function localizeMessage(t: Translate, message: string, code = apiErrorCodeOf(message)): string {
  if (!code) return message;
  const english = API_ERROR_MESSAGES[code];
  const translated = t(API_ERROR_KEYS[code]);
  return message === english ? translated : message.replace(english, translated);
}
