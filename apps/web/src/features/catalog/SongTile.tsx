import { Skeleton } from "@mantine/core";
import { memo, type ReactNode } from "react";
import { artistNameOf, coverOf } from "../../lib/format";
import { CoverArt } from "../../ui/CoverArt";
import { SkeletonLine } from "../../ui/layout/SkeletonLine";
import { PauseIcon, PlayIcon } from "../../ui/icons";
import { usePlaySong, type ListedSong } from "./usePlaySong";
import { MembersOnlyMark } from "./MembersOnlyMark";
import lines from "../../ui/text-lines.module.css";
import classes from "./SongTile.module.css";

/** 'card': a big cover for horizontal strips; 'compact': a small cover beside the text, for two-column grids. */
export type SongTileVariant = "card" | "compact";

const COVER_SIZE: Record<SongTileVariant, number> = { card: 132, compact: 56 };

export interface SongTileProps {
  song: ListedSong;
  queue: ListedSong[];
  variant?: SongTileVariant;
}

/**
 * A song as a tappable tile (Home): tapping plays, pauses or resumes it. Plain elements with Mantine's look
 * (UnstyledButton, Text): the tile re-renders in the tap that plays it, and Home's tiles are taken down in
 * the tap that opens a playlist. Memoized (with its queue kept by the screen): Home re-renders with the
 * listener's session, which changes nothing on a tile.
 */
export const SongTile = memo(function SongTile({ song, queue, variant = "card" }: SongTileProps) {
  const { isCurrent, isPlaying, locked, toggle } = usePlaySong(song, queue);
  return (
    <button
      type="button"
      className={`mantine-focus-auto ${classes.tile}`}
      data-variant={variant}
      onClick={toggle}
      aria-label={`${isPlaying ? "Pause" : "Play"} ${song.title}${locked ? " (Premium members only)" : ""}`}
      aria-pressed={isPlaying}
      data-testid="song-tile"
      data-current={isCurrent || undefined}
    >
      <div className={classes.cover}>
        <CoverArt src={coverOf(song)} size={COVER_SIZE[variant]} radius={variant === "card" ? 8 : 6} />
        {variant === "card" && (
          <span className={classes.badge} aria-hidden>
            {isPlaying ? <PauseIcon size={16} /> : <PlayIcon size={16} />}
          </span>
        )}
      </div>
      <div className={classes.text}>
        <p className={`${lines.title} ${classes.title}`}>{song.title}</p>
        <p className={lines.meta}>
          {locked && <MembersOnlyMark />}
          {artistNameOf(song)}
        </p>
      </div>
    </button>
  );
});

export function SongTileSkeletons({ count, variant = "card" }: { count: number; variant?: SongTileVariant }) {
  const size = COVER_SIZE[variant];
  return Array.from({ length: count }, (_, index) => (
    <div key={index} className={classes.tile} data-variant={variant} data-testid="skeleton" aria-hidden>
      <Skeleton width={size} height={size} className={classes.cover} />
      <div className={classes.text}>
        <SkeletonLine size="sm" width="80%" />
        <SkeletonLine size="xs" width="50%" />
      </div>
    </div>
  ));
}

/**
 * Where a strip of song cards would be, holding `children` (an empty-state message): as tall as the cards,
 * so that the screen below does not move whether the songs or the message arrive.
 */
export function SongTileStripSpace({ children }: { children: ReactNode }) {
  return <div className={classes.stripSpace}>{children}</div>;
}
