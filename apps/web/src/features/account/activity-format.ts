// How an activity entry reads: its line, where it leads and its picture. Pure, so it is tested alone.
import type { ActivityEntryDto } from "@purplebeats/contracts/schemas";
import { paths } from "../../lib/paths";

export interface ActivityLine {
  /** Where a tap on the row goes. */
  to: string;
  /** Who did it (a listener's name) or, for a release, the artist. */
  who: string;
  /** What they did, after the name. */
  what: string;
  imageUrl: string | null;
  /** Round picture for people, square for playlists, songs and albums. */
  round: boolean;
}

export function describeActivity(entry: ActivityEntryDto): ActivityLine {
  switch (entry.kind) {
    case "playlist":
      return {
        to: paths.playlist(entry.playlist.id),
        who: entry.listener.name,
        what: `${entry.updated ? "updated the playlist" : "made the playlist"} ${entry.playlist.name}`,
        imageUrl: entry.playlist.imageUrl,
        round: false,
      };
    case "like":
      return {
        to: entry.song.albumId ? paths.album(entry.song.albumId) : paths.artist(entry.song.artistId),
        who: entry.listener.name,
        what: `liked ${entry.song.title}${entry.song.artist ? ` by ${entry.song.artist.name}` : ""}`,
        imageUrl: entry.song.imageUrl,
        round: false,
      };
    case "artistFollow":
      return {
        to: paths.artist(entry.artist.id),
        who: entry.listener.name,
        what: `followed ${entry.artist.name}`,
        imageUrl: entry.artist.imageUrl,
        round: true,
      };
    case "release":
      return {
        to: paths.album(entry.album.id),
        who: entry.artist.name,
        what: `released ${entry.album.title}`,
        imageUrl: entry.album.imageUrl,
        round: false,
      };
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5m ago", "3h ago", "2d ago", then the date ("Mar 4, 2026"). */
export function formatAgo(at: string, now: number = Date.now()): string {
  const elapsed = now - Date.parse(at);
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return new Date(at).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** "9:41 PM": when a private session ends, in the listener's own clock. */
export const formatSessionEnd = (until: string) =>
  new Date(until).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
