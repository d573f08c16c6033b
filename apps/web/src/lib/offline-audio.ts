// Where a member's downloads live in the browser, shared by the page (which stores them) and the service
// worker (which answers the player's stream requests from them, offline too): Cache Storage, one entry per
// song, keyed by the song alone so that any quality the player asks for finds it (docs/adr/0012-downloads.md).
import { DOWNLOAD_GRACE_DAYS } from "@purplebeats/contracts/constants";

export const DOWNLOADS_CACHE = "purplebeats-downloads";
/** A downloaded song's audio in DOWNLOADS_CACHE. */
export const downloadedSongKey = (songId: string) => `/offline/songs/${songId}`;
/** When the membership was last confirmed online ({ confirmedAt }), for the worker's grace check. */
export const MEMBERSHIP_KEY = "/offline/membership";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Downloads play while the membership was confirmed online within DOWNLOAD_GRACE_DAYS (a lapsed member keeps
 * them for the grace, as Spotify does); never confirmed: not at all.
 */
export function downloadsPlayable(confirmedAt: number | null, now: number): boolean {
  return (
    confirmedAt !== null && now - confirmedAt <= DOWNLOAD_GRACE_DAYS * DAY_MS && confirmedAt <= now + DAY_MS
  );
}

/** The song id of a stream request (/api/songs/<id>/stream), or null for any other URL. */
export function streamedSongId(url: URL): string | null {
  return /^\/api\/songs\/([^/]+)\/stream$/.exec(url.pathname)?.[1] ?? null;
}

/** A stored response answered for a Range request as a server would: 206 with the slice, or 416. */
export async function rangeResponse(stored: Response, range: string | null): Promise<Response> {
  const body = await stored.blob();
  const type = stored.headers.get("content-type") ?? "audio/mpeg";
  const size = body.size;
  const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (!match || (match[1] === "" && match[2] === ""))
    return new Response(body, {
      status: 200,
      headers: { "content-type": type, "content-length": String(size), "accept-ranges": "bytes" },
    });
  const start = match[1] === "" ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === "" || match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || start > end)
    return new Response(null, { status: 416, headers: { "content-range": `bytes */${size}` } });
  return new Response(body.slice(start, end + 1), {
    status: 206,
    headers: {
      "content-type": type,
      "content-length": String(end - start + 1),
      "content-range": `bytes ${start}-${end}/${size}`,
      "accept-ranges": "bytes",
    },
  });
}
