// The search page's results while adding songs to a playlist (/search?q={text}&playlist={id}), each with an
// add button. A module of its own, loaded only in that mode: the add button's playlist actions are not
// part of a plain search's first screen (budget: 170 KB gzip).
import type { PlaylistDetailDto, SongDto } from "@purplebeats/contracts/schemas";
import { AddSongButton } from "../library";
import { SongRow } from "../catalog";

export interface AddableSongsProps {
  songs: SongDto[];
  target: PlaylistDetailDto;
  label: string;
  /** The list's class (the search page's own list style). */
  className?: string;
}

export function AddableSongs({ songs, target, label, className }: AddableSongsProps) {
  const inPlaylist = new Set(target.songs.map((song) => song.id));
  return (
    <ul aria-label={label} className={className}>
      {songs.map((song) => (
        <li key={song.id}>
          <SongRow
            song={song}
            queue={songs}
            actions={<AddSongButton song={song} playlist={target} added={inPlaylist.has(song.id)} />}
          />
        </li>
      ))}
    </ul>
  );
}
