// Songs play on our pages only: another site may not embed our catalog's audio. What a
// browser tells us of the page that asked: Sec-Fetch-Site, and Origin or Referer when it sends them. A request
// without any of them (a player app, curl) is not a browser on another site; it still needs a session.
import type { FastifyRequest } from "fastify";

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
};

/** Whether a browser says this request comes from a page of another site. */
export function isHotlink(request: FastifyRequest): boolean {
  if (request.headers["sec-fetch-site"] === "cross-site") return true;
  const ours = request.headers.host;
  for (const header of [request.headers.origin, request.headers.referer]) {
    // `Origin: null` is an opaque origin (a sandboxed frame, a data: page): not one of our pages.
    if (header !== undefined && hostOf(header) !== ours) return true;
  }
  return false;
}

export const HOTLINK_MESSAGE = "Songs play on PurpleBeats only";
export const NO_SESSION_MESSAGE = "Open PurpleBeats to listen: playing needs a session (a guest one is fine)";
