import type { IncomingHttpHeaders } from "node:http";

// The simulator accepts any username and fakes payments: it must never answer in production.
export function assertNotProduction(): void {
  if (process.env.NODE_ENV === "production") {
    throw new Error(
      "The Pi simulator must not run in production (NODE_ENV=production); use the real Pi Platform",
    );
  }
}

export const CROSS_SITE_MESSAGE =
  "The Pi simulator's controls answer only pages of their own (same origin), not another website";

/**
 * Whether the browser says the request comes from a page of another origin than the one it asks: its
 * Sec-Fetch-Site, or its Origin against the Host. The controls mint a session for any uid, and a simple
 * POST (a form, text/plain) needs no CORS preflight, so granting no CORS is not enough. Tools (tests,
 * curl) send neither header and pass.
 */
export function isCrossSiteRequest(headers: IncomingHttpHeaders): boolean {
  const site = headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") return true;
  const origin = headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== headers.host;
  } catch {
    return true; // "null" (a sandboxed frame, a file) or nonsense: no page of this origin
  }
}
