import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendHook } from "../../infra/lib/plain-hooks.js";

/** Pi Browser opens apps in a frame from these origins; the SDK is loaded from sdk.minepi.com. */
export const PI_FRAME_ANCESTORS = [
  "https://*.minepi.com",
  "https://*.pinet.com",
  "https://app-cdn.minepi.com",
];

/** The app's CSP; `uploadOrigins` are where the browser PUTs uploads (an S3 bucket), if not to us. */
const buildCsp = (uploadOrigins: string[]) =>
  [
    "default-src 'self'",
    "script-src 'self' https://sdk.minepi.com",
    "style-src 'self' 'unsafe-inline'",
    // Pictures are ours (/objects, /media) or, with S3, redirects into the bucket: no other host learns
    // who looks at a page.
    ["img-src 'self' data: blob:", ...uploadOrigins].join(" "),
    // Streams in the bucket are redirects to signed URLs there.
    ["media-src 'self' blob: data:", ...uploadOrigins].join(" "),
    ["connect-src 'self' https://api.minepi.com https://sdk.minepi.com", ...uploadOrigins].join(" "),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors 'self' ${PI_FRAME_ANCESTORS.join(" ")}`,
  ].join("; ");

/**
 * Headers on every response. No X-Frame-Options: it cannot name the Pi Browser's origins, and
 * frame-ancestors (which browsers prefer) does.
 */
export function securityHeaders(uploadOrigins: string[] = []) {
  const csp = buildCsp(uploadOrigins);
  return (request: FastifyRequest, reply: FastifyReply) => {
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    if (!reply.hasHeader("Content-Security-Policy")) reply.header("Content-Security-Policy", csp);
    reply.header("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    if (request.protocol === "https")
      reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}

export type SecurityHeaders = ReturnType<typeof securityHeaders>;

export function registerSecurityHeaders(app: FastifyInstance, apply: SecurityHeaders) {
  app.addHook("onSend", sendHook(apply));
}
