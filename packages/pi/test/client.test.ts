// The platform client against the standalone simulator, over real HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PiPlatformError, createPiPlatformClient, type PiPlatformClient } from "../src/index.js";
import { startPiSimulator, uidForUsername, type RunningPiSimulator } from "../src/simulator/index.js";
import { API_KEY, controlApi, premiumPayment } from "./helpers.js";

let simulator: RunningPiSimulator;
let pi: PiPlatformClient;
let control: ReturnType<typeof controlApi>;

beforeAll(async () => {
  simulator = await startPiSimulator({ port: 0, apiKey: API_KEY });
  pi = createPiPlatformClient({ baseUrl: simulator.url, apiKey: API_KEY });
  control = controlApi(simulator.url);
});
afterAll(() => simulator.close());
beforeEach(() => control.reset());

async function rejection(promise: Promise<unknown>): Promise<PiPlatformError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PiPlatformError);
  return error as PiPlatformError;
}

async function approvedAndPaid(username = "pioneer") {
  const { accessToken } = await control.signIn(username);
  const payment = await control.createPayment(accessToken, premiumPayment);
  await pi.approvePayment(payment.identifier);
  const { txid } = await control.submitTransaction(payment.identifier);
  return { payment, txid };
}

describe("me()", () => {
  it("verifies a valid access token and returns Pi's UserDTO", async () => {
    const { accessToken, user } = await control.signIn("ada");
    expect(user).toEqual({ uid: uidForUsername("ada"), username: "ada" });

    const me = await pi.me(accessToken);
    expect(me.uid).toBe(user.uid);
    expect(me.username).toBe("ada");
    expect(me.credentials.scopes).toEqual(expect.arrayContaining(["username", "payments"]));
    expect(new Date(me.credentials.valid_until.iso8601).getTime()).toBeGreaterThan(Date.now());
  });

  it("keeps a given uid", async () => {
    const { accessToken } = await control.signIn("bob", "uid-chosen-by-test");
    expect((await pi.me(accessToken)).uid).toBe("uid-chosen-by-test");
  });

  it("answers 'unauthorized' for a token Pi never issued, without echoing it", async () => {
    const error = await rejection(pi.me("forged-token-value"));
    expect(error.kind).toBe("unauthorized");
    expect(error.status).toBe(401);
    expect(error.message).not.toContain("forged-token-value");
  });
});

describe("payment lifecycle", () => {
  it("goes created → approved → transaction verified → completed", async () => {
    const { accessToken, user } = await control.signIn("pioneer");
    const created = await control.createPayment(accessToken, premiumPayment);
    expect(created).toMatchObject({
      user_uid: user.uid,
      amount: 3.14,
      memo: premiumPayment.memo,
      metadata: premiumPayment.metadata,
      direction: "user_to_app",
      network: "Pi Testnet",
      transaction: null,
      status: {
        developer_approved: false,
        transaction_verified: false,
        developer_completed: false,
        cancelled: false,
        user_cancelled: false,
      },
    });
    expect(created.identifier).toMatch(/^[A-Za-z0-9]{28}$/);
    expect(created.from_address).toMatch(/^G[A-Z2-7]{55}$/);

    const fetched = await pi.getPayment(created.identifier);
    expect(fetched).toEqual(created);

    const approved = await pi.approvePayment(created.identifier);
    expect(approved.status.developer_approved).toBe(true);
    // Approving twice is harmless, as on Pi.
    expect((await pi.approvePayment(created.identifier)).status.developer_approved).toBe(true);

    const { txid } = await control.submitTransaction(created.identifier);
    const paid = await pi.getPayment(created.identifier);
    expect(paid.status.transaction_verified).toBe(true);
    expect(paid.transaction).toMatchObject({ txid, verified: true });

    const completed = await pi.completePayment(created.identifier, txid);
    expect(completed.status).toMatchObject({
      developer_approved: true,
      transaction_verified: true,
      developer_completed: true,
      cancelled: false,
    });
    // Completing again with the same txid returns the payment.
    expect((await pi.completePayment(created.identifier, txid)).status.developer_completed).toBe(true);
  });

  it("refuses a transaction before the app approved", async () => {
    const { accessToken } = await control.signIn("pioneer");
    const payment = await control.createPayment(accessToken, premiumPayment);
    await expect(control.submitTransaction(payment.identifier)).rejects.toThrow(/400.*payment_not_approved/);
  });

  it("refuses completing with a txid that is not the payment's transaction", async () => {
    const { payment } = await approvedAndPaid();
    const error = await rejection(pi.completePayment(payment.identifier, "f".repeat(64)));
    expect(error).toMatchObject({ kind: "rejected", status: 400, piError: "txid_mismatch" });
    expect((await pi.getPayment(payment.identifier)).status.developer_completed).toBe(false);
  });

  it("refuses approving a payment the user cancelled", async () => {
    const { accessToken } = await control.signIn("pioneer");
    const payment = await control.createPayment(accessToken, premiumPayment);
    await control.userCancel(payment.identifier);
    const error = await rejection(pi.approvePayment(payment.identifier));
    expect(error).toMatchObject({ kind: "rejected", status: 400, piError: "payment_cancelled" });
  });

  it("lets the server cancel an unpaid payment, but not a paid one", async () => {
    const { accessToken } = await control.signIn("pioneer");
    const unpaid = await control.createPayment(accessToken, premiumPayment);
    expect((await pi.cancelPayment(unpaid.identifier)).status.cancelled).toBe(true);

    const { payment } = await approvedAndPaid("carol");
    expect((await rejection(pi.cancelPayment(payment.identifier))).kind).toBe("rejected");
  });
});

