// What Now Playing draws of the library (the song's heart, 'Save as playlist', the song's menu): the app hands them to
// PlayerProvider, so that the player imports no feature that imports the player (the library plays songs).
import { createContext, type ComponentType } from "react";
import type { PlayableSong } from "./types";

export interface NowPlayingParts {
  LikeSongButton: ComponentType<{ song: PlayableSong }>;
  SaveQueueButton: ComponentType<{ songs: PlayableSong[] }>;
  /** The song's options (play next, like, share, report, ...), as on its row. */
  SongMenu: ComponentType<{ song: PlayableSong }>;
}

/** Null: Now Playing draws neither (the player on its own, in a test). */
export const NowPlayingPartsContext = createContext<NowPlayingParts | null>(null);
