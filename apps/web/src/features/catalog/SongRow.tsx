import { memo, Suspense, useMemo, type MouseEvent, type ReactNode } from "react";
import { lazyChunk } from "../../lib/chunk-loading";
import { type LikeSongButtonProps, SongMenu, loadLikeSongButton } from "../library";
import { useRecordRenderedModule } from "../../first-screen/server-html";
import type { QueueSource } from "../player";
import { artistNameOf, coverOf, formatDuration } from "../../lib/format";
import { CoverArt } from "../../ui/CoverArt";
import { Placeholder } from "../../ui/layout/Placeholder";
import { PauseIcon, PlayIcon } from "../../ui/icons";
import { MembersOnlyMark } from "./MembersOnlyMark";
import { usePlaySong, type ListedSong } from "./usePlaySong";
import { ScreenLink } from "../../ui/screen-link";
import { paths } from "../../lib/paths";
import classes from "./SongRow.module.css";
import { useT } from "../../i18n";

// The heart (SPEC.md section 2: one per song) is code of its own, asked for as soon as a list's code runs (a
// page the server rendered with rows loads it at its start): an empty slot until it is here. Once it is, a
// row rendered after that has its heart at once, not an empty slot filled in a commit a moment later.
// Offline before it came, the slot stays empty until the network returns (lib/chunk-loading.tsx asks again).
const Heart = lazyChunk(loadLikeSongButton, { failed: () => null });
void Heart.preload().catch(() => undefined);

/** The heart's module, as Vite's manifest names it. */
const HEART_MODULE = "src/features/library/LikeSongButton.tsx";

function RowHeart(props: LikeSongButtonProps) {
  // Recorded by the server's render: the page's boot loads the heart's chunk with the screen's.
  useRecordRenderedModule(HEART_MODULE);
  return <Heart {...props} />;
}

export interface SongRowProps {
  song: ListedSong;
  /** The list this row belongs to: playing the song makes it the queue (SPEC.md section 4). */
  queue: ListedSong[];
  /** What that list is, when it is an album (its page): album gain while it plays in order. */
  source?: QueueSource;
  /** Position shown before the cover (playlists, charts). */
  number?: number;
  /** Per-song actions after the heart (the search page's add button). */
  actions?: ReactNode;
  /** The playlist page: its menu also offers the owner 'Remove from this playlist'. */
  menu?: { playlist: { id: string; name: string }; isOwner: boolean };
}

/** The row's cover, px (the playlist screen fetches its first rows' ahead at this size). */
export const ROW_COVER_SIZE = 48;

/** Taps on these keep their own meaning; a tap anywhere else on the row plays the song. */
const OWN_TAPS = "button, a, input, [role='menu'], [role='menuitem'], [role='dialog']";

/**
 * One song in a list (its text in plain elements styled by class, not Mantine's Text: a list's rows
 * render in the task that opens its screen, and each Text resolves its style props on every render): the cover (play/pause), title, artist and duration under it, the heart and the
 * song's menu. Tapping anywhere on the row plays the song, as in Spotify's lists. Memoized: a list adds
 * its rows below the fold in a second render, which leaves the rows above alone (opening a list).
 */
export const SongRow = memo(function SongRow({ song, queue, source, number, actions, menu }: SongRowProps) {
  const t = useT();
  const { isCurrent, isPlaying, locked, toggle } = usePlaySong(song, queue, source);
  // What does not follow playback, as the same elements from render to render: the song starting or pausing
  // renders the cover's icon and the row's mark, not the artist link, the heart or the menu.
  const artistAndLength = useMemo(
    () => (
      <>
        <ArtistName song={song} /> • <span className={classes.duration}>{formatDuration(song.duration)}</span>
      </>
    ),
    [song],
  );
  const rowActions = useMemo(
    () => (
      <>
        <Suspense fallback={<span className={classes.heart} />}>
          <RowHeart song={song} />
        </Suspense>
        {actions}
        <SongMenu song={song} playlist={menu?.playlist} isOwner={menu?.isOwner} />
      </>
    ),
    [song, actions, menu],
  );
  const onRowClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest(OWN_TAPS)) return;
    if (!event.currentTarget.contains(event.target as Node)) return; // a portal's click (menus)
    toggle();
  };
  return (
    // The row's click is a larger target for the cover's play button, which keyboards and readers use.
    <div
      className={classes.row}
      data-testid="song-row"
      data-current={isCurrent || undefined}
      onClick={onRowClick}
    >
      {number !== undefined && (
        <p className={classes.number} aria-hidden>
          {number}
        </p>
      )}
      <button
        type="button"
        className={`mantine-focus-auto ${classes.cover}`}
        onClick={toggle}
        aria-label={t(isPlaying ? "song.pause" : "song.play", { title: song.title })}
        aria-pressed={isPlaying}
      >
        <CoverArt src={coverOf(song)} size={ROW_COVER_SIZE} radius={6} />
        <span className={classes.coverIcon} data-shown={isCurrent || undefined} aria-hidden>
          {isPlaying ? <PauseIcon size={20} /> : <PlayIcon size={20} />}
        </span>
      </button>
      <div className={classes.text}>
        <p className={classes.title} data-testid="song-row-title" dir="auto">
          {song.title}
        </p>
        <p className={classes.meta}>
          {locked && <MembersOnlyMark />}
          {artistAndLength}
        </p>
      </div>
      {rowActions}
    </div>
  );
});

/** A row-shaped placeholder while songs load. */
export function SongRowSkeleton() {
  return (
    <div className={classes.row} data-testid="skeleton" aria-hidden>
      <Placeholder width={48} height={48} />
      <div className={classes.text}>
        <Placeholder height={12} width="70%" marginBottom={8} />
        <Placeholder height={10} width="40%" />
      </div>
    </div>
  );
}

/** `count` row placeholders (SPEC.md fixes the count per section). */
/** The artist's name, linking to its page when the song knows the artist's id. */
function ArtistName({ song }: { song: ListedSong }) {
  const t = useT();
  const id = song.artist?.id;
  // Isolated (dir): a Latin name keeps its order inside a right-to-left line, the duration after it.
  if (!id) return <span dir="auto">{artistNameOf(song, t)}</span>;
  return (
    <ScreenLink to={paths.artist(id)} className={classes.artistLink} dir="auto">
      {artistNameOf(song, t)}
    </ScreenLink>
  );
}

export function SongRowSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => <SongRowSkeleton key={index} />);
}
