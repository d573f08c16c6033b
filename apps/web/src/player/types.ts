// The player's public shape, shared by the screens (which call it) and the player module (which implements it).

/** What the player needs of a song: SPEC.md section 3 "Player state" plus what the mini player shows. */
export interface PlayableSong {
  id: string;
  title: string;
  audioUrl: string | null;
  duration: number;
  imageUrl?: string | null;
  artist?: { name: string } | null;
  album?: { imageUrl: string | null } | null;
}

/** SPEC.md section 3: volume 0-100, default 80. */
export interface PlayerState {
  currentSong: PlayableSong | null;
  isPlaying: boolean;
  currentTime: number;
  duration: number;
  volume: number;
  isMuted: boolean;
  queue: PlayableSong[];
  currentIndex: number;
  isPlaylist: boolean;
  allSongs: PlayableSong[];
}

export interface PlayerApi {
  state: PlayerState;
  /** Sets the queue to `list` (or just the song) and plays `song`. */
  play(song: PlayableSong, list?: PlayableSong[]): void;
  /** A song row's button: plays it, or pauses/resumes it when it is the current song. */
  toggleSong(song: PlayableSong, list?: PlayableSong[]): void;
  pause(): void;
  resume(): void;
  next(): void;
  previous(): void;
  seek(seconds: number): void;
  close(): void;
  toggleMute(): void;
  setVolume(volume: number): void;
  /** Queue = the playlist's songs, plays the first. */
  startPlaylist(songs: PlayableSong[]): void;
  /** Loads a playlist by id and plays from its first song; an empty one logs 'No songs found'. */
  playPlaylistById(id: string): Promise<void>;
  /** The pool that 'next' at the end of the queue draws a random song from (bounded; see README). */
  setAllSongs(songs: PlayableSong[]): void;
}
