// The server's ad settings (ADS_INTERSTITIAL, ADS_REWARDED, ADS_EVERY_SONGS, ADS_EVERY_MINUTES), as the page it
// sent names them: `<meta name="pi-ads" content="interstitial=1;rewarded=1;every-songs=3;every-minutes=15">`
// (apps/api/src/web/pages/ad-settings.ts). Read from the page, so the app asks no request for them.
import { useSyncExternalStore } from "react";

export interface AdSettings {
  /** Free listeners hear an interstitial between songs. */
  interstitial: boolean;
  /** A free listener at the skip limit may watch a rewarded ad for skips. */
  rewarded: boolean;
  /** At least this many songs heard between two interstitials (0: no such floor). */
  everySongs: number;
  /** At least this many minutes between two interstitials (0: no such floor). */
  everyMinutes: number;
}

/** A page without the element (a build served by something else than the API) shows no ads. */
export const NO_ADS: AdSettings = { interstitial: false, rewarded: false, everySongs: 0, everyMinutes: 0 };

/** The settings a meta element's content names; what is missing or unreadable is off (or 0). */
export function parseAdSettings(content: string | null | undefined): AdSettings {
  if (!content) return NO_ADS;
  const fields = new Map(
    content.split(";").map((pair) => {
      const [key = "", value = ""] = pair.split("=");
      return [key.trim(), value.trim()] as const;
    }),
  );
  const count = (key: string) => {
    const value = Number(fields.get(key));
    return Number.isFinite(value) && value > 0 ? value : 0;
  };
  return {
    interstitial: fields.get("interstitial") === "1",
    rewarded: fields.get("rewarded") === "1",
    everySongs: count("every-songs"),
    everyMinutes: count("every-minutes"),
  };
}

/** The settings of the page the app runs in (none on the server's render: ads are a browser's business). */
export function pageAdSettings(): AdSettings {
  if (typeof document === "undefined") return NO_ADS;
  return parseAdSettings(document.querySelector('meta[name="pi-ads"]')?.getAttribute("content"));
}

let pageSettings: AdSettings | null = null;
const readOnce = () => (pageSettings ??= pageAdSettings());
const unchanging = () => () => undefined;

/**
 * Whether free listeners hear ads between songs, for what the screens say of it. The server's render assumes
 * the default (on); a page whose server turned them off says so once hydrated.
 */
export function useAdsBetweenSongs(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => readOnce().interstitial,
    () => true,
  );
}
