// Interstitial ads between songs for free listeners (DESIGN.md "The free tier and the premium page"): when one
// is due, and playing it through Pi's SDK. The player holds the next song while it plays (reducer.ts, adBreak).
import type { AdSettings } from "../../lib/ad-settings";
import type { PiAds } from "../../lib/pi-sdk";

const MINUTE_MS = 60_000;

/** What happened since the last ad (or since the page opened, before the first). */
export interface AdBreakCounter {
  /** Songs heard to their end since. */
  songsSinceAd: number;
  /** When (ms since the epoch). */
  lastAdAt: number;
}

export const freshCounter = (now: number): AdBreakCounter => ({ songsSinceAd: 0, lastAdAt: now });

/**
 * Whether an interstitial plays at the song boundary just reached (`counter` counts the song that ended): at
 * most one ad per `everySongs` songs and per `everyMinutes` minutes, so both must have passed; only at a
 * boundary, so never mid-song and never more than one per song whatever the settings.
 */
export function isAdBreakDue(counter: AdBreakCounter, settings: AdSettings, now: number): boolean {
  if (!settings.interstitial) return false;
  const enoughSongs = counter.songsSinceAd >= Math.max(1, settings.everySongs);
  const enoughTime = now - counter.lastAdAt >= settings.everyMinutes * MINUTE_MS;
  return enoughSongs && enoughTime;
}

/**
 * Plays an interstitial: the ad loaded if it is not yet (Pi's `isAdReady`, then `requestAd`), then shown.
 * True when it was shown and closed; false (silently) when there is no SDK, no ad, or any failure.
 */
export async function playInterstitial(ads: PiAds | undefined): Promise<boolean> {
  if (!ads) return false;
  try {
    if (!(await ads.isAdReady("interstitial")).ready) {
      if ((await ads.requestAd("interstitial")).result !== "AD_LOADED") return false;
    }
    return (await ads.showAd("interstitial")).result === "AD_CLOSED";
  } catch (error) {
    console.warn("The interstitial ad failed", error);
    return false;
  }
}

/** What watching a rewarded ad came to: its id (for the server to verify), or why there is none. */
export type RewardedAdOutcome =
  { adId: string } | { failure: "unavailable" | "unauthenticated" | "not_rewarded" };

/** Plays a rewarded ad, loading one first when none is ready. */
export async function playRewardedAd(ads: PiAds | undefined): Promise<RewardedAdOutcome> {
  if (!ads) return { failure: "unavailable" };
  try {
    if (!(await ads.isAdReady("rewarded")).ready) {
      if ((await ads.requestAd("rewarded")).result !== "AD_LOADED") return { failure: "unavailable" };
    }
    const shown = await ads.showAd("rewarded");
    if (shown.result === "USER_UNAUTHENTICATED") return { failure: "unauthenticated" };
    if (shown.result === "AD_REWARDED" && shown.adId) return { adId: shown.adId };
    return { failure: shown.result === "AD_CLOSED" ? "not_rewarded" : "unavailable" };
  } catch (error) {
    console.warn("The rewarded ad failed", error);
    return { failure: "unavailable" };
  }
}
