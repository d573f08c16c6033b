// The catalog feature's public surface: songs, albums and the cover hero of a detail screen.
export { AlbumTile, AlbumTileSkeletons } from "./AlbumTile";
export { CoverHero, CoverHeroLoading, DetailScreen, PlayShuffleButtons, ShareButton } from "./CoverHero";
export { SongList } from "./SongList";
export { ROW_COVER_SIZE, SongRow, SongRowSkeletons } from "./SongRow";
export { SongTile, SongTileSkeletons, SongTileStripSpace } from "./SongTile";
