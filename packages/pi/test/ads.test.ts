// Pi's Ad Network in the simulator: what the SDK shim's Pi.Ads is answered, the rewarded ads' status the
// app's server reads with its API key, and the failures a test arms (not ready, a display error, a reward
// not granted, the platform down).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PiPlatformError, createPiPlatformClient, type PiPlatformClient } from "../src/index.js";
import { piSdkShimScript, startPiSimulator, type RunningPiSimulator } from "../src/simulator/index.js";
import { API_KEY, controlApi } from "./helpers.js";

let simulator: RunningPiSimulator;
let pi: PiPlatformClient;
let control: ReturnType<typeof controlApi>;

beforeAll(async () => {
  simulator = await startPiSimulator({ port: 0, apiKey: API_KEY });
  pi = createPiPlatformClient({ baseUrl: simulator.url, apiKey: API_KEY });
  control = controlApi(simulator.url);
});
afterAll(() => simulator.close());
beforeEach(() => control.reset());

async function rewardedAdWatched() {
  const { accessToken } = await control.signIn("ada");
  const shown = await control.showAd("rewarded", accessToken);
  expect(shown).toMatchObject({ type: "rewarded", result: "AD_REWARDED", adId: expect.any(String) });
  return shown.adId!;
}

describe("ads as the SDK sees them", () => {
  it("has an interstitial ready and shows it to anyone, signed in or not", async () => {
    expect(await control.isAdReady("interstitial")).toEqual({ type: "interstitial", ready: true });
    expect(await control.requestAd("interstitial")).toEqual({ type: "interstitial", result: "AD_LOADED" });
    expect(await control.showAd("interstitial")).toEqual({ type: "interstitial", result: "AD_CLOSED" });
    expect((await control.shownAds()).shown).toEqual([{ type: "interstitial", result: "AD_CLOSED" }]);
  });

  it("shows a rewarded ad only to a user the page authenticated, as Pi does", async () => {
    expect(await control.showAd("rewarded")).toEqual({ type: "rewarded", result: "USER_UNAUTHENTICATED" });
    expect(await control.showAd("rewarded", "a-token-pi-never-issued")).toMatchObject({
      result: "USER_UNAUTHENTICATED",
    });
    await rewardedAdWatched();
  });

  it("'not_ready': isAdReady is false and requestAd fails (once), then ads come back", async () => {
    await control.armAds({ next: "not_ready", type: "interstitial" });
    expect(await control.isAdReady("interstitial")).toMatchObject({ ready: false });
    // Another type is not concerned.
    expect(await control.isAdReady("rewarded")).toMatchObject({ ready: true });
    expect(await control.requestAd("interstitial")).toMatchObject({ result: "AD_FAILED_TO_LOAD" });
    expect(await control.isAdReady("interstitial")).toMatchObject({ ready: true });
  });

  it("'not_ready' met by a showAd answers AD_NOT_AVAILABLE; 'ad_error' AD_DISPLAY_ERROR, 'count' times", async () => {
    await control.armAds({ next: "not_ready" });
    expect(await control.showAd("interstitial")).toMatchObject({ result: "AD_NOT_AVAILABLE" });
    await control.armAds({ next: "ad_error", count: 2 });
    expect(await control.showAd("interstitial")).toMatchObject({ result: "AD_DISPLAY_ERROR" });
    const { accessToken } = await control.signIn("ada");
    expect(await control.showAd("rewarded", accessToken)).toEqual({
      type: "rewarded",
      result: "AD_DISPLAY_ERROR",
    });
    expect(await control.showAd("interstitial")).toMatchObject({ result: "AD_CLOSED" });
  });

  it("refuses an unknown ad type or scenario with 400", async () => {
    await expect(control.showAd("banner" as "rewarded")).rejects.toThrow(/400/);
    await expect(control.armAds({ next: "explode" as "ad_error" })).rejects.toThrow(/400/);
  });

  it("the browser shim offers Pi.Ads, its ad sheet and the ad network feature", () => {
    for (const text of ["isAdReady", "requestAd", "showAd", "pi-sim-ad-close", "ad_network"]) {
      expect(piSdkShimScript).toContain(text);
    }
    expect(() => new Function(piSdkShimScript)).not.toThrow();
  });
});

describe("GET /v2/ads_network/status/{adId} through the platform client", () => {
  it("says 'granted' for a rewarded ad watched, with when", async () => {
    const adId = await rewardedAdWatched();
    const status = await pi.rewardedAdStatus(adId);
    expect(status).toMatchObject({
      identifier: adId,
      mediator_ack_status: "granted",
      mediator_revoked_at: null,
    });
    expect(Date.parse(status.mediator_granted_at ?? "")).not.toBeNaN();
  });

  it("says 'failed' for a reward the network did not grant", async () => {
    await control.armAds({ next: "not_granted", type: "rewarded" });
    const adId = await rewardedAdWatched();
    expect(await pi.rewardedAdStatus(adId)).toMatchObject({
      mediator_ack_status: "failed",
      mediator_granted_at: null,
    });
  });

  it("answers 404 (not_found) for an id it never issued, and 401 without the server key", async () => {
    await expect(pi.rewardedAdStatus("ad_made_up")).rejects.toMatchObject({ kind: "not_found", status: 404 });
    const adId = await rewardedAdWatched();
    const wrongKey = createPiPlatformClient({ baseUrl: simulator.url, apiKey: "not-the-key" });
    const error = await wrongKey.rewardedAdStatus(adId).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PiPlatformError);
    expect(error).toMatchObject({ kind: "unauthorized" });
  });

  it("fails as an outage when a fault is injected on the ads path (5xx: 'unavailable')", async () => {
    const adId = await rewardedAdWatched();
    await control.injectFault({ next: "fail", path: "/ads_network" });
    await expect(pi.rewardedAdStatus(adId)).rejects.toMatchObject({ kind: "unavailable", status: 500 });
    expect((await pi.rewardedAdStatus(adId)).mediator_ack_status).toBe("granted");
  });
});
