// The player's public shape, shared by the screens (which call it) and the player module (which implements it).
import type { SleepChoice, SleepTimer } from "./sleep-choices";

/** What the player needs of a song: SPEC.md section 3 "Player state" plus what the mini player shows. */
export interface PlayableSong {
  id: string;
  title: string;
  audioUrl: string | null;
  duration: number;
  imageUrl?: string | null;
  /** Ids, when the screen has them, link to the artist and album pages. */
  artist?: { id?: string; name: string } | null;
  album?: { id?: string; title?: string; imageUrl: string | null } | null;
  genre?: string | null;
  /** EBU R128 loudness of the song (for normalisation); absent for songs not measured. */
  loudness?: SongLoudness | null;
}

export interface SongLoudness {
  trackLufs: number;
  trackPeakDb: number;
  albumLufs: number | null;
  albumPeakDb: number | null;
}

/**
 * Where the listener started the queue: an album (from its page) or a playlist. Album gain applies while an
 * album plays in order (reducer.ts `playsAlbumInOrder`); null for anything else (a song, search, a row).
 */
export type QueueSource = { kind: "album"; id: string } | { kind: "playlist"; id: string };

/** Off; the whole queue again after its end; the current song again after it ends. */
export type RepeatMode = "off" | "all" | "one";

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
  /** Radio: songs like the last ones (server-ranked, best first) that autoplay takes from when the queue ends. */
  radio: PlayableSong[];
  /** Queue entries from this index on were added by autoplay; the ones before it the listener chose. */
  autoplayFrom: number;
  repeat: RepeatMode;
  shuffle: boolean;
  /** What the queue was started from; null for a song or a list of no kind. */
  source: QueueSource | null;
  /** The last song whose audio could not be played (not found, not decodable, network), until another starts. */
  unplayable: UnplayableSong | null;
}

/** A song whose audio failed; the player stopped on it. */
export interface UnplayableSong {
  id: string;
  title: string;
}

export interface PlayerApi {
  state: PlayerState;
  /** Sets the queue to `list` (or just the song) and plays `song`; `source` says what the list is (an album). */
  play(song: PlayableSong, list?: PlayableSong[], source?: QueueSource): void;
  /** A song row's button: plays it, or pauses/resumes it when it is the current song. */
  toggleSong(song: PlayableSong, list?: PlayableSong[], source?: QueueSource): void;
  pause(): void;
  resume(): void;
  next(): void;
  previous(): void;
  seek(seconds: number): void;
  close(): void;
  toggleMute(): void;
  setVolume(volume: number): void;
  /** Queue = the playlist's (or album's, with its source) songs, plays the first. */
  startPlaylist(songs: PlayableSong[], source?: QueueSource): void;
  /** Loads a playlist by id and plays from its first song; an empty one logs 'No songs found'. */
  playPlaylistById(id: string): Promise<void>;
  /** 'Start radio': plays the song alone; autoplay then continues with songs like it. */
  startRadio(song: PlayableSong): void;
  /** Removes a queue entry; removing the current one plays the nearest remaining entry, or stops. */
  removeFromQueue(index: number): void;
  /** Plays the queue entry at `index` (the queue view); premium only, like skipping. */
  playFromQueue(index: number): void;
  /** Right after the current song (with nothing current, they wait as the queue). */
  playNext(songs: PlayableSong[]): void;
  /** After the chosen songs still to come, before what autoplay added. */
  addToQueue(songs: PlayableSong[]): void;
  /** Moves an upcoming queue entry to another upcoming place. */
  moveInQueue(from: number, to: number): void;
  /** Removes everything after the current song. */
  clearQueue(): void;
  setRepeat(repeat: RepeatMode): void;
  setShuffle(shuffle: boolean): void;
  /** Fade out and pause after some minutes, or stop at the end of the song; null turns it off. */
  setSleepTimer(choice: SleepChoice): void;
  sleepTimer: SleepTimer;
  /** Whether the current user may skip and seek (premium). */
  canSkipAndSeek: boolean;
  /** SPEC.md "audio-enable state": off until the enable button is tapped or playback starts. */
  audioEnabled: boolean;
  /** The browser refused to start the song without a gesture: the enable button shows though the state plays. */
  autoplayBlocked: boolean;
  /** The enable button: call from a user gesture; starts the current song where it stands. */
  enableAudio(): void;
}

/** The player's actions without its state: stable for the provider's lifetime. */
export type PlayerControls = Omit<
  PlayerApi,
  "state" | "canSkipAndSeek" | "audioEnabled" | "autoplayBlocked" | "sleepTimer"
>;

/** Just what a song row needs to show play or pause: changes only when the song or play state does. */
export interface NowPlaying {
  songId: string | null;
  isPlaying: boolean;
}
