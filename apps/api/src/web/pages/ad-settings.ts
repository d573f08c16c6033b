// The ad settings the web app plays by, handed to it in the page (no request of its own): a meta element
// `<meta name="pi-ads" content="interstitial=1;rewarded=1;every-songs=3;every-minutes=15">`, which
// apps/web/src/lib/ad-settings.ts reads.

export interface AdSettings {
  /** ADS_INTERSTITIAL: free listeners hear an interstitial between songs. */
  interstitial: boolean;
  /** ADS_REWARDED: a free listener at the skip limit may watch a rewarded ad for skips. */
  rewarded: boolean;
  /** ADS_EVERY_SONGS: at least this many songs heard between two interstitials (0: no such floor). */
  everySongs: number;
  /** ADS_EVERY_MINUTES: at least this many minutes between two interstitials (0: no such floor). */
  everyMinutes: number;
}

export const DEFAULT_AD_SETTINGS: AdSettings = {
  interstitial: true,
  rewarded: true,
  everySongs: 3,
  everyMinutes: 15,
};

export const AD_SETTINGS_META = "pi-ads";

/** The meta element naming the settings (all numbers and flags: nothing in it needs escaping). */
export function adSettingsMeta(ads: AdSettings): string {
  const content = [
    `interstitial=${ads.interstitial ? 1 : 0}`,
    `rewarded=${ads.rewarded ? 1 : 0}`,
    `every-songs=${ads.everySongs}`,
    `every-minutes=${ads.everyMinutes}`,
  ].join(";");
  return `<meta name="${AD_SETTINGS_META}" content="${content}">`;
}
