import type { Page } from "@playwright/test";
import { reload } from "./harness.js";

const CLIENT = { "x-purplebeats-client": "1" };

/**
 * A page of the app starts its own (guest) session as it opens: wait for it to settle before signing the
 * context in behind the page's back, or its response could replace that Pi session.
 */
export async function settleAppSession(page: Page): Promise<void> {
  if (page.url().startsWith("http"))
    await page.waitForFunction(() => localStorage.getItem("pi-user") !== null, undefined, {
      timeout: 30_000,
    });
}

/** Signs the browser context in through the Pi simulator and buys a month of premium, as the wallet would. */
export async function becomePremium(page: Page, username: string): Promise<string> {
  await settleAppSession(page);
  const call = async <T>(
    method: "post" | "get",
    path: string,
    options: Parameters<Page["request"]["post"]>[1] = {},
  ) => {
    const response = await page.request[method](path, options);
    if (!response.ok())
      throw new Error(`${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const grant = await call<{ accessToken: string; user: { uid: string; username: string } }>(
    "post",
    "/pi-sim/__control/users",
    { data: { username } },
  );
  const me = await call<{ uid: string }>("post", "/api/pi/login", { data: grant, headers: CLIENT });

  const metadata = { productId: "premium_membership", userId: me.uid, duration: "1_month" };
  const payment = await call<{ identifier: string }>("post", "/pi-sim/__control/payments", {
    data: { amount: 3.14, memo: "PurpleBeats Premium - 1 month", metadata },
    headers: { authorization: `Bearer ${grant.accessToken}` },
  });
  const paymentId = payment.identifier;
  await call("post", "/api/pi/payment", {
    data: {
      paymentId,
      userId: me.uid,
      amount: "3.14",
      status: "created",
      metadata: JSON.stringify(metadata),
    },
    headers: CLIENT,
  });
  await call("post", `/api/pi/payment/${paymentId}/approve`, { data: {}, headers: CLIENT });
  const { txid } = await call<{ txid: string }>(
    "post",
    `/pi-sim/__control/payments/${paymentId}/transaction`,
    {
      data: {},
    },
  );
  await call("post", `/api/pi/payment/${paymentId}/complete`, { data: { txid }, headers: CLIENT });
  const membership = await call<{ isPremium: boolean }>("get", `/api/membership/${me.uid}`, {
    headers: CLIENT,
  });
  if (!membership.isPremium) throw new Error("the purchase did not make the listener premium");
  return me.uid;
}

/**
 * Reloads the page and waits until it knows the listener's membership: in the server-rendered page's data
 * when the server's render made it in time, and otherwise once the browser's own read has responded.
 */
export async function reloadKnowingMembership(page: Page): Promise<void> {
  const read = page.waitForResponse((response) => response.url().includes("membership.get"));
  read.catch(() => {}); // never settles when the server-rendered page already carried the membership
  await reload(page);
  const serverState = await page
    .locator("#pb-first-screen-state")
    .textContent({ timeout: 1_000 })
    .catch(() => null);
  if (!serverState?.includes('"membership","get"')) await read;
}
