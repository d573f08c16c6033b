// The song's title and artist as links to its album and artist pages, where the song
// knows their ids; plain text otherwise.
import { Anchor } from "@mantine/core";
import { memo, type ReactNode } from "react";
import { ScreenLink } from "../../ui/screen-link";
import { paths } from "../../lib/paths";
import classes from "./song-links.module.css";
import type { PlayableSong } from "./types";

/** A link to `to` when there is one, else the text as it is. */
export function LinkedName(props: {
  to: string | null;
  replace?: boolean;
  color: string;
  children: ReactNode;
}) {
  if (!props.to) return <>{props.children}</>;
  return (
    <Anchor component={ScreenLink} to={props.to} replace={props.replace} c={props.color} inherit>
      {props.children}
    </Anchor>
  );
}

export const albumPathOf = (song: PlayableSong) => (song.album?.id ? paths.album(song.album.id) : null);
export const artistPathOf = (song: PlayableSong) => (song.artist?.id ? paths.artist(song.artist.id) : null);

/** A line's link, or its text where the song knows no page for it. */
function PlainLink({ to, children }: { to: string | null; children: ReactNode }) {
  if (!to) return <>{children}</>;
  return (
    <ScreenLink to={to} className={`mantine-focus-auto ${classes.link}`}>
      {children}
    </ScreenLink>
  );
}

/**
 * The mini player's two lines: title (to the album) and artist (to the artist), each cut to one line.
 * Plain elements with Mantine's Text and Anchor look: the mini player is rendered in the tap that starts a song.
 */
export const SongLinks = memo(function SongLinks({
  song,
  titleTestId,
}: {
  song: PlayableSong;
  titleTestId: string;
}) {
  return (
    <>
      <p className={classes.title} data-testid={titleTestId}>
        <PlainLink to={albumPathOf(song)}>{song.title}</PlainLink>
      </p>
      <p className={classes.artist}>
        <PlainLink to={artistPathOf(song)}>{song.artist?.name ?? "Unknown Artist"}</PlainLink>
      </p>
    </>
  );
});
