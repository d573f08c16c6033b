import type { PlayableSong, QueueSource } from "../player";
import { useRowsShown } from "../../lib/deferred-query";
import { SongRow } from "./SongRow";

export interface SongListProps {
  songs: PlayableSong[];
  /** Show 1, 2, 3... before each song. */
  numbered?: boolean;
  /** What the list is, for screen readers ('Top Charts'). */
  label: string;
  /**
   * The rows rendered with the list (those a phone shows at once); the others follow in a background render
   * (lib/deferred-query.ts useRowsShown). All at once when unset.
   */
  firstRows?: number;
  /** The list is an album (its page): the queue it starts says so, for album gain. */
  source?: QueueSource;
}

/** Songs one under the other; playing any of them queues the whole list. */
export function SongList({ songs, numbered = false, label, firstRows, source }: SongListProps) {
  const shown = useRowsShown(songs.length, firstRows);
  return (
    <ul aria-label={label} style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {songs.slice(0, shown).map((song, index) => (
        <li key={`${song.id}-${index}`}>
          <SongRow song={song} queue={songs} source={source} number={numbered ? index + 1 : undefined} />
        </li>
      ))}
    </ul>
  );
}
