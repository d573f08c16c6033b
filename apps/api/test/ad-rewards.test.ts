// Rewarded ads over HTTP: a free listener's reward (30 minutes of skips) is granted only after Pi's Platform
// API says the ad was granted, once per ad; guests, members, ads Pi did not grant and Pi's outages are refused
// with nothing written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { AD_REWARD_SKIP_MINUTES, type SkipPassDto } from "@purplebeats/contracts";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { PiWallet, premiumListener } from "./helpers/pi-sim.js";
import { loadConfig } from "../src/config/env.js";
import { exportAdRewards, eraseAdRewards } from "../src/data/ad-rewards.js";

const MINUTE = 60_000;

const backends = testBackends("claims of one ad at once race on its key");
describe.each(backends)("rewarded ads on %s", (kind) => {
  let t: TestServer;
  let n = 0;
  beforeAll(async () => {
    t = await startTestServer(kind, { pi: { ...loadConfig({ NODE_ENV: "test" }).pi, timeoutMs: 1500 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A signed-in free listener with their Pi wallet (the SDK's user in the page). */
  async function freeListener() {
    const client = new Client(t.url);
    const me = await client.signInWithPi(`ad-watcher-${kind}-${++n}`);
    return { client, uid: me.uid, wallet: new PiWallet(t.url, me.accessToken, me.uid) };
  }
  async function watched(wallet: PiWallet) {
    const shown = await wallet.watchRewardedAd();
    expect(shown.result).toBe("AD_REWARDED");
    return shown.adId!;
  }
  const claim = (client: Client, adId: unknown) => client.post<SkipPassDto>("/api/ads/rewards", { adId });
  const skipPass = (client: Client) => client.get<SkipPassDto>("/api/ads/skip-pass").then((r) => r.body);
  const rewardRows = (adId: string) =>
    t.query<{ user_id: string | null }>("SELECT user_id FROM ad_rewards WHERE ad_id = $1", [adId]);

  it("grants 30 minutes of skips for an ad Pi granted, and the skip pass says until when", async () => {
    const { client, wallet } = await freeListener();
    expect(await skipPass(client)).toEqual({ skipsUntil: null });
    const before = Date.now();
    const res = await claim(client, await watched(wallet));
    expect(res.status).toBe(200);
    const until = Date.parse(res.body.skipsUntil!);
    expect(until).toBeGreaterThanOrEqual(before + AD_REWARD_SKIP_MINUTES * MINUTE - 5_000);
    expect(until).toBeLessThanOrEqual(Date.now() + AD_REWARD_SKIP_MINUTES * MINUTE + 5_000);
    expect(await skipPass(client)).toEqual(res.body);
  });

  it("rewards each ad once: a replay, by the same listener or another, is 409 and changes nothing", async () => {
    const first = await freeListener();
    const adId = await watched(first.wallet);
    const granted = await claim(first.client, adId);
    expect(granted.status).toBe(200);
    const again = await claim(first.client, adId);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: "This ad's reward was already given" });
    const other = await freeListener();
    expect((await claim(other.client, adId)).status).toBe(409);
    expect(await skipPass(other.client)).toEqual({ skipsUntil: null });
    expect(await skipPass(first.client)).toEqual(granted.body);
  });

  it("answers claims of one ad sent at once with one grant", async () => {
    const { client, wallet } = await freeListener();
    const adId = await watched(wallet);
    const answers = await Promise.all(Array.from({ length: 4 }, () => claim(client, adId)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await rewardRows(adId)).toHaveLength(1);
  });

  it("a second ad adds 30 minutes after the skips still running", async () => {
    const { client, wallet } = await freeListener();
    const first = await claim(client, await watched(wallet));
    const second = await claim(client, await watched(wallet));
    expect(Date.parse(second.body.skipsUntil!) - Date.parse(first.body.skipsUntil!)).toBeGreaterThanOrEqual(
      AD_REWARD_SKIP_MINUTES * MINUTE - 5_000,
    );
  });

  it("refuses an ad Pi did not grant (403), and writes nothing", async () => {
    const { client, wallet } = await freeListener();
    await wallet.armAds("not_granted");
    const adId = await watched(wallet);
    const res = await claim(client, adId);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: "Pi's Ad Network did not grant this ad's reward" });
    expect(await rewardRows(adId)).toHaveLength(0);
    expect(await skipPass(client)).toEqual({ skipsUntil: null });
  });

  it("refuses an ad id Pi never issued (404)", async () => {
    const { client } = await freeListener();
    const res = await claim(client, "ad_made_up_by_a_client");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: "Pi's Ad Network does not know this ad" });
  });

  it("when Pi fails or does not answer: 502 with a clear message, nothing written, the ad still claimable", async () => {
    const { client, wallet } = await freeListener();
    const adId = await watched(wallet);
    await wallet.fault("fail", "/ads_network");
    const failed = await claim(client, adId);
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ message: expect.stringMatching(/^Pi Network could not be reached/) });
    await wallet.fault("timeout", "/ads_network");
    const hung = await claim(client, adId);
    expect(hung.status).toBe(502);
    expect(hung.body).toMatchObject({ message: expect.stringMatching(/did not answer in time/) });
    expect(await rewardRows(adId)).toHaveLength(0);
    expect((await claim(client, adId)).status).toBe(200);
  });

  it("refuses guests (Pi shows rewarded ads to signed-in users only) and members (they skip anyway)", async () => {
    const { wallet } = await freeListener();
    const adId = await watched(wallet);
    const guest = new Client(t.url);
    await guest.asGuest();
    const asGuest = await claim(guest, adId);
    expect(asGuest.status).toBe(403);
    expect(asGuest.body).toMatchObject({ message: "Sign in with Pi to watch a rewarded ad" });

    const member = new Client(t.url);
    await premiumListener(member, `ad-member-${kind}`);
    const asMember = await claim(member, adId);
    expect(asMember.status).toBe(403);
    expect(asMember.body).toMatchObject({ message: "Members skip freely: no ad needed" });
    expect(await rewardRows(adId)).toHaveLength(0);

    const nobody = await new Client(t.url).post("/api/ads/rewards", { adId });
    expect(nobody.status).toBe(401);
  });

  it("refuses bad input with 400 and writes nothing", async () => {
    const { client } = await freeListener();
    for (const adId of [undefined, "", "   ", 42, "x".repeat(201)]) {
      const res = await claim(client, adId);
      expect(res.status, JSON.stringify(adId)).toBe(400);
    }
    expect(
      await t.query("SELECT 1 FROM ad_rewards WHERE user_id = $1", [
        (await client.get<{ uid: string }>("/api/me")).body.uid,
      ]),
    ).toHaveLength(0);
  });

  it("a listener's export lists their rewards; erasing them keeps the ads spent", async () => {
    const { client, uid, wallet } = await freeListener();
    const adId = await watched(wallet);
    await claim(client, adId);
    const db = t.server.db.dataSource;
    expect(await exportAdRewards(db, uid)).toEqual([
      { ad_id: adId, granted_at: expect.any(Date), skips_until: expect.any(Date) },
    ]);
    await eraseAdRewards(db, uid);
    expect(await exportAdRewards(db, uid)).toEqual([]);
    expect(await rewardRows(adId)).toEqual([{ user_id: null }]);
    expect((await claim((await freeListener()).client, adId)).status).toBe(409);
  });
});

describe("rewarded ads turned off (ADS_REWARDED=0)", () => {
  let t: TestServer;
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: "test", ADS_REWARDED: "0" });
    t = await startTestServer("pglite", { ads: config.ads });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses every claim with 403", async () => {
    const client = new Client(t.url);
    const me = await client.signInWithPi("ads-off-listener");
    const adId = (await new PiWallet(t.url, me.accessToken, me.uid).watchRewardedAd()).adId!;
    const res = await client.post("/api/ads/rewards", { adId });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: "Rewarded ads are turned off" });
  });
});
