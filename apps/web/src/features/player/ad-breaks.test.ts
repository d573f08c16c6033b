import { describe, expect, it, vi } from "vitest";
import { NO_ADS, type AdSettings } from "../../lib/ad-settings";
import type { PiAds, PiShowAdResponse } from "../../lib/pi-sdk";
import { freshCounter, isAdBreakDue, playInterstitial, playRewardedAd } from "./ad-breaks";

const MINUTE = 60_000;
const settings: AdSettings = { interstitial: true, rewarded: true, everySongs: 3, everyMinutes: 15 };
const T0 = 1_800_000_000_000;

describe("isAdBreakDue: at most one ad per N songs and per M minutes, only at a song boundary", () => {
  it.each([
    // songs heard since the last ad, minutes since it, due?
    [1, 30, false],
    [2, 30, false],
    [3, 14, false],
    [3, 15, true],
    [7, 60, true],
  ])("%i songs and %i minutes after the last ad: %s", (songs, minutes, due) => {
    const counter = { songsSinceAd: songs, lastAdAt: T0 };
    expect(isAdBreakDue(counter, settings, T0 + minutes * MINUTE)).toBe(due);
  });

  it("counts from the page's opening before the first ad", () => {
    const counter = freshCounter(T0);
    counter.songsSinceAd = 3;
    expect(isAdBreakDue(counter, settings, T0 + 10 * MINUTE)).toBe(false);
    expect(isAdBreakDue(counter, settings, T0 + 15 * MINUTE)).toBe(true);
  });

  it("with both floors at 0, one ad at every boundary, never one without a song heard", () => {
    const every = { ...settings, everySongs: 0, everyMinutes: 0 };
    expect(isAdBreakDue({ songsSinceAd: 1, lastAdAt: T0 }, every, T0)).toBe(true);
    expect(isAdBreakDue({ songsSinceAd: 0, lastAdAt: T0 }, every, T0)).toBe(false);
  });

  it("never when interstitials are off", () => {
    expect(isAdBreakDue({ songsSinceAd: 99, lastAdAt: 0 }, { ...settings, interstitial: false }, T0)).toBe(
      false,
    );
    expect(isAdBreakDue({ songsSinceAd: 99, lastAdAt: 0 }, NO_ADS, T0)).toBe(false);
  });
});

function fakeAds(
  overrides: {
    ready?: boolean;
    loaded?: "AD_LOADED" | "AD_FAILED_TO_LOAD" | "AD_NOT_AVAILABLE";
    shown?: Partial<PiShowAdResponse> | Error;
  } = {},
) {
  const ads = {
    isAdReady: vi.fn(async (type: "interstitial" | "rewarded") => ({ type, ready: overrides.ready ?? true })),
    requestAd: vi.fn(async (type: "interstitial" | "rewarded") => ({
      type,
      result: overrides.loaded ?? ("AD_LOADED" as const),
    })),
    showAd: vi.fn(async (type: "interstitial" | "rewarded"): Promise<PiShowAdResponse> => {
      if (overrides.shown instanceof Error) throw overrides.shown;
      return { type, result: type === "rewarded" ? "AD_REWARDED" : "AD_CLOSED", ...overrides.shown };
    }),
  } satisfies PiAds;
  return ads;
}

describe("playInterstitial", () => {
  it("shows a ready ad: true once it is closed", async () => {
    const ads = fakeAds();
    expect(await playInterstitial(ads)).toBe(true);
    expect(ads.requestAd).not.toHaveBeenCalled();
    expect(ads.showAd).toHaveBeenCalledWith("interstitial");
  });

  it("loads one first when none is ready", async () => {
    const ads = fakeAds({ ready: false });
    expect(await playInterstitial(ads)).toBe(true);
    expect(ads.requestAd).toHaveBeenCalledWith("interstitial");
  });

  it("skips silently (false) when no ad loads, the ad fails, the SDK throws or is missing", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const notLoaded = fakeAds({ ready: false, loaded: "AD_FAILED_TO_LOAD" });
    expect(await playInterstitial(notLoaded)).toBe(false);
    expect(notLoaded.showAd).not.toHaveBeenCalled();
    expect(await playInterstitial(fakeAds({ shown: { result: "AD_DISPLAY_ERROR" } }))).toBe(false);
    expect(await playInterstitial(fakeAds({ shown: new Error("boom") }))).toBe(false);
    expect(await playInterstitial(undefined)).toBe(false);
  });
});

describe("playRewardedAd", () => {
  it("answers the ad's id when Pi says rewarded", async () => {
    expect(await playRewardedAd(fakeAds({ shown: { adId: "ad_1" } }))).toEqual({ adId: "ad_1" });
  });

  it.each([
    [{ result: "AD_CLOSED" as const }, "not_rewarded"],
    [{ result: "USER_UNAUTHENTICATED" as const }, "unauthenticated"],
    [{ result: "AD_NOT_AVAILABLE" as const }, "unavailable"],
    // Rewarded, but without an id to verify (an app not in the Ad Network): nothing to claim.
    [{ result: "AD_REWARDED" as const }, "unavailable"],
  ])("answers %o as '%s'", async (shown, failure) => {
    expect(await playRewardedAd(fakeAds({ shown }))).toEqual({ failure });
  });

  it("is unavailable when none loads", async () => {
    expect(await playRewardedAd(fakeAds({ ready: false, loaded: "AD_NOT_AVAILABLE" }))).toEqual({
      failure: "unavailable",
    });
  });
});
