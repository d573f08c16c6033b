// Tips over HTTP, through the same verified U2A machinery as premium: a tip to a verified artist credits
// its balance less the platform's fee once Pi's /complete is verified, and only once per paymentId
// (replayed, or sent ten times at once); a cancelled tip credits nothing; bad tips are refused unwritten.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { MyArtistsDto, PaymentDto } from "@purplebeats/contracts";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { PiWallet } from "./helpers/pi-sim.js";
import { loadConfig } from "../src/config/env.js";

const ADMIN_UID = "tips-admin-uid";
const backends = testBackends("concurrent completions of one tip race on row locks");

describe.each(backends)("tips on %s", (kind) => {
  let t: TestServer;
  let n = 0;
  let artistId: string;
  let manager: Client;
  beforeAll(async () => {
    t = await startTestServer(kind, {
      reconcileIntervalMs: 0,
      adminUids: new Set([ADMIN_UID]),
      artists: { ...loadConfig({ NODE_ENV: "test" }).artists, tipFeePercent: 10 },
    });
    const admin = new Client(t.url);
    await admin.signInWithPi("tips-admin", ADMIN_UID);
    manager = new Client(t.url);
    await manager.signInWithPi(`tipped-artist-${kind}`);
    const asked = await manager.post<{ id: string }>("/api/artist-requests", {
      kind: "new",
      name: `Tip Jar ${kind}`,
      evidence: "https://tipjar.example",
    });
    await admin.post(`/api/admin/artist-requests/${asked.body.id}/decision`, { decision: "approve" });
    artistId = (await manager.get<MyArtistsDto>("/api/artist-requests/mine")).body.managed[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function listener() {
    const client = new Client(t.url);
    const me = await client.signInWithPi(`tipper-${kind}-${++n}`);
    return { client, uid: me.uid, wallet: new PiWallet(t.url, me.accessToken, me.uid) };
  }
  const balance = async () =>
    (await manager.get<MyArtistsDto>("/api/artist-requests/mine")).body.managed[0]!.balance;
  const ledger = () =>
    t.query<{ account: string; kind: string; amount: string }>(
      `SELECT account, kind, amount::text AS amount FROM artist_ledger ORDER BY account, kind, amount`,
    );
  const record = (paymentId: string, uid: string, amount: number, artist = artistId) => ({
    paymentId,
    userId: uid,
    amount: String(amount),
    status: "created",
    metadata: JSON.stringify({ productId: "artist_tip", artistId: artist, userId: uid }),
  });

  /** The U2A flow up to the wallet's transaction, as the artist page and wallet drive it. */
  async function tipUpToTransaction(p: Awaited<ReturnType<typeof listener>>, amount: number) {
    const payment = await p.wallet.createTip(artistId, amount);
    const created = await p.client.post<PaymentDto>(
      "/api/pi/payment",
      record(payment.identifier, p.uid, amount),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await p.client.post(`/api/pi/payment/${payment.identifier}/approve`)).status).toBe(200);
    return payment.identifier;
  }

  it("credits the artist less the fee after /complete, once for ten concurrent completions", async () => {
    const p = await listener();
    const paymentId = await tipUpToTransaction(p, 3.14);
    // Approved and paid on chain is not yet credited: only the verified /complete credits.
    const txid = await p.wallet.submitTransaction(paymentId);
    expect(await balance()).toBe("0");

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        p.client.post<PaymentDto>(`/api/pi/payment/${paymentId}/complete`, { txid }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.every((a) => a.body.status === "completed")).toBe(true);
    expect(Number(await balance())).toBeCloseTo(2.826, 7);
    expect(await ledger()).toEqual([
      { account: "artist", kind: "tip", amount: "2.8260000" },
      { account: "platform", kind: "tip_fee", amount: "0.3140000" },
    ]);
    // One receipt for the tipper, one notice for the artist's manager, whatever the ten completions.
    const inbox = async (client: Client) =>
      (await client.get<{ kind: string; title: string; body: string }[]>("/api/notifications")).body.filter(
        (n) => n.kind === "payment_receipt" || n.kind === "tip_received",
      );
    expect(await inbox(p.client)).toEqual([
      expect.objectContaining({
        kind: "payment_receipt",
        title: "Payment received",
        body: `Thank you! 3.14 π tip to Tip Jar ${kind}. Transaction ${txid}.`,
      }),
    ]);
    expect(await inbox(manager)).toEqual([
      expect.objectContaining({
        kind: "tip_received",
        title: `A tip for Tip Jar ${kind}`,
        body: "2.826 π after the platform's fee (3.14 π tipped).",
      }),
    ]);
    // A tip is no membership.
    expect((await p.client.get<{ isPremium: boolean }>(`/api/membership/${p.uid}`)).body.isPremium).toBe(
      false,
    );
  });

  it("credits nothing for a cancelled tip, and refuses bad tips without writing", async () => {
    const before = await ledger();
    const p = await listener();
    const paymentId = await tipUpToTransaction(p, 1);
    await p.wallet.cancel(paymentId);
    expect((await p.client.post(`/api/pi/payment/${paymentId}/complete`, { txid: "x" })).status).toBe(409);
    expect(await ledger()).toEqual(before);

    const payments = async () =>
      Number((await t.query<{ n: string }>(`SELECT count(*) AS n FROM pi_payments`))[0]!.n);
    const count = await payments();
    // Out of bounds, too many decimals, an unknown artist, an unverified one, a wallet amount that differs.
    const bad = await p.wallet.createTip(artistId, 5);
    const unverified = (
      await t.query<{ id: string }>(`INSERT INTO artists (name) VALUES ('Unclaimed') RETURNING id`)
    )[0]!.id;
    const cases: [ReturnType<typeof record>, number, string][] = [
      [record(bad.identifier, p.uid, 5000), 400, "A tip is between 0.1 and 1000 π"],
      [record(bad.identifier, p.uid, 1.234), 400, "A tip has at most 2 decimals"],
      [record(bad.identifier, p.uid, 5, "00000000-0000-4000-8000-000000000000"), 404, "Artist not found"],
      [record(bad.identifier, p.uid, 5, unverified), 400, "Only verified artists can receive tips"],
      [record(bad.identifier, p.uid, 4), 400, "The payment does not match this tip"],
    ];
    for (const [body, status, message] of cases) {
      const res = await p.client.post<{ message: string }>("/api/pi/payment", body);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect(await payments()).toBe(count);
  });
});
