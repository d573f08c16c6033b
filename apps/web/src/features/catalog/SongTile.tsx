import { Skeleton } from "@mantine/core";
import { memo, type ReactNode } from "react";
import { artistNameOf, coverOf } from "../../lib/format";
import { CoverArt } from "../../ui/CoverArt";
import { SkeletonLine } from "../../ui/layout/SkeletonLine";
import { PauseIcon, PlayIcon } from "../../ui/icons";
import { usePlaySong, type ListedSong } from "./usePlaySong";
import { MembersOnlyMark } from "./MembersOnlyMark";
import lines from "../../ui/text-lines.module.css";
import { useT } from "../../i18n";
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
  const t = useT();
  const { isCurrent, isPlaying, locked, toggle } = usePlaySong(song, queue);
  return (
    <button
      type="button"
      className={`mantine-focus-auto ${classes.tile}`}
      data-variant={variant}
      onClick={toggle}
      aria-label={
        t(isPlaying ? "song.pause" : "song.play", { title: song.title }) +
        (locked ? ` (${t("song.membersOnly")})` : "")
      }
      aria-pressed={isPlaying}
      data-testid="song-tile"
      data-current={isCurrent || undefined}
    >
      <div className={classes.cover}>
        <CoverArt src={coverOf(song)} size={COVER_SIZE[variant]} radius={variant === "card" ? 8 : 6} />
      </div>
      <div className={classes.text}>
        <p className={`${variant === "card" ? lines.cardTitle : lines.title} ${classes.title}`} dir="auto">
          {song.title}
        </p>
        <div className={classes.metaRow}>
          <p className={`${lines.meta} ${classes.meta}`} dir="auto">
            {locked && <MembersOnlyMark />}
            {artistNameOf(song, t)}
          </p>
          {/* Beside the artist, under the cover and the title: on the cover it hid the end of the cover's
              lettering (DESIGN.md, "Artwork"). */}
          {variant === "card" && (
            <span className={classes.badge} aria-hidden data-play-mark>
              {isPlaying ? <PauseIcon size={12} /> : <PlayIcon size={12} />}
            </span>
          )}
        </div>
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
        {variant === "card" && <SkeletonLine size="sm" width="50%" />}
        <div className={classes.metaRow}>
          <SkeletonLine size="xs" width="50%" />
        </div>
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
