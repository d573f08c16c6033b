// The rows of the profile screens' lists (playlists, artists, listeners): a picture, a name and a line
// under it, the whole row a link.
import { Text } from "@mantine/core";
import { useT } from "../../i18n";
import type { PlaylistDto } from "@purplebeats/contracts/schemas";
import type { ReactNode } from "react";
import { CoverArt } from "../../ui/CoverArt";
import { ScreenLink } from "../../ui/screen-link";
import { formatSongCount } from "../../lib/format";
import { paths } from "../../lib/paths";
import classes from "./RowLink.module.css";

export function RowList({
  label,
  ordered = false,
  children,
}: {
  label: string;
  ordered?: boolean;
  children: ReactNode;
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <List className={classes.list} aria-label={label}>
      {children}
    </List>
  );
}

export function RowLink({
  to,
  picture,
  title,
  subtitle,
}: {
  to: string;
  picture: ReactNode;
  title: string;
  subtitle: ReactNode;
}) {
  return (
    <ScreenLink to={to} className={classes.row}>
      {picture}
      <span>
        <Text fw={600} size="sm" component="span" display="block">
          {title}
        </Text>
        <Text size="xs" c="dimmed" component="span" display="block">
          {subtitle}
        </Text>
      </span>
    </ScreenLink>
  );
}

export function PlaylistRowLink({ playlist }: { playlist: PlaylistDto }) {
  const t = useT();
  return (
    <RowLink
      to={paths.playlist(playlist.id)}
      picture={<CoverArt src={playlist.imageUrl} size={48} radius={6} />}
      title={playlist.name}
      subtitle={formatSongCount(playlist.songCount, t)}
    />
  );
}
