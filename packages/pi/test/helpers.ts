// Drives the simulator's control API over HTTP, as the browser shim does.
import type { PiPaymentDTO } from "../src/index.js";
import type { SimulatedAuthResult, ShowAdResponse } from "../src/simulator/index.js";

type AdType = "interstitial" | "rewarded";

export const API_KEY = "test-server-api-key";

export function controlApi(baseUrl: string) {
  async function call<T>(method: string, path: string, body?: unknown, accessToken?: string): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    const response = await fetch(`${baseUrl}/__control${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    signIn: (username: string, uid?: string) =>
      call<SimulatedAuthResult>("POST", "/users", { username, ...(uid ? { uid } : {}) }),
    createPayment: (
      accessToken: string,
      data: { amount: number; memo: string; metadata: Record<string, unknown> },
    ) => call<PiPaymentDTO>("POST", "/payments", data, accessToken),
    submitTransaction: (paymentId: string) =>
      call<{ txid: string }>("POST", `/payments/${paymentId}/transaction`),
    userCancel: (paymentId: string) => call<PiPaymentDTO>("POST", `/payments/${paymentId}/cancel`),
    incompleteOf: (uid: string) => call<PiPaymentDTO | null>("GET", `/users/${uid}/incomplete`),
    injectFault: (fault: {
      next: "fail" | "timeout" | "lost";
      path?: string;
      method?: "GET" | "POST";
      count?: number;
    }) => call("POST", "/faults", fault),
    reset: () => call("POST", "/reset"),
    armAds: (scenario: { next: "not_ready" | "ad_error" | "not_granted"; type?: AdType; count?: number }) =>
      call("POST", "/ads", scenario),
    isAdReady: (type: AdType) => call<{ type: AdType; ready: boolean }>("GET", `/ads/${type}/ready`),
    requestAd: (type: AdType) => call<{ type: AdType; result: string }>("POST", `/ads/${type}/request`),
    showAd: (type: AdType, accessToken?: string) =>
      call<ShowAdResponse>("POST", `/ads/${type}/show`, undefined, accessToken),
    shownAds: () => call<{ shown: ShowAdResponse[] }>("GET", "/ads"),
  };
}

export const premiumPayment = {
  amount: 3.14,
  memo: "PurpleBeats Premium - 1 month",
  metadata: { productId: "premium_membership", userId: "placeholder", duration: "1_month" },
};
