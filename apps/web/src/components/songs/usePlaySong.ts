import { usePlayer } from "../../player";
import type { PlayableSong } from "../../player/types";

/**
 * What a song's play button needs: whether this song is the one playing, and the toggle.
 * SPEC.md section 4: the button plays the song, or pauses/resumes it when it is already current.
 * The one place screens read play state for a song, should the player offer a cheaper subscription later.
 */
export function usePlaySong(song: PlayableSong, queue: PlayableSong[]) {
  const player = usePlayer();
  const isCurrent = player.state.currentSong?.id === song.id;
  return {
    isCurrent,
    isPlaying: isCurrent && player.state.isPlaying,
    toggle: () => player.toggleSong(song, queue),
  };
}
