// How an activity entry reads: its line, where it leads and its picture. Pure, so it is tested alone.
import type { ActivityEntryDto } from "@purplebeats/contracts/schemas";
import type { Translate } from "../../i18n";
import { paths } from "../../lib/paths";

export interface ActivityLine {
  /** Where a tap on the row goes. */
  to: string;
  /** Who did it (a listener's name) or, for a release, the artist. */
  who: string;
  /** The whole line: who did what, in the listener's language. */
  text: string;
  imageUrl: string | null;
  /** Round picture for people, square for playlists, songs and albums. */
  round: boolean;
}

export function describeActivity(entry: ActivityEntryDto, t: Translate): ActivityLine {
  switch (entry.kind) {
    case "playlist":
      return {
        to: paths.playlist(entry.playlist.id),
        who: entry.listener.name,
        text: t(entry.updated ? "account.activityUpdatedPlaylist" : "account.activityMadePlaylist", {
          who: entry.listener.name,
          playlist: entry.playlist.name,
        }),
        imageUrl: entry.playlist.imageUrl,
        round: false,
      };
    case "like":
      return {
        to: entry.song.albumId ? paths.album(entry.song.albumId) : paths.artist(entry.song.artistId),
        who: entry.listener.name,
        text: entry.song.artist
          ? t("account.activityLikedBy", {
              who: entry.listener.name,
              song: entry.song.title,
              artist: entry.song.artist.name,
            })
          : t("account.activityLiked", { who: entry.listener.name, song: entry.song.title }),
        imageUrl: entry.song.imageUrl,
        round: false,
      };
    case "artistFollow":
      return {
        to: paths.artist(entry.artist.id),
        who: entry.listener.name,
        text: t("account.activityFollowed", { who: entry.listener.name, artist: entry.artist.name }),
        imageUrl: entry.artist.imageUrl,
        round: true,
      };
    case "release":
      return {
        to: paths.album(entry.album.id),
        who: entry.artist.name,
        text: t("account.activityReleased", { who: entry.artist.name, album: entry.album.title }),
        imageUrl: entry.album.imageUrl,
        round: false,
      };
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5m ago", "3h ago", "2d ago", then the date ("Mar 4, 2026"), in the listener's language. */
export function formatAgo(at: string, t: Translate, locale: string, now: number = Date.now()): string {
  const elapsed = now - Date.parse(at);
  if (elapsed < MINUTE) return t("account.justNow");
  if (elapsed < HOUR) return t("account.minutesAgo", { count: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return t("account.hoursAgo", { count: Math.floor(elapsed / HOUR) });
  if (elapsed < 7 * DAY) return t("account.daysAgo", { count: Math.floor(elapsed / DAY) });
  return new Date(at).toLocaleDateString(locale, {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}
