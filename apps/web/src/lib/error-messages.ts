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
  uploadInvalid: "error.uploadInvalid",
  uploadNotYours: "error.uploadNotYours",
  uploadUsed: "error.uploadUsed",
  uploadEmpty: "error.uploadEmpty",
  uploadNotFound: "error.uploadNotFound",
  uploadChanged: "error.uploadChanged",
  storageDown: "error.storageDown",
  audioTooLarge: "error.audioTooLarge",
  notAudio: "error.notAudio",
  libraryStarting: "error.libraryStarting",
};

export const isApiErrorCode = (code: unknown): code is ApiErrorCode =>
  typeof code === "string" && Object.hasOwn(API_ERROR_KEYS, code);

/** The codes of a message's problems, in order (null for one with none): a response's `codes`. */
export type ApiErrorCodes = readonly (ApiErrorCode | null)[];

export const areApiErrorCodes = (codes: unknown): codes is ApiErrorCodes =>
  Array.isArray(codes) && codes.every((code) => code === null || isApiErrorCode(code));

/**
 * An error's message in the listener's language when it has a code; else as it was written. An input error's
 * field stays before it ('name: ...'), as the server wrote it. A message listing several problems ('name: ...;
 * handle: ...') is shown problem by problem, each by its own code (`codes`), one without a code as sent.
 */
export function localizeMessage(
  t: Translate,
  message: string,
  code: ApiErrorCode | undefined,
  codes?: ApiErrorCodes,
): string {
  if (!message.includes("; ")) return code ? localizePart(t, message, code) : message;
  if (!codes) return message;
  return message
    .split("; ")
    .map((part, index) => {
      const partCode = codes[index];
      return partCode ? localizePart(t, part, partCode) : part;
    })
    .join("; ");
}

function localizePart(t: Translate, message: string, code: ApiErrorCode): string {
  const field = /^[^\s:]+: /.exec(message)?.[0] ?? "";
  return field + t(API_ERROR_KEYS[code]);
}
