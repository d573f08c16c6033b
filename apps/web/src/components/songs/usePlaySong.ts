import { useNowPlaying, usePlayerControls } from "../../player";
import type { PlayableSong, QueueSource } from "../../player/types";

/**
 * What a song's play button needs: whether this song is the one playing, and the toggle.
 * SPEC.md section 4: the button plays the song, or pauses/resumes it when it is already current.
 * The one place screens read play state for a song: through the player's narrow subscriptions, so that a
 * screenful of rows re-renders only when the current song or play state changes (not with every tick of
 * playback time, nor with the player's song pool).
 */
export function usePlaySong(song: PlayableSong, queue: PlayableSong[], source?: QueueSource) {
  const controls = usePlayerControls();
  const now = useNowPlaying();
  const isCurrent = now.songId === song.id;
  return {
    isCurrent,
    isPlaying: isCurrent && now.isPlaying,
    // An album's list says so: the player then uses album gain while it plays in order.
    toggle: () => controls.toggleSong(song, queue, ...(source ? [source] : [])),
  };
}
