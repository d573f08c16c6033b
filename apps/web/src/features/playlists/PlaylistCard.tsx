import { Skeleton } from "@mantine/core";
import { useT } from "../../i18n";
import { memo, useCallback, useEffect, useRef, type MouseEvent } from "react";
import { opensInThisTab, ScreenLink, useNavigateTo } from "../../ui/screen-link";
import { preloadScreen } from "../../first-screen/lazy-screens";
import { useHasSession } from "../account";
import { afterFirstScreen } from "../../first-screen/after-first-screen";
import { whenIdleTogether } from "../../first-screen/when-idle";
import { arrivedOrWaited } from "../../lib/arriving-data";
import { trpc } from "../../lib/trpc";
import { usePlayerControls } from "../player";
import { formatSongCount } from "../../lib/format";
import { paths } from "../../lib/paths";
import { CoverArt } from "../../ui/CoverArt";
import { RoundIconButton } from "../../ui/RoundIconButton";
import { SkeletonLine } from "../../ui/layout/SkeletonLine";
import { preloadPlaylistMenu } from "../library";
import { warmPlaylistScreen } from "./playlist-screen";
import { PlayIcon } from "../../ui/icons";
import classes from "./PlaylistCard.module.css";

const CARD_SIZE = 148;
/** The latest a first card's songs wait for an idle moment before they are asked for. */
const SONGS_IDLE_TIMEOUT_MS = 5_000;

export interface PlaylistSummary {
  id: string;
  name: string;
  imageUrl: string | null;
  songCount: number;
}

export interface PlaylistCardProps {
  playlist: PlaylistSummary;
  /** Its picture is one of the first screen's large ones (fetched at once, first). */
  priority?: boolean;
  /**
   * A card the first screen shows (Home's first cards): its songs are asked for once the page is idle, so that
   * a tap opens the playlist at once, with none of the request's work in the tap.
   */
  songsWhenIdle?: boolean;
}

/**
 * A playlist as a card: tapping opens it; the play button loads it and plays from its first song. The button
 * sits beside the name, under the cover: on the cover it hid the end of a cover's lettering (DESIGN.md,
 * "Artwork"), and the name wraps to two lines beside it rather than being cut. Memoized:
 * the screens around it re-render with the listener's session, which changes nothing on a card.
 */
export const PlaylistCard = memo(function PlaylistCard({
  playlist,
  priority,
  songsWhenIdle = false,
}: PlaylistCardProps) {
  const player = usePlayerControls();
  const t = useT();
  const { prefetch, open } = usePlaylistPrefetch(playlist.id, songsWhenIdle);
  const play = () => {
    // The player logs a failed or empty playlist itself (SPEC.md section 8); nothing more to tell the listener.
    player.playPlaylistById(playlist.id).catch(() => undefined);
  };
  return (
    <div className={classes.card} data-testid="playlist-card">
      <ScreenLink
        to={paths.playlist(playlist.id)}
        className={classes.link}
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
        onClick={open}
      >
        <CoverArt src={playlist.imageUrl} size={CARD_SIZE} priority={priority} />
        {/* Plain elements with Mantine's looks: Home's whole tree is taken down in the tap that opens a
            playlist, each Mantine component's several fibers with it. */}
        {/* The name keeps its own direction inside the page's (a <bdi>): the paragraph's room for the play
            button stays at the page's end, where the button is. */}
        <p className={classes.name}>
          <bdi>{playlist.name}</bdi>
        </p>
        <p className={classes.count}>{formatSongCount(playlist.songCount, t)}</p>
      </ScreenLink>
      <RoundIconButton
        className={classes.play}
        tone="filled"
        onClick={play}
        aria-label={t("playlist.play", { name: playlist.name })}
        disabled={playlist.songCount === 0}
      >
        <PlayIcon size={18} />
      </RoundIconButton>
    </div>
  );
});

/** Once per page: every card asks. The screen's menu's code comes with the screen's. */
let playlistScreen: Promise<unknown> | undefined;
const preloadPlaylistScreen = (id: string) =>
  void (playlistScreen ??= Promise.all([preloadScreen(paths.playlist(id)), preloadPlaylistMenu()]));

