// Sharing a song, album, artist or playlist: Pi's share dialog inside the Pi Browser, the Web Share API
// where the browser has it, else the link copied to the clipboard.
import { piSdk } from "./pi-sdk";
import { paths } from "./paths";
import { showToast } from "./toast";
import { translate } from "../i18n";

export interface ShareTarget {
  title: string;
  /** A sentence for the message ('Listen to Neon by Aurora on PurpleBeats'). */
  text: string;
  /** Path on this site ('/album/...'); made absolute here. */
  path: string;
}

export type ShareOutcome = "pi" | "web-share" | "copied" | "cancelled" | "failed";

interface ShareEnvironment {
  userAgent: string;
  pi?: { openShareDialog?: (title: string, message: string) => void };
  share?: (data: ShareData) => Promise<void>;
  copy?: (text: string) => Promise<void>;
  origin: string;
}

/** The Pi Browser names itself in its user agent; Pi's SDK script also loads in ordinary browsers. */
export function isPiBrowser(userAgent: string): boolean {
  return /PiBrowser/i.test(userAgent);
}

export async function shareWith(target: ShareTarget, env: ShareEnvironment): Promise<ShareOutcome> {
  const url = new URL(target.path, env.origin).toString();
  if (isPiBrowser(env.userAgent) && typeof env.pi?.openShareDialog === "function") {
    env.pi.openShareDialog(target.title, `${target.text} ${url}`);
    return "pi";
  }
  if (env.share) {
    try {
      await env.share({ title: target.title, text: target.text, url });
      return "web-share";
    } catch (error) {
      // The listener closed the sheet: nothing to tell. Any other failure falls back to copying.
      if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
    }
  }
  if (!env.copy) return "failed";
  try {
    await env.copy(url);
    return "copied";
  } catch {
    return "failed";
  }
}

/** Shares from a tap in the browser, with a toast for the copied link or a failure. */
export async function share(target: ShareTarget): Promise<ShareOutcome> {
  const nav = typeof navigator === "undefined" ? undefined : navigator;
  const outcome = await shareWith(target, {
    userAgent: nav?.userAgent ?? "",
    pi: piSdk() as ShareEnvironment["pi"],
    share: typeof nav?.share === "function" ? (data) => nav.share(data) : undefined,
    copy: nav?.clipboard ? (text) => nav.clipboard.writeText(text) : undefined,
    origin: window.location.origin,
  });
  if (outcome === "copied") showToast({ title: translate("share.copied"), message: target.title });
  if (outcome === "failed")
    showToast({ title: translate("share.failed"), message: translate("share.failedText") });
  return outcome;
}

/** A song as sharing reads it (the player's PlayableSong, and a listed song, have these fields). */
export interface SharedSong {
  title: string;
  artist?: { id?: string; name: string } | null;
  album?: { id?: string } | null;
}

/** The page a shared song opens: its album, else its artist, else a search for it. */
export function sharePathOf(song: SharedSong): string {
  if (song.album?.id) return paths.album(song.album.id);
  if (song.artist?.id) return paths.artist(song.artist.id);
  return paths.searchFor(song.title);
}

/** Shares a song: the dialog, the share sheet or the copied link (lib/share). */
export function shareSong(song: SharedSong): void {
  const artist = song.artist?.name ?? translate("song.unknownArtist");
  void share({
    title: song.title,
    text: translate("share.songText", { title: song.title, artist }),
    path: sharePathOf(song),
  });
}

/** What a shared album, artist or playlist says: its page, its name, and whose it is when known. */
export const shareTargets = {
  album: (album: { id: string; title: string; artist?: { name: string } | null }): ShareTarget => ({
    title: album.title,
    text: album.artist
      ? translate("share.songText", { title: album.title, artist: album.artist.name })
      : translate("share.text", { name: album.title }),
    path: paths.album(album.id),
  }),
  artist: (artist: { id: string; name: string }): ShareTarget => ({
    title: artist.name,
    text: translate("share.text", { name: artist.name }),
    path: paths.artist(artist.id),
  }),
  playlist: (playlist: { id: string; name: string }): ShareTarget => ({
    title: playlist.name,
    text: translate("share.playlistText", { name: playlist.name }),
    path: paths.playlist(playlist.id),
  }),
};
