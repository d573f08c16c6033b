// Admin stats are served from memory for a few seconds, but a new listener and a completed
// payment must show at the admin's next refresh, on any API instance.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminStatsDto } from "@purplebeats/contracts";
import { testBackends } from "@purplebeats/db/testing";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { premiumListener } from "./helpers/pi-sim.js";

const ADMIN_UID = "admin-stats-uid";

const backends = testBackends("concurrent refreshes run on separate connections");
describe.each(backends)("admin stats on %s", (kind) => {
  let t: TestServer;
  let admin: Client;
  beforeAll(async () => {
    t = await startTestServer(kind, { adminUids: new Set([ADMIN_UID]) });
    admin = new Client(t.url);
    await admin.signInWithPi("stats-admin", ADMIN_UID);
  });
  afterAll(async () => {
    await t?.close();
  });

  const stats = async () => {
    const res = await admin.get<AdminStatsDto>("/api/admin/stats");
    expect(res.status).toBe(200);
    return res.body;
  };

  it("counts a new listener and a completed payment at the next refresh", async () => {
    const before = await stats();
    // Refreshed again at once: the same figures (from memory or not).
    expect(await stats()).toEqual(before);

    await new Client(t.url).asGuest();
    const afterGuest = await stats();
    expect(afterGuest.totalUsers).toBe(before.totalUsers + 1);
    expect(afterGuest.todayUsers).toBe(before.todayUsers + 1);
    expect(afterGuest.freeUsers).toBe(before.freeUsers + 1);

    // A Pi user signs in (a new listener) and pays: premium, revenue and conversion follow.
    await premiumListener(new Client(t.url), `stats-payer-${kind}`);
    const afterPayment = await stats();
    expect(afterPayment).toMatchObject({
      totalUsers: before.totalUsers + 2,
      premiumUsers: before.premiumUsers + 1,
      revenue: Math.round((before.revenue + 3.14) * 100) / 100,
      freeUsers: before.freeUsers + 1,
      recentUsers: before.recentUsers + 2,
    });
    expect(afterPayment.conversionRate).toBeGreaterThan(before.conversionRate);
  });

  it("answers concurrent refreshes with the same figures", async () => {
    const all = await Promise.all(Array.from({ length: 8 }, () => stats()));
    for (const s of all) expect(s).toEqual(all[0]);
    expect(all[0]!.totalUsers).toBeGreaterThan(0);
  });
});
