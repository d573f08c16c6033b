import { ActionIcon, Skeleton, Text } from "@mantine/core";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { preloadScreen } from "../../App";
import { afterFirstScreen } from "../../app/after-first-screen";
import { trpc } from "../../lib/trpc";
import { usePlayerControls } from "../../player";
import { formatSongCount } from "../../lib/format";
import { paths } from "../../lib/paths";
import { CoverArt } from "../CoverArt";
import { SkeletonLine } from "../layout/SkeletonLine";
import { PlayIcon } from "../icons";
import classes from "./PlaylistCard.module.css";

const CARD_SIZE = 148;

export interface PlaylistSummary {
  id: string;
  name: string;
  imageUrl: string | null;
  songCount: number;
}

/** A playlist as a card: tapping opens it; the play button loads it and plays from its first song. */
export function PlaylistCard({ playlist, priority }: { playlist: PlaylistSummary; priority?: boolean }) {
  const player = usePlayerControls();
  const { prefetch } = usePlaylistPrefetch(playlist.id);
  const play = () => {
    // The player logs a failed or empty playlist itself (SPEC.md section 8); nothing more to tell the listener.
    player.playPlaylistById(playlist.id).catch(() => undefined);
  };
  return (
    <div className={classes.card} data-testid="playlist-card">
      <Link
        to={paths.playlist(playlist.id)}
        className={classes.link}
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
      >
        <CoverArt src={playlist.imageUrl} size={CARD_SIZE} priority={priority} />
        <Text size="sm" fw={600} mt={8} truncate>
          {playlist.name}
        </Text>
        <Text size="xs" c="dimmed">
          {formatSongCount(playlist.songCount)}
        </Text>
      </Link>
      <ActionIcon
        className={classes.play}
        variant="filled"
        onClick={play}
        aria-label={`Play ${playlist.name}`}
      >
        <PlayIcon size={18} />
      </ActionIcon>
    </div>
  );
}

/** Once per page: every card asks. */
let playlistScreen: Promise<void> | undefined;
const preloadPlaylistScreen = (id: string) => void (playlistScreen ??= preloadScreen(paths.playlist(id)));

/**
 * Opening a playlist answers at once (issue 17: a tap within 100 ms): the playlist screen's code (and its
 * stylesheet, whose arrival restyles the whole document) loads once the page is idle, and the playlist's
 * songs are asked for as the finger lands or the pointer arrives, before the click.
 */
function usePlaylistPrefetch(id: string) {
  const utils = trpc.useUtils();
  useEffect(() => afterFirstScreen(() => preloadPlaylistScreen(id)), [id]);
  return {
    // The code is on its way already: the first touch of the page starts what waited for idle.
    prefetch: () => void utils.playlists.byId.prefetch({ id }),
  };
}

export function PlaylistCardSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <div key={index} className={classes.card} data-testid="skeleton" aria-hidden>
      <Skeleton width={CARD_SIZE} height={CARD_SIZE} />
      <SkeletonLine size="sm" width="70%" mt={8} />
      <SkeletonLine size="xs" width="40%" />
    </div>
  ));
}
