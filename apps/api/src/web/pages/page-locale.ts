// The language a page is drawn in: the visitor's choice (a cookie the web app sets, also kept on a listener's
// profile), else the one their browser's Accept-Language prefers among ours, else English.
import type { FastifyRequest } from "fastify";
import {
  directionOf,
  isLocale,
  LOCALE_COOKIE,
  negotiateLocale,
  type Locale,
} from "@purplebeats/contracts/constants";

export function pageLocale(request: Pick<FastifyRequest, "cookies" | "headers">): Locale {
  const chosen = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(chosen)) return chosen;
  return negotiateLocale(request.headers["accept-language"]);
}

/** The page's `<html>` in `locale`: its lang and its direction (Arabic right to left). */
export function withLocale(html: string, locale: Locale): string {
  return html.replace(/<html\b[^>]*>/i, (tag) =>
    tag
      .replace(/\sdir="[^"]*"/i, "")
      .replace(/\slang="[^"]*"/i, ` lang="${locale}" dir="${directionOf(locale)}"`),
  );
}
