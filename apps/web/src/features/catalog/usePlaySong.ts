import { useIsPremium } from "../account";
import { usePlayerControls, useSongPlayState, type PlayableSong, type QueueSource } from "../player";
import { promptPremium } from "../library";

/** A song as lists carry it: a members-only release ('Exclusive Content') plays for premium members only. */
export type ListedSong = PlayableSong & { membersOnly?: boolean };

/** Locked for this listener: members only, and the listener is not a premium member. */
export const isLocked = (song: ListedSong, isPremium: boolean) => !isPremium && song.membersOnly === true;

/**
 * What a song's play button needs: whether this song is the one playing, whether it is locked, and the
 * toggle. SPEC.md section 4: the button plays the song, or pauses/resumes it when it is already current.
 * A locked song shows the premium prompt instead (the server would answer its stream with 403), and a
 * non-member's queue leaves locked songs out, so that playback never moves on to one.
 * The one place screens read play state for a song: through the player's narrow subscription to this
 * song's state, so that a tap re-renders the rows whose song started or stopped, not the whole screenful
 * (nor any row with each tick of playback time, or with the player's song pool).
 */
export function usePlaySong(song: ListedSong, queue: ListedSong[], source?: QueueSource) {
  const controls = usePlayerControls();
  const playState = useSongPlayState(song.id);
  const isPremium = useIsPremium();
  const locked = isLocked(song, isPremium);
  return {
    isCurrent: playState !== "other",
    isPlaying: playState === "playing",
    locked,
    toggle: () => {
      if (locked) return promptPremium("exclusiveContent");
      const playable = queue.some((s) => isLocked(s, isPremium))
        ? queue.filter((s) => !isLocked(s, isPremium))
        : queue;
      // An album's list says so: the player then uses album gain while it plays in order.
      controls.toggleSong(song, playable, ...(source ? [source] : []));
    },
  };
}
