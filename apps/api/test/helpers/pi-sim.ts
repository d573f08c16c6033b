// Drives the in-process Pi simulator's control API the way the wallet (the SDK) would.
import type { PiPaymentDTO } from "@purplebeats/pi";
import { PREMIUM_DURATION, PREMIUM_MEMO, PREMIUM_PRODUCT_ID, TIP_PRODUCT_ID } from "@purplebeats/contracts";
import type { Client } from "./server.js";

export class PiWallet {
  constructor(
    readonly baseUrl: string,
    readonly accessToken: string,
    readonly uid: string,
  ) {}

  private async control<T>(path: string, body?: unknown, bearer = false): Promise<T> {
    const res = await fetch(`${this.baseUrl}/pi-sim/__control${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(bearer ? { authorization: `Bearer ${this.accessToken}` } : {}),
      },
      body: JSON.stringify(body ?? {}),
    });
    if (!res.ok) throw new Error(`simulator ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** Pi.createPayment: Pi records the payment and hands its id to onReadyForServerApproval. */
  createPayment(amount = 3.14, productId = PREMIUM_PRODUCT_ID) {
    return this.control<PiPaymentDTO>(
      "/payments",
      { amount, memo: PREMIUM_MEMO, metadata: { productId, userId: this.uid, duration: PREMIUM_DURATION } },
      true,
    );
  }
  /** Pi.createPayment for a tip to an artist, as the artist page asks for it. */
  createTip(artistId: string, amount: number) {
    return this.control<PiPaymentDTO>(
      "/payments",
      {
        amount,
        memo: "PurpleBeats tip",
        metadata: { productId: TIP_PRODUCT_ID, artistId, userId: this.uid },
      },
      true,
    );
  }
  /** The person approves in the wallet: the transaction is sent and its txid reaches onReadyForServerCompletion. */
  submitTransaction(paymentId: string, { verified = true } = {}) {
    return this.control<{ txid: string }>(`/payments/${paymentId}/transaction`, { verified }).then(
      (r) => r.txid,
    );
  }
  /** The blockchain confirms a transaction submitted with `verified: false`. */
  verifyTransaction(paymentId: string) {
    return this.control<PiPaymentDTO>(`/payments/${paymentId}/verify`);
  }
  cancel(paymentId: string) {
    return this.control(`/payments/${paymentId}/cancel`);
  }
  /** Pi.Ads.showAd("rewarded") in a page where this user signed in: Pi's answer, with the ad's id when rewarded. */
  watchRewardedAd() {
    return this.control<{ result: string; adId?: string }>("/ads/rewarded/show", {}, true);
  }
  /** What the next ads do (the simulator's scenarios: not ready, a display error, a reward not granted). */
  armAds(next: "not_ready" | "ad_error" | "not_granted", count = 1) {
    return this.control("/ads", { next, count });
  }
  /** The next matching platform call fails (500) or hangs past the client's timeout. */
  fault(next: "fail" | "timeout", path?: string, count = 1) {
    return this.control("/faults", { next, path, count });
  }
}

/** The body the web app sends to POST /api/pi/payment (SPEC.md section 7). */
export const paymentRecord = (paymentId: string, userId: string, amount = "3.14") => ({
  paymentId,
  userId,
  amount,
  status: "created",
  metadata: JSON.stringify({ productId: PREMIUM_PRODUCT_ID, userId, duration: PREMIUM_DURATION }),
});

/** Signs a new Pi user in and pays for premium through the whole flow (create, approve, complete). */
export async function premiumListener(client: Client, username: string) {
  const me = await client.signInWithPi(username);
  const wallet = new PiWallet(client.baseUrl, me.accessToken, me.uid);
  const payment = await wallet.createPayment();
  await client.post("/api/pi/payment", paymentRecord(payment.identifier, me.uid));
  await client.post(`/api/pi/payment/${payment.identifier}/approve`);
  const txid = await wallet.submitTransaction(payment.identifier);
  const completed = await client.post(`/api/pi/payment/${payment.identifier}/complete`, { txid });
  if (completed.status !== 200) throw new Error(`payment not completed: ${completed.status}`);
  return me;
}
