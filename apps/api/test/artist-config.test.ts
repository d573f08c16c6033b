// Artists' settings: the tip fee, and payouts that need the app wallet's seed only when they are on (the
// simulator's own wallet stands in), on Pi's testnet with PI_SANDBOX; the seed never reaches the start-up log.
import { describe, expect, it } from "vitest";
import { SIMULATOR_APP_WALLET_SEED } from "@purplebeats/pi";
import { loadConfig } from "../src/config/env.js";
import { configSummary } from "../src/config/config-summary.js";

const DEPLOYMENT = { NODE_ENV: "production", PI_API_KEY: "key" } as const;

describe("artists' settings", () => {
  it("takes 10 % of a tip by default, with payouts off", () => {
    expect(loadConfig({ NODE_ENV: "test" }).artists).toMatchObject({ tipFeePercent: 10, payouts: false });
    expect(loadConfig({ NODE_ENV: "test", ARTIST_TIP_FEE_PERCENT: "2.5" }).artists.tipFeePercent).toBe(2.5);
    expect(() => loadConfig({ NODE_ENV: "test", ARTIST_TIP_FEE_PERCENT: "101" })).toThrow(
      /ARTIST_TIP_FEE_PERCENT/,
    );
  });

  it("shares 50 % of premium revenue with artists by default, a percentage of at most 2 decimals", () => {
    expect(loadConfig({ NODE_ENV: "test" }).artists.premiumSharePercent).toBe(50);
    expect(loadConfig({ NODE_ENV: "test", PREMIUM_SHARE_PERCENT: "33.33" }).artists.premiumSharePercent).toBe(
      33.33,
    );
    for (const wrong of ["33.333", "101", "-1", "half"])
      expect(() => loadConfig({ NODE_ENV: "test", PREMIUM_SHARE_PERCENT: wrong })).toThrow(
        /PREMIUM_SHARE_PERCENT/,
      );
  });

  it("needs PI_WALLET_SEED for payouts in a deployment, a real seed, and follows PI_SANDBOX", () => {
    expect(() => loadConfig({ ...DEPLOYMENT, ARTIST_PAYOUTS: "on" })).toThrow(/PI_WALLET_SEED/);
    expect(() => loadConfig({ ...DEPLOYMENT, ARTIST_PAYOUTS: "on", PI_WALLET_SEED: "not-a-seed" })).toThrow(
      /PI_WALLET_SEED/,
    );
    const live = loadConfig({
      ...DEPLOYMENT,
      ARTIST_PAYOUTS: "on",
      PI_WALLET_SEED: SIMULATOR_APP_WALLET_SEED,
    });
    expect(live.artists.horizonUrl).toBe("https://api.mainnet.minepi.com");
    const sandbox = loadConfig({
      ...DEPLOYMENT,
      ARTIST_PAYOUTS: "on",
      PI_SANDBOX: "1",
      PI_WALLET_SEED: SIMULATOR_APP_WALLET_SEED,
    });
    expect(sandbox.artists.horizonUrl).toBe("https://api.testnet.minepi.com");
    expect(JSON.stringify(configSummary(sandbox))).not.toContain(SIMULATOR_APP_WALLET_SEED);
    // With the simulator, its wallet pays: no seed needed.
    expect(loadConfig({ NODE_ENV: "test", ARTIST_PAYOUTS: "on" }).artists.payouts).toBe(true);
  });
});
