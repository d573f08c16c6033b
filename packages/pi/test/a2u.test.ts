// App-to-user payments against the standalone simulator over real HTTP: the server creates the payment,
// the app wallet signs and submits its Stellar transaction to the Horizon stand-in, then completes it.
// The chain takes a payment once, only signed by the app wallet, with the next sequence number and the
// payment's memo, amount and destination; an answer lost after Pi did the work leaves it in
// incomplete_server_payments for the app to find.
import { Keypair } from "@stellar/stellar-base";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  PI_NETWORK_PASSPHRASE,
  PiPlatformError,
  SIMULATOR_APP_WALLET_SEED,
  createPiPlatformClient,
  createStellarPayer,
  type PiPlatformClient,
} from "../src/index.js";
import { startPiSimulator, userWalletFor, type RunningPiSimulator } from "../src/simulator/index.js";
import { API_KEY, controlApi } from "./helpers.js";

let simulator: RunningPiSimulator;
let pi: PiPlatformClient;
let control: ReturnType<typeof controlApi>;
const payer = (seed = SIMULATOR_APP_WALLET_SEED) =>
  createStellarPayer({
    horizonUrl: `${simulator.url}/horizon`,
    seed,
    networkPassphrase: PI_NETWORK_PASSPHRASE.testnet,
  });

beforeAll(async () => {
  simulator = await startPiSimulator({ port: 0, apiKey: API_KEY });
  pi = createPiPlatformClient({ baseUrl: simulator.url, apiKey: API_KEY });
  control = controlApi(simulator.url);
});
afterAll(() => simulator.close());
beforeEach(() => control.reset());

const payout = async (username: string, amount = 2.5) => {
  const { user } = await control.signIn(username);
  return pi.createAppToUserPayment({ amount, memo: "Payout", metadata: { payoutId: "p1" }, uid: user.uid });
};

describe("A2U payments in the simulator", () => {
  it("creates, pays on chain once and completes an app-to-user payment", async () => {
    const payment = await payout("artist-1");
    expect(payment).toMatchObject({ direction: "app_to_user", amount: 2.5, transaction: null });
    expect(payment.to_address).toBe(userWalletFor(payment.user_uid));
    expect(await pi.incompleteServerPayments()).toHaveLength(1);

    const txid = await payer().pay({ paymentId: payment.identifier, to: payment.to_address, amount: "2.5" });
    expect((await pi.getPayment(payment.identifier)).transaction).toMatchObject({ txid, verified: true });
    // The same payment again: refused by the chain, whatever signs it.
    await expect(
      payer().pay({ paymentId: payment.identifier, to: payment.to_address, amount: "2.5" }),
    ).rejects.toThrow(/tx_already_paid/);
    expect((await pi.completePayment(payment.identifier, txid)).status.developer_completed).toBe(true);
    expect(await pi.incompleteServerPayments()).toEqual([]);
    expect(simulator.state.transfers).toEqual([
      { paymentId: payment.identifier, to: payment.to_address, amount: "2.5000000", txid },
    ]);
  });

  it("refuses a transaction another key signed, or with another amount or destination", async () => {
    const payment = await payout("artist-2");
    const stranger = Keypair.random().secret();
    await expect(
      payer(stranger).pay({ paymentId: payment.identifier, to: payment.to_address, amount: "2.5" }),
    ).rejects.toThrow(/404|tx_bad_auth/);
    await expect(
      payer().pay({ paymentId: payment.identifier, to: payment.to_address, amount: "25" }),
    ).rejects.toThrow(/tx_bad_operation/);
    await expect(
      payer().pay({ paymentId: payment.identifier, to: userWalletFor("someone-else"), amount: "2.5" }),
    ).rejects.toThrow(/tx_bad_operation/);
    expect(simulator.state.transfers).toEqual([]);
  });

  it("loses an answer after doing the work: the payment is still listed as incomplete", async () => {
    await control.injectFault({ next: "lost", path: "/v2/payments", method: "POST" });
    const { user } = await control.signIn("artist-3");
    const error = await pi
      .createAppToUserPayment({ amount: 1, memo: "Payout", metadata: { payoutId: "p3" }, uid: user.uid })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(PiPlatformError);
    const [left] = await pi.incompleteServerPayments();
    expect(left?.metadata).toEqual({ payoutId: "p3" });
    // One open A2U payment per user: the app must finish the one it lost before paying again.
    await expect(
      pi.createAppToUserPayment({ amount: 1, memo: "Payout", metadata: {}, uid: user.uid }),
    ).rejects.toThrow(/ongoing_payment_found/);
  });
});
