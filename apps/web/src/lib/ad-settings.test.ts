import { describe, expect, it } from "vitest";
import { NO_ADS, pageAdSettings, parseAdSettings } from "./ad-settings";

describe("the ad settings the page names", () => {
  it("reads the server's meta element", () => {
    const meta = document.createElement("meta");
    meta.name = "pi-ads";
    meta.content = "interstitial=1;rewarded=0;every-songs=3;every-minutes=15";
    document.head.append(meta);
    try {
      expect(pageAdSettings()).toEqual({
        interstitial: true,
        rewarded: false,
        everySongs: 3,
        everyMinutes: 15,
      });
    } finally {
      meta.remove();
    }
  });

  it("shows no ads without the element or with what it cannot read", () => {
    expect(pageAdSettings()).toEqual(NO_ADS);
    expect(parseAdSettings("")).toEqual(NO_ADS);
    expect(parseAdSettings("interstitial=yes;every-songs=-2;every-minutes=x")).toEqual(NO_ADS);
  });
});
