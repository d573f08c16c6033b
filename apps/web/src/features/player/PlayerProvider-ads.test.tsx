// The player with Pi Ads: a free listener's interstitial between two songs (the next one waits for it), none
// for members, and the skip limit's rewarded ad whose skips the server grants.
import { act, cleanup, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useIsPremium } from "../account/membership";
import { showToast, type ToastOptions } from "../../lib/toast";
import type * as ToastModule from "../../lib/toast";
import type { PiAds, PiSdk, PiShowAdResponse } from "../../lib/pi-sdk";
import { usePlayer } from "./PlayerProvider";
import { renderWithPlayer, song } from "./test-utils";
import type { PlayerApi } from "./types";
import type { Fixtures } from "../../test-utils/trpc-fixtures";
import { SKIP_PASS_TOASTS, watchAdLabel } from "./skip-pass";

vi.mock("../account/membership", () => ({ useIsPremium: vi.fn(() => false) }));
vi.mock("../../lib/toast", async (importOriginal) => {
  const actual = await importOriginal<typeof ToastModule>();
  return { ...actual, showToast: vi.fn(actual.showToast) };
});

const latest: { current: PlayerApi | null } = { current: null };
function Probe() {
  latest.current = usePlayer();
  return null;
}
const player = () => latest.current!;
const queue = [song(1), song(2), song(3)];

/** Pi's SDK with an Ads module whose showAd the test settles. */
function installPi() {
  let settle: (response: PiShowAdResponse) => void = () => undefined;
  const ads = {
    isAdReady: vi.fn(async (type: "interstitial" | "rewarded") => ({ type, ready: true })),
    requestAd: vi.fn(async (type: "interstitial" | "rewarded") => ({ type, result: "AD_LOADED" as const })),
    showAd: vi.fn(
      (_type: "interstitial" | "rewarded") =>
        new Promise<PiShowAdResponse>((resolve) => {
          settle = resolve;
        }),
    ),
  } satisfies PiAds;
  window.Pi = { Ads: ads, authenticate: vi.fn() } as unknown as PiSdk;
  return { ads, settle: (response: PiShowAdResponse) => settle(response) };
}

function pageSays(content: string) {
  const meta = document.createElement("meta");
  meta.name = "pi-ads";
  meta.content = content;
  document.head.append(meta);
}

/** The page's ad settings and Pi's SDK in place, then the player mounted playing the queue's first song. */
function playingWithAds(settings: string) {
  pageSays(settings);
  const pi = installPi();
  const { audio, calls } = renderWithPlayer(<Probe />, { random: () => 0, fixtures: adFixtures });
  act(() => player().play(queue[0]!, queue));
  return { pi, audio, calls };
}
let adFixtures: Fixtures = {};

beforeEach(() => {
  adFixtures = {};
  localStorage.clear();
  vi.mocked(useIsPremium).mockReturnValue(false);
  vi.mocked(showToast).mockClear();
});
afterEach(() => {
  cleanup();
  document.head.querySelectorAll('meta[name="pi-ads"]').forEach((meta) => meta.remove());
  delete window.Pi;
  vi.restoreAllMocks();
});

describe("interstitials between songs", () => {
  it("a free listener's next song waits, paused, for the ad, and plays once it is closed", async () => {
    const { pi, audio } = playingWithAds("interstitial=1;rewarded=1;every-songs=1;every-minutes=0");
    act(() => audio.main.finish());
    expect(player().state).toMatchObject({ currentSong: queue[1], isPlaying: false, adBreak: true });
    await waitFor(() => expect(pi.ads.showAd).toHaveBeenCalledWith("interstitial"));
    pi.settle({ type: "interstitial", result: "AD_CLOSED" });
    await waitFor(() => expect(player().state).toMatchObject({ isPlaying: true, adBreak: false }));
    expect(player().state.currentSong).toEqual(queue[1]);
  });

  it("a failed ad is skipped silently: the next song plays", async () => {
    const { pi, audio } = playingWithAds("interstitial=1;rewarded=1;every-songs=1;every-minutes=0");
    act(() => audio.main.finish());
    await waitFor(() => expect(pi.ads.showAd).toHaveBeenCalled());
    pi.settle({ type: "interstitial", result: "AD_DISPLAY_ERROR" });
    await waitFor(() => expect(player().state).toMatchObject({ isPlaying: true, adBreak: false }));
    expect(showToast).not.toHaveBeenCalled();
  });

  it("waits for the songs the settings ask between two ads", async () => {
    const { pi, audio } = playingWithAds("interstitial=1;rewarded=1;every-songs=2;every-minutes=0");
    act(() => audio.main.finish());
    expect(player().state).toMatchObject({ currentSong: queue[1], isPlaying: true, adBreak: false });
    act(() => audio.main.finish());
    expect(player().state).toMatchObject({ currentSong: queue[2], adBreak: true });
    await waitFor(() => expect(pi.ads.showAd).toHaveBeenCalledTimes(1));
  });

  it.each([
    ["a member", true, "interstitial=1;rewarded=1;every-songs=1;every-minutes=0"],
    [
      "anyone when the server turned them off",
      false,
      "interstitial=0;rewarded=1;every-songs=1;every-minutes=0",
    ],
  ])("none for %s", (_who, premium, settings) => {
    vi.mocked(useIsPremium).mockReturnValue(premium);
    const { pi, audio } = playingWithAds(settings);
    act(() => audio.main.finish());
    expect(player().state).toMatchObject({ currentSong: queue[1], isPlaying: true, adBreak: false });
    expect(pi.ads.showAd).not.toHaveBeenCalled();
  });
});

