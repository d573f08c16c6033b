// Listening settings kept on the listener's profile over HTTP: none until set, the whole document kept and
// given back, bad values refused with a 400 that writes nothing, only the caller's own, none without a session.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { ListeningSettingsDto } from "@purplebeats/contracts";
import { Client, listenerWithHandle, startTestServer, type TestServer } from "./helpers/server.js";

const SETTINGS: ListeningSettingsDto = {
  quality: "low",
  normalize: true,
  crossfadeSeconds: 6,
  gaplessAlways: true,
  equalizer: { preset: "custom", custom: [3, 1.5, 0, -2, 0, 4.5, 6] },
};

describe.each(testBackends("listening settings round trip on both databases"))(
  "listening settings on %s",
  (kind) => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer(kind);
    });
    afterAll(async () => {
      await t?.close();
    });

    it("are none until set, then kept whole and given back to the listener alone", async () => {
      const alice = await listenerWithHandle(t.url, "alice_listens");
      const bob = await listenerWithHandle(t.url, "bob_listens");
      const before = await alice.client.get<ListeningSettingsDto | null>("/api/me/listening-settings");
      expect(before.status).toBe(200);
      expect(before.body).toBeNull();

      const saved = await alice.client.put<ListeningSettingsDto>("/api/me/listening-settings", SETTINGS);
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual(SETTINGS);
      expect((await alice.client.get("/api/me/listening-settings")).body).toEqual(SETTINGS);
      expect((await bob.client.get("/api/me/listening-settings")).body).toBeNull();

      const preset = {
        ...SETTINGS,
        crossfadeSeconds: 0,
        equalizer: { ...SETTINGS.equalizer, preset: "bassBoost" },
      };
      await alice.client.put("/api/me/listening-settings", preset);
      expect((await alice.client.get("/api/me/listening-settings")).body).toEqual(preset);
    });

    it("refuses what the settings cannot be with a 400 and keeps what was there", async () => {
      const carol = await listenerWithHandle(t.url, "carol_listens");
      await carol.client.put("/api/me/listening-settings", SETTINGS);
      const bad = [
        { ...SETTINGS, crossfadeSeconds: 13 },
        { ...SETTINGS, quality: "lossless" },
        { ...SETTINGS, crossfadeSeconds: 2.5 },
        { ...SETTINGS, equalizer: { preset: "jazz", custom: SETTINGS.equalizer.custom } },
        { ...SETTINGS, equalizer: { preset: "custom", custom: [0, 0, 0] } },
        { ...SETTINGS, equalizer: { preset: "custom", custom: [13, 0, 0, 0, 0, 0, 0] } },
        { ...SETTINGS, equalizer: { preset: "custom", custom: [0.3, 0, 0, 0, 0, 0, 0] } },
        { normalize: true },
      ];
      for (const body of bad) {
        const res = await carol.client.put("/api/me/listening-settings", body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      expect((await carol.client.get("/api/me/listening-settings")).body).toEqual(SETTINGS);
    });

    it("follow a guest who signs in: kept when the Pi account has none, the account's own kept when it has", async () => {
      // The Pi account exists (a profile of its own) with no settings: the guest's come with the sign-in.
      const dana = await listenerWithHandle(t.url, "dana_listens");
      await dana.client.post("/api/logout");
      const guest = new Client(t.url);
      await guest.asGuest();
      expect((await guest.put("/api/me/listening-settings", SETTINGS)).status).toBe(200);
      await guest.signInWithPi("dana_listens", dana.uid);
      expect((await guest.get("/api/me/listening-settings")).body).toEqual(SETTINGS);

      // An account with settings of its own keeps them.
      const other = new Client(t.url);
      await other.asGuest();
      await other.put("/api/me/listening-settings", { ...SETTINGS, crossfadeSeconds: 0, quality: "high" });
      await other.signInWithPi("dana_listens", dana.uid);
      expect((await other.get("/api/me/listening-settings")).body).toEqual(SETTINGS);
    });

    it("need a session", async () => {
      const guest = new Client(t.url);
      expect((await guest.get("/api/me/listening-settings")).status).toBe(401);
      expect((await guest.put("/api/me/listening-settings", SETTINGS)).status).toBe(401);
    });
  },
);
