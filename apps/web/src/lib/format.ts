import type { Translate } from "../i18n";

/** A duration in whole seconds as m:ss (3:07, 12:45); minutes keep counting past an hour (61:40). */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${minutes}:${String(rest).padStart(2, "0")}`;
}

/** SPEC.md's 'N songs' ('1 song' for one): the language's plural forms (ICU), in the render's language. */
export function formatSongCount(count: number, t: Translate): string {
  return t("songs.count", { count });
}

/** SPEC.md section 3: a song whose artist is missing shows 'Unknown Artist' (in the render's language, given its `t`). */
export function artistNameOf(song: { artist?: { name: string } | null }, t?: Translate): string {
  return song.artist?.name || (t ? t("song.unknownArtist") : "Unknown Artist");
}

/** A song's picture: its own, else its album's. */
export function coverOf(song: { imageUrl?: string | null; album?: { imageUrl: string | null } | null }) {
  return song.imageUrl ?? song.album?.imageUrl ?? null;
}

/** An album's length as its page shows it: '23 min' (at least 1 min for a short one). */
export function formatMinutes(seconds: number, t: Translate): string {
  return t("album.minutes", { minutes: Math.max(1, Math.round(seconds / 60)) });
}