describe("incomplete payments", () => {
  it("reports a paid but uncompleted payment to the SDK, and blocks a new payment until completed", async () => {
    const { payment, txid } = await approvedAndPaid("dora");
    const uid = uidForUsername("dora");
    expect((await control.incompleteOf(uid))?.identifier).toBe(payment.identifier);

    const { accessToken } = await control.signIn("dora");
    await expect(control.createPayment(accessToken, premiumPayment)).rejects.toThrow(
      /409.*incomplete_payment_found/,
    );

    await pi.completePayment(payment.identifier, txid);
    expect(await control.incompleteOf(uid)).toBeNull();
    await expect(control.createPayment(accessToken, premiumPayment)).resolves.toMatchObject({
      user_uid: uid,
    });
  });

  it("cancels an open unpaid payment when the user starts another, as Pi does", async () => {
    const { accessToken } = await control.signIn("erin");
    const first = await control.createPayment(accessToken, premiumPayment);
    await control.createPayment(accessToken, premiumPayment);
    expect((await pi.getPayment(first.identifier)).status.cancelled).toBe(true);
  });

  it("lists no incomplete server (A2U) payments: the simulator makes only U2A ones", async () => {
    await approvedAndPaid("fay");
    expect(await pi.incompleteServerPayments()).toEqual([]);
  });
});

describe("errors", () => {
  it("maps an unknown payment to 'not_found'", async () => {
    const error = await rejection(pi.getPayment("no-such-payment"));
    expect(error).toMatchObject({ kind: "not_found", status: 404, piError: "payment_not_found" });
  });

  it("maps a wrong server API key to 'unauthorized', without echoing the key", async () => {
    const wrongKey = createPiPlatformClient({ baseUrl: simulator.url, apiKey: "wrong-key-value" });
    const error = await rejection(wrongKey.getPayment("anything"));
    expect(error).toMatchObject({ kind: "unauthorized", status: 401 });
    expect(error.message).not.toContain("wrong-key-value");
    expect(error.message).not.toContain(API_KEY);
  });

  it("maps an injected failure to 'unavailable', once", async () => {
    const { payment } = await approvedAndPaid();
    await control.injectFault({ next: "fail", path: "/approve" });

    // Other paths are unaffected.
    await expect(pi.getPayment(payment.identifier)).resolves.toBeTruthy();
    const error = await rejection(pi.approvePayment(payment.identifier));
    expect(error).toMatchObject({ kind: "unavailable", status: 500 });
    await expect(pi.approvePayment(payment.identifier)).resolves.toBeTruthy();
  });

  it("fails 'count' matching calls", async () => {
    await control.injectFault({ next: "fail", count: 2 });
    expect((await rejection(pi.getPayment("x"))).kind).toBe("unavailable");
    expect((await rejection(pi.incompleteServerPayments())).kind).toBe("unavailable");
    expect((await rejection(pi.getPayment("x"))).kind).toBe("not_found");
  });

  it("maps an injected hang to 'timeout' with the client's timeoutMs", async () => {
    const impatient = createPiPlatformClient({ baseUrl: simulator.url, apiKey: API_KEY, timeoutMs: 200 });
    const { accessToken } = await control.signIn("gus");
    await control.injectFault({ next: "timeout", path: "/v2/me" });

    const started = Date.now();
    const error = await rejection(impatient.me(accessToken));
    expect(error.kind).toBe("timeout");
    expect(error.status).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(impatient.me(accessToken)).resolves.toMatchObject({ username: "gus" });
  });

  it("maps an unreachable platform to 'unavailable'", async () => {
    const nowhere = createPiPlatformClient({ baseUrl: "http://127.0.0.1:9", apiKey: API_KEY });
    expect((await rejection(nowhere.getPayment("x"))).kind).toBe("unavailable");
  });

  it("maps a body that is not a PaymentDTO to 'invalid_response'", async () => {
    const fakeFetch: typeof fetch = async () => Response.json({ identifier: "x", amount: "lots" });
    const client = createPiPlatformClient({ baseUrl: "http://pi.test", apiKey: API_KEY, fetch: fakeFetch });
    expect((await rejection(client.getPayment("x"))).kind).toBe("invalid_response");
  });
});

describe("credentials", () => {
  it("answers 'unauthorized' for a malformed token without sending it or quoting it", async () => {
    const error = await rejection(pi.me("bad\ntoken-secret"));
    expect(error.kind).toBe("unauthorized");
    expect(error.message).not.toContain("token-secret");
  });

  it("refuses an API key that cannot be sent in a header", () => {
    expect(() => createPiPlatformClient({ baseUrl: simulator.url, apiKey: "" })).toThrow(/apiKey/);
    expect(() => createPiPlatformClient({ baseUrl: simulator.url, apiKey: "a b" })).toThrow(/apiKey/);
  });
});
