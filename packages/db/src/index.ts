export * from "./entities/index.js";
export {
  openDatabase,
  WORD_SIMILARITY_THRESHOLD,
  type Database,
  type DatabaseOptions,
} from "./connection/data-source.js";
export { SYSTEM_USER_ID, SYSTEM_PLAYLIST_IDS, isSystemPlaylistId } from "./constants.js";
export { DEFAULT_MEDIA_DIR, DEFAULT_PGLITE_DIR, DEFAULT_UPLOAD_DIR, REPO_ROOT } from "./paths.js";
