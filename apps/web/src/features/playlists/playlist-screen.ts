import type { PlaylistDetailDto } from "@purplebeats/contracts/schemas";
import { coverOf } from "../../lib/format";
import { warmPicture } from "../../ui/picture-warmup";
import { ROW_COVER_SIZE } from "../catalog";

/** The playlist screen's cover, px. */
export const PLAYLIST_COVER_SIZE = 200;
/** The rows a phone shows under the cover: rendered with the screen, the others in a background render. */
export const PLAYLIST_FIRST_ROWS = 4;

/**
 * Fetches what the playlist screen draws first (its cover, its first rows' covers) ahead of the tap that
 * opens it: the screen shows them at once, and the tap's work holds no picture requests.
 */
export function warmPlaylistScreen(playlist: Pick<PlaylistDetailDto, "imageUrl" | "songs">): void {
  warmPicture(playlist.imageUrl, PLAYLIST_COVER_SIZE);
  for (const song of playlist.songs.slice(0, PLAYLIST_FIRST_ROWS)) warmPicture(coverOf(song), ROW_COVER_SIZE);
}
