import type { SearchResultDto } from "@purplebeats/contracts/schemas";
import { artistNameOf, formatSongCount } from "../../lib/format";
import { paths } from "../../lib/paths";
import { translate, type Translate } from "../../i18n";

/** One line of the search box's dropdown: what it shows and where choosing it leads. */
export interface Suggestion {
  kind: "song" | "playlist" | "artist";
  id: string;
  label: string;
  detail: string;
  /** Songs run the search with their title; playlists and artists open their page. */
  target: (playlistId: string | null) => string;
}

/**
 * At most `limit` suggestions, shared fairly between songs, playlists and artists (taken in turns, so eight
 * matching songs cannot hide the one matching artist), shown grouped by kind in that order.
 */
export function pickSuggestions(
  result: SearchResultDto,
  limit: number,
  t: Translate = translate,
): Suggestion[] {
  const groups: Suggestion[][] = [
    result.songs.map((song) => ({
      kind: "song" as const,
      id: song.id,
      label: song.title,
      detail: artistNameOf(song, t),
      target: (playlistId: string | null) => paths.searchFor(song.title, playlistId),
    })),
    result.playlists.map((playlist) => ({
      kind: "playlist" as const,
      id: playlist.id,
      label: playlist.name,
      detail: t("search.playlistDetail", { songs: formatSongCount(playlist.songCount, t) }),
      target: () => paths.playlist(playlist.id),
    })),
    result.artists.map((artist) => ({
      kind: "artist" as const,
      id: artist.id,
      label: artist.name,
      detail: t("search.artist"),
      target: () => paths.artist(artist.id),
    })),
  ];
  const taken = groups.map(() => 0);
  let room = limit;
  const hasMore = () => groups.some((group, index) => (taken[index] ?? 0) < group.length);
  while (room > 0 && hasMore()) {
    groups.forEach((group, index) => {
      if (room > 0 && (taken[index] ?? 0) < group.length) {
        taken[index] = (taken[index] ?? 0) + 1;
        room -= 1;
      }
    });
  }
  return groups.flatMap((group, index) => group.slice(0, taken[index]));
}
