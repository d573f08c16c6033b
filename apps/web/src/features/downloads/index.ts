// Downloads for members: the download control of a playlist, an album or Liked Songs, and Library's section.
export { DownloadButton } from "./DownloadButton";
export { DownloadsSection } from "./DownloadsSection";
export type { DownloadSource } from "./downloads-store";
export type { WholeList } from "./DownloadButton";
export { useDownloadedItem } from "./downloads-store";
export { readAllLikedSongs } from "./liked-songs";
