// Open Graph for shared links: /artist/{id}, /album/{id} and /playlist/{id} answer with
// og:title, og:description and og:image in the page's server-rendered head, so that a link pasted in
// a chat or a post shows the item's name and cover (preview bots run no JavaScript). The words around the
// names are in the page's language (page-locale.ts), from the server's catalogs.
import type { CatalogService } from "@purplebeats/contracts";
import type { Locale } from "@purplebeats/contracts/constants";
import { translatorFor } from "../../infra/i18n/translator.js";

export interface OpenGraph {
  title: string;
  description: string;
  /** A path or URL of the picture; made absolute with the page's origin. */
  image: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLAYLIST_ID = /^[A-Za-z0-9_-]{1,100}$/;
/** A length as a preview says it: '23 min' (at least 1 min). */
const minutesOf = (seconds: number) => Math.max(1, Math.round(seconds / 60));

/** The Open Graph of the page at `pathname` in `locale`, or null for other pages and items that are not shown. */
export async function openGraphOf(
  catalog: CatalogService,
  pathname: string,
  locale: Locale,
): Promise<OpenGraph | null> {
  const t = translatorFor(locale);
  const [, kind, id = "", extra] = pathname.split("/");
  if (extra !== undefined) return null;
  const decoded = decodeURIComponent(id);
  if (kind === "artist" && UUID.test(decoded)) {
    const artist = await catalog.artist(decoded);
    if (!artist) return null;
    return { title: artist.name, description: t("og.artist"), image: artist.imageUrl };
  }
  if (kind === "album" && UUID.test(decoded)) {
    const album = await catalog.album(decoded);
    if (!album) return null;
    const parts = [
      t("og.albumBy", { artist: album.artist?.name ?? t("og.unknownArtist") }),
      album.year ? String(album.year) : null,
      t("og.albumLength", { count: album.songCount, minutes: minutesOf(album.duration) }),
    ];
    return { title: album.title, description: parts.filter(Boolean).join(" • "), image: album.imageUrl };
  }
  if (kind === "playlist" && PLAYLIST_ID.test(decoded)) {
    // A guest's view (the page may be cached for every first visit): a private playlist's link tells nothing.
    const playlist = await catalog.playlist(decoded, null);
    if (!playlist) return null;
    return {
      title: playlist.name,
      description: playlist.description || t("og.playlist", { count: playlist.songCount }),
      image: playlist.imageUrl,
    };
  }
  return null;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The page with the item's title and Open Graph tags in its head (`origin` makes the picture's URL absolute). */
export function withOpenGraph(html: string, og: OpenGraph, origin: string): string {
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeAttribute(content)}">`;
  const tags = [
    meta("og:type", "website"),
    meta("og:site_name", "PurpleBeats"),
    meta("og:title", og.title),
    meta("og:description", og.description),
    ...(og.image ? [meta("og:image", new URL(og.image, origin).href)] : []),
    `<meta name="description" content="${escapeAttribute(og.description)}">`,
  ].join("");
  const title = `<title>${escapeAttribute(og.title)} • PurpleBeats</title>`;
  return html.replace(/<title>[^<]*<\/title>/, () => title + tags);
}
