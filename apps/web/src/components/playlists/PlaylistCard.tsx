import { ActionIcon, Skeleton, Text } from "@mantine/core";
import { Link } from "react-router-dom";
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
  const play = () => {
    // The player logs a failed or empty playlist itself (SPEC.md section 8); nothing more to tell the listener.
    player.playPlaylistById(playlist.id).catch(() => undefined);
  };
  return (
    <div className={classes.card} data-testid="playlist-card">
      <Link to={paths.playlist(playlist.id)} className={classes.link}>
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

export function PlaylistCardSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <div key={index} className={classes.card} data-testid="skeleton" aria-hidden>
      <Skeleton width={CARD_SIZE} height={CARD_SIZE} />
      <SkeletonLine size="sm" width="70%" mt={8} />
      <SkeletonLine size="xs" width="40%" />
    </div>
  ));
}
