// The library feature's public surface ("your music"): playlist menus and dialogs, likes, adding songs.
// Parts other features draw on demand are loaders (lazy.ts), so that each stays a chunk of its own.
export { AddSongButton } from "./AddSongButton";
export { PlaylistMenu, PlaylistOwnerMenu, preloadPlaylistMenu, SongMenu } from "./LazyMenus";
export type { LikeSongButtonProps } from "./LikeSongButton";
export { NewPlaylistButton } from "./NewPlaylistButton";
export { PlaylistRow, PlaylistRowSkeletons } from "./PlaylistRow";
export { CrownIcon } from "./icons";
export { loadLikeSongButton, loadReorderSongs, loadSaveQueueButton } from "./lazy";
export { mayAddSongsTo, PLAYLIST_IMAGE_MAX_MB, validateNewPlaylist } from "./playlist-rules";
export { promptPremium } from "./premium";
