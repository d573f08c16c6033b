// The playlists feature's public surface: the playlist cards and the playlist screen's measures.
export { PlaylistCard, PlaylistCardSkeletons } from "./PlaylistCard";
export { PLAYLIST_COVER_SIZE, PLAYLIST_FIRST_ROWS } from "./playlist-screen";