describe("the skip limit's rewarded ad", () => {
  const signedIn = () =>
    localStorage.setItem("pi-user", JSON.stringify({ uid: "pi-listener-1", username: "ada", timestamp: 1 }));
  const skipLimitToast = () =>
    vi
      .mocked(showToast)
      .mock.calls.map(([options]) => options)
      .find((options: ToastOptions) => options.action?.label === watchAdLabel());

  const REWARDED_ONLY = "interstitial=0;rewarded=1;every-songs=3;every-minutes=15";
  const minutesAhead = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  /** A signed-in free listener playing, who taps Next; the skip limit's toast once it offers the ad. */
  async function atTheSkipLimit(ads: Fixtures["ads"]) {
    signedIn();
    adFixtures = { ads };
    const started = playingWithAds(REWARDED_ONLY);
    act(() => player().next());
    await waitFor(() => expect(skipLimitToast()).toBeDefined());
    expect(player().state.currentSong).toEqual(queue[0]);
    return started;
  }

  it("offers an ad at the skip limit; once the server granted its skips, the listener skips", async () => {
    const { pi, calls } = await atTheSkipLimit({
      skipPass: () => ({ skipsUntil: null }),
      claimReward: () => ({ skipsUntil: minutesAhead(30) }),
    });
    act(() => skipLimitToast()!.action!.run());
    // The song pauses for the ad and plays on after it.
    expect(player().state.isPlaying).toBe(false);
    await waitFor(() => expect(pi.ads.showAd).toHaveBeenCalledWith("rewarded"));
    pi.settle({ type: "rewarded", result: "AD_REWARDED", adId: "ad_123" });
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(SKIP_PASS_TOASTS.unlocked));
    expect(calls.find((c) => c.path === "ads.claimReward")?.input).toEqual({ adId: "ad_123" });
    expect(player().state).toMatchObject({ skipPass: true, isPlaying: true });

    act(() => player().next());
    expect(player().state.currentSong).toEqual(queue[1]);
  });

  it("an ad the server refuses unlocks nothing and says why", async () => {
    const { pi } = await atTheSkipLimit({
      skipPass: () => ({ skipsUntil: null }),
      claimReward: () => {
        throw new Error("Pi's Ad Network did not grant this ad's reward");
      },
    });
    act(() => skipLimitToast()!.action!.run());
    await waitFor(() => expect(pi.ads.showAd).toHaveBeenCalled());
    pi.settle({ type: "rewarded", result: "AD_REWARDED", adId: "ad_456" });
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        expect.objectContaining({ title: "Error", message: expect.stringContaining("did not grant") }),
      ),
    );
    expect(player().state).toMatchObject({ skipPass: false });
  });

  it("skips earned before a reload count: the server's grant is read at the first skip", async () => {
    signedIn();
    adFixtures = { ads: { skipPass: () => ({ skipsUntil: minutesAhead(10) }) } };
    playingWithAds(REWARDED_ONLY);
    act(() => player().next());
    await waitFor(() => expect(player().state.currentSong).toEqual(queue[1]));
    expect(showToast).not.toHaveBeenCalled();
  });

  it("guests get the plain premium toast, with no ad offered", () => {
    localStorage.setItem("guest-profile", JSON.stringify({ id: "guest-abc" }));
    playingWithAds(REWARDED_ONLY);
    act(() => player().next());
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: "Premium Feature", upgrade: true }),
    );
    expect(skipLimitToast()).toBeUndefined();
  });
});
