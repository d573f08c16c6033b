import { Skeleton } from "@mantine/core";
import { ActionIcon } from "../../ui/ActionIcon";
import { ScreenLink } from "../../ui/screen-link";
import { paths } from "../../lib/paths";
import { usePlayerControls } from "../player";
import { PlayIcon } from "../../ui/icons";
import { PlaylistSummary } from "./PlaylistSummary";
import classes from "./PlaylistRow.module.css";
import { useT } from "../../i18n";

export interface PlaylistRowProps {
  playlist: { id: string; name: string; imageUrl: string | null; songCount: number };
}

/**
 * A playlist in a list: tapping opens it; its play button loads it and plays from its first song (disabled while
 * it has none).
 */
export function PlaylistRow({ playlist }: PlaylistRowProps) {
  const t = useT();
  const player = usePlayerControls();
  return (
    <div className={classes.row} data-testid="playlist-row">
      <ScreenLink to={paths.playlist(playlist.id)} className={classes.link}>
        <PlaylistSummary playlist={playlist} coverSize={52} textClassName={classes.text} />
      </ScreenLink>
      <ActionIcon
        variant="filled"
        aria-label={t("playlist.play", { name: playlist.name })}
        // Nothing to play in an empty playlist: dimmed and dead, as its page's Play All is.
        disabled={playlist.songCount === 0}
        // The player logs a failed or empty playlist itself (SPEC.md section 8).
        onClick={() => void player.playPlaylistById(playlist.id).catch(() => undefined)}
      >
        <PlayIcon size={18} />
      </ActionIcon>
    </div>
  );
}

export function PlaylistRowSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <div key={index} className={classes.row} data-testid="skeleton" aria-hidden>
      <Skeleton width={52} height={52} radius={6} />
      <span className={classes.text}>
        <Skeleton height={12} width="60%" mb={8} />
        <Skeleton height={10} width="30%" />
      </span>
    </div>
  ));
}
