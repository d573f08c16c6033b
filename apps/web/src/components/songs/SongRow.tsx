import { ActionIcon, Skeleton, Text } from "@mantine/core";
import { lazy, Suspense, type ReactNode } from "react";
import type { PlayableSong } from "../../player/types";
import { artistNameOf, coverOf, formatDuration } from "../../lib/format";
import { CoverArt } from "../CoverArt";
import { PauseIcon, PlayIcon } from "../icons";
import { usePlaySong } from "./usePlaySong";
import classes from "./SongRow.module.css";

// The heart (SPEC.md section 2: one per song) arrives after the first paint: an empty slot until then.
const LikeSongButton = lazy(() => import("../library/LikeSongButton"));

export interface SongRowProps {
  song: PlayableSong;
  /** The list this row belongs to: playing the song makes it the queue (SPEC.md section 4). */
  queue: PlayableSong[];
  /** Position shown before the cover (playlists, charts). */
  number?: number;
  /** Per-song actions after the heart (the playlist page's song menu, the search page's add button). */
  actions?: ReactNode;
}

/** One song in a list: cover, title, artist, duration, the heart and a play/pause button. */
export function SongRow({ song, queue, number, actions }: SongRowProps) {
  const { isCurrent, isPlaying, toggle } = usePlaySong(song, queue);
  return (
    <div className={classes.row} data-testid="song-row" data-current={isCurrent || undefined}>
      {number !== undefined && (
        <Text className={classes.number} c="dimmed" size="sm" aria-hidden>
          {number}
        </Text>
      )}
      <CoverArt src={coverOf(song)} size={48} radius={6} />
      <div className={classes.text}>
        <Text className={classes.title} fw={600} size="sm" truncate>
          {song.title}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {artistNameOf(song)}
        </Text>
      </div>
      <Text size="xs" c="dimmed" className={classes.duration}>
        {formatDuration(song.duration)}
      </Text>
      <Suspense fallback={<span className={classes.heart} />}>
        <LikeSongButton song={song} />
      </Suspense>
      {actions}
      <ActionIcon
        size={40}
        variant={isCurrent ? "filled" : "subtle"}
        onClick={toggle}
        aria-label={`${isPlaying ? "Pause" : "Play"} ${song.title}`}
        aria-pressed={isPlaying}
      >
        {isPlaying ? <PauseIcon size={18} /> : <PlayIcon size={18} />}
      </ActionIcon>
    </div>
  );
}

/** A row-shaped placeholder while songs load. */
export function SongRowSkeleton() {
  return (
    <div className={classes.row} data-testid="skeleton" aria-hidden>
      <Skeleton width={48} height={48} />
      <div className={classes.text}>
        <Skeleton height={12} width="70%" mb={8} />
        <Skeleton height={10} width="40%" />
      </div>
    </div>
  );
}

/** `count` row placeholders (SPEC.md fixes the count per section). */
export function SongRowSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => <SongRowSkeleton key={index} />);
}
