// The song's title and artist as links to its album and artist pages, where the song
// knows their ids; plain text otherwise. Names keep their own direction: a Latin title reads left to right
// in Arabic (and an Arabic one right to left in English), whatever punctuation or figures it ends with.
import { Anchor } from "@mantine/core";
import { memo, type ReactNode } from "react";
import { useT, type MessageKey } from "../../i18n";
import { ScreenLink } from "../../ui/screen-link";
import { paths } from "../../lib/paths";
import classes from "./song-links.module.css";
import type { PlayableSong } from "./types";
import { artistName } from "./ui-helpers";

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

/**
 * The props of a line that shows a name (a title, an artist): its direction is the name's own (`dir="auto"`),
 * so a long Latin title in Arabic is cut at its end, not its beginning, while the line stays aligned with the
 * page's reading direction (song-links.module.css).
 */
export const NAME_LINE = { dir: "auto", className: classes.nameLine } as const;

/** Where a message names a title (`{name}`): marks its place so the title can be drawn isolated. */
const NAME_MARK = "\uE000";

/**
 * A message that names a song or an album ('Album cover: {album}'), the name drawn in a <bdi>: the message's
 * words follow the page's direction and the name keeps its own.
 */
export function MessageNaming(props: { message: MessageKey; placeholder: string; name: string }) {
  const t = useT();
  const [before = "", after = ""] = t(props.message, { [props.placeholder]: NAME_MARK }).split(NAME_MARK);
  return (
    <>
      {before}
      <bdi>{props.name}</bdi>
      {after}
    </>
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
  const artist = artistName(song, useT());
  return (
    <>
      <p className={classes.title} data-testid={titleTestId} dir="auto">
        <PlainLink to={albumPathOf(song)}>{song.title}</PlainLink>
      </p>
      <p className={classes.artist} dir="auto">
        <PlainLink to={artistPathOf(song)}>{artist}</PlainLink>
      </p>
    </>
  );
});
