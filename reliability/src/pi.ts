// A standalone Pi simulator in the test process, shared by every API instance of a suite and outliving
// their crashes, and the wallet side of sign-in and payment driven through its state.
import { randomBytes } from "node:crypto";
import { startPiSimulator, type RunningPiSimulator } from "@purplebeats/pi/simulator";
import { PREMIUM_DURATION, PREMIUM_MEMO, PREMIUM_PRODUCT_ID } from "@purplebeats/contracts";
import type { Client, RawResponse } from "./http.js";

export interface Simulator extends RunningPiSimulator {
  apiKey: string;
}

export async function startSimulator(): Promise<Simulator> {
  const apiKey = `pi-key-${randomBytes(12).toString("hex")}`;
  // A short hang: a 'timeout' fault outlives the API's Pi timeout (1.5 s) but not the test.
  const sim = await startPiSimulator({ port: 0, apiKey, hangMs: 4_000 });
  return { ...sim, apiKey };
}

export interface Pioneer {
  uid: string;
  username: string;
  accessToken: string;
  client: Client;
}

/** Signs the client in with Pi: the wallet issues an access token, the API verifies it with the platform. */
export async function signInWithPi(sim: Simulator, client: Client, username: string): Promise<Pioneer> {
  const grant = sim.state.authenticate({ username });
  const res = await client.post("/api/pi/login", grant);
  if (res.status !== 200) throw new Error(`pi login failed: ${res.status} ${res.text}`);
  return { uid: grant.user.uid, username, accessToken: grant.accessToken, client };
}

/** The body the web app sends to POST /api/pi/payment (SPEC.md section 7). */
export const paymentRecord = (paymentId: string, userId: string, amount = "3.14") => ({
  paymentId,
  userId,
  amount,
  status: "created",
  metadata: JSON.stringify({ productId: PREMIUM_PRODUCT_ID, userId, duration: PREMIUM_DURATION }),
});

/** Pi.createPayment in the wallet: Pi's record of a premium payment. */
export function walletCreatePayment(sim: Simulator, p: Pioneer, amount = 3.14) {
  return sim.state.createPayment(p.accessToken, {
    amount,
    memo: PREMIUM_MEMO,
    metadata: { productId: PREMIUM_PRODUCT_ID, userId: p.uid, duration: PREMIUM_DURATION },
  });
}

function expectStatus(res: RawResponse, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text}`);
}

/** Created, recorded and approved, and the wallet has paid: ready for the server's completion. */
export async function payUpToCompletion(sim: Simulator, p: Pioneer) {
  const payment = walletCreatePayment(sim, p);
  expectStatus(
    await p.client.post("/api/pi/payment", paymentRecord(payment.identifier, p.uid)),
    201,
    "record payment",
  );
  expectStatus(await p.client.post(`/api/pi/payment/${payment.identifier}/approve`), 200, "approve");
  const { txid } = sim.state.submitTransaction(payment.identifier);
  return { paymentId: payment.identifier, txid };
}

/** The whole purchase: one month of premium. */
export async function buyPremium(sim: Simulator, p: Pioneer) {
  const { paymentId, txid } = await payUpToCompletion(sim, p);
  expectStatus(await p.client.post(`/api/pi/payment/${paymentId}/complete`, { txid }), 200, "complete");
  return { paymentId, txid };
}
