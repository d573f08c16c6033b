// The player module's public surface.
export {
  PlayerProvider,
  usePlayer,
  usePlayerControls,
  useNowPlaying,
  useSongPlayState,
  MUTE_DEBOUNCE_MS,
  type PlayerProviderProps,
} from "./PlayerProvider";
export { MiniPlayer } from "./LazyMiniPlayer";
export type { NowPlayingParts } from "./now-playing-parts";
export type { SongPlayState } from "./now-playing-store";
export type { QueueViewProps } from "./QueueView";
export {
  playerReducer,
  initialPlayerState,
  isPlayableUrl,
  pickRandomOther,
  DEFAULT_VOLUME,
  MAX_ALL_SONGS,
  type PlayerAction,
  type PlayerMachineState,
  type SavedPlayer,
  type AudioErrorSource,
} from "./reducer";
export { clampPlayerTop, swipeDirection, formatTime, SWIPE_THRESHOLD } from "./ui-helpers";
export { PLAYER_STORAGE_KEY } from "./persistence";
export type { PlayableSong, PlayerState, PlayerApi, PlayerControls, NowPlaying, QueueSource } from "./types";
export { ListeningSettings } from "./ListeningSettings";
export { DragHandleIcon } from "./icons";
export { readAudioPreferences } from "./listening-preferences";
export { connectionHint, streamQuality } from "./stream-quality";