/**
 * Opening a playlist answers at once (a tap within 100 ms): the playlist screen's code (and its
 * stylesheet, whose arrival restyles the whole document) and its menu's load once the page is idle, the
 * playlist's songs are asked for at idle too for the first screen's cards (`songsWhenIdle`, not on a
 * connection that saves data), then the pictures the screen shows first, and otherwise as the finger lands or
 * the pointer arrives, before the click, and the click opens the screen when they are here (within
 * ARRIVING_DATA_WAIT_MS), so that it mounts without its loading screen.
 */
function usePlaylistPrefetch(id: string, songsWhenIdle: boolean) {
  const utils = trpc.useUtils();
  const navigateTo = useNavigateTo();
  const mounted = useMounted();
  /** The songs' request made at the touch (or at idle), until the click has used it. */
  const asked = useRef<Promise<void> | null>(null);
  const opening = useRef(false);
  const prefetch = useCallback(() => {
    // A tap is a pointerenter, a touchstart and a focus: one request's bookkeeping, not three, in the tap;
    // none when the songs are here already (asked for at idle).
    if (asked.current || utils.playlists.byId.getData({ id })) return;
    const request = utils.playlists.byId.prefetch({ id }).finally(() => {
      if (asked.current === request) asked.current = null;
    });
    asked.current = request;
  }, [utils, id]);
  useEffect(() => afterFirstScreen(() => preloadPlaylistScreen(id)), [id]);
  // Asked as the listener: songs read before a first visit's guest session exists are read again once it
  // does (features/account/session.ts), and the tap would pay for that read after all.
  const hasSession = useHasSession();
  // In an idle moment of its own, after the first screen's work: a first tap (which starts that work) does
  // not ask for every card's songs inside its own task. The screen's first pictures follow the songs.
  useEffect(() => {
    if (!songsWhenIdle || !hasSession || savesData()) return;
    let cancelIdle = () => {};
    let cancelled = false;
    const songsThenPictures = () => {
      prefetch();
      void (asked.current ?? Promise.resolve()).then(() => {
        const playlist = utils.playlists.byId.getData({ id });
        if (playlist && !cancelled) warmPlaylistScreen(playlist);
      });
    };
    const cancelFirst = afterFirstScreen(
      () => (cancelIdle = whenIdleTogether(songsThenPictures, SONGS_IDLE_TIMEOUT_MS)),
    );
    return () => {
      cancelled = true;
      cancelFirst();
      cancelIdle();
    };
  }, [songsWhenIdle, hasSession, prefetch, utils, id]);
  return {
    // The code is on its way already: the first touch of the page starts what waited for idle.
    prefetch,
    open: (event: MouseEvent<HTMLAnchorElement>) => {
      if (!opensInThisTab(event)) return;
      if (opening.current) return event.preventDefault(); // a second tap while the songs arrive
      if (!asked.current || utils.playlists.byId.getData({ id })) return;
      event.preventDefault();
      opening.current = true;
      void arrivedOrWaited(asked.current).then(() => {
        opening.current = false;
        // Home gone meanwhile (the listener went elsewhere): that choice stands.
        if (mounted.current) navigateTo(paths.playlist(id));
      });
    },
  };
}

/** The listener asked their browser to save data, or the connection is as slow as 2G: nothing is fetched ahead. */
function savesData(): boolean {
  const connection = (navigator as { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  return connection?.saveData === true || /(^|-)2g$/.test(connection?.effectiveType ?? "");
}

function useMounted() {
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

export function PlaylistCardSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <div key={index} className={classes.card} data-testid="skeleton" aria-hidden>
      <Skeleton width={CARD_SIZE} height={CARD_SIZE} />
      <SkeletonLine size="sm" width="70%" mt={8} />
      <SkeletonLine size="sm" width="45%" />
      <SkeletonLine size="xs" width="40%" />
    </div>
  ));
}
