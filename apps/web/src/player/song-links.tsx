// The song's title and artist as links to its album and artist pages (issue 15, item 3), where the song
// knows their ids; plain text otherwise.
import { Anchor, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { paths } from "../lib/paths";
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
    <Anchor component={Link} to={props.to} replace={props.replace} c={props.color} inherit>
      {props.children}
    </Anchor>
  );
}

export const albumPathOf = (song: PlayableSong) => (song.album?.id ? paths.album(song.album.id) : null);
export const artistPathOf = (song: PlayableSong) => (song.artist?.id ? paths.artist(song.artist.id) : null);

/** The mini player's two lines: title (to the album) and artist (to the artist), each cut to one line. */
export function SongLinks({ song, titleTestId }: { song: PlayableSong; titleTestId: string }) {
  return (
    <>
      <Text size="sm" fw={600} truncate data-testid={titleTestId}>
        <LinkedName to={albumPathOf(song)} color="white">
          {song.title}
        </LinkedName>
      </Text>
      <Text size="xs" c="gray.5" truncate>
        <LinkedName to={artistPathOf(song)} color="gray.5">
          {song.artist?.name ?? "Unknown Artist"}
        </LinkedName>
      </Text>
    </>
  );
}
