// The app wallet's side of an app-to-user (A2U) payment: build the Stellar payment Pi's blockchain carries,
// sign it with the app wallet's seed, and submit it to Horizon. Pi's rules: the memo is the Pi payment's
// identifier, the amount and destination are the payment's, and the source account's sequence number must
// be the next one (so A2U payments are sent one at a time). @stellar/stellar-base builds and signs; the two
// Horizon calls go through fetch with a timeout, like the Platform client's.
import {
  Asset,
  BASE_FEE,
  Keypair,
  Memo,
  Operation,
  TransactionBuilder,
  Account,
} from "@stellar/stellar-base";
import { createHash } from "node:crypto";
import { z } from "zod";
import { PiPlatformError } from "./errors.js";

/** Pi's network passphrases: mainnet, and the testnet sandbox apps use. */
export const PI_NETWORK_PASSPHRASE = { mainnet: "Pi Network", testnet: "Pi Testnet" } as const;

export interface StellarPayerOptions {
  /** Horizon's origin, e.g. 'https://api.testnet.minepi.com' (or the simulator's '/pi-sim/horizon'). */
  horizonUrl: string;
  /** The app wallet's secret seed ('S...'): it signs, and never leaves this object. */
  seed: string;
  networkPassphrase: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface StellarPayer {
  /** The app wallet's public key ('G...'). */
  readonly publicKey: string;
  /** Signs and submits the payment's transaction; answers its hash (Pi's txid). */
  pay(payment: { paymentId: string; to: string; amount: string }): Promise<string>;
}

const accountSchema = z.object({ sequence: z.string() });
const submittedSchema = z.object({ hash: z.string().min(1) });

export function createStellarPayer(options: StellarPayerOptions): StellarPayer {
  const keypair = Keypair.fromSecret(options.seed);
  const horizon = options.horizonUrl.replace(/\/+$/, "");
  const fetchFn = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call<T>(label: string, url: string, init: RequestInit, schema: z.ZodType<T>): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await fetchFn(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      text = await response.text();
    } catch (error) {
      throw new PiPlatformError(`Horizon ${label}: could not be reached`, {
        kind: "unavailable",
        cause: error,
      });
    }
    if (!response.ok)
      throw new PiPlatformError(`Horizon ${label}: ${response.status} ${text.slice(0, 200)}`, {
        kind: response.status >= 500 ? "unavailable" : "rejected",
        status: response.status,
      });
    const parsed = schema.safeParse(JSON.parse(text));
    if (!parsed.success)
      throw new PiPlatformError(`Horizon ${label}: unexpected response shape`, {
        kind: "invalid_response",
        status: response.status,
      });
    return parsed.data;
  }

  return {
    publicKey: keypair.publicKey(),
    async pay({ paymentId, to, amount }) {
      const { sequence } = await call(
        "GET /accounts",
        `${horizon}/accounts/${keypair.publicKey()}`,
        { method: "GET" },
        accountSchema,
      );
      const tx = new TransactionBuilder(new Account(keypair.publicKey(), sequence), {
        fee: BASE_FEE,
        networkPassphrase: options.networkPassphrase,
      })
        .addOperation(Operation.payment({ destination: to, asset: Asset.native(), amount }))
        .addMemo(Memo.text(paymentId))
        .setTimeout(180)
        .build();
      tx.sign(keypair);
      const { hash } = await call(
        "POST /transactions",
        `${horizon}/transactions`,
        {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ tx: tx.toXDR() }).toString(),
        },
        submittedSchema,
      );
      return hash;
    },
  };
}

/**
 * The simulator's app wallet (development and tests only: it is public, so it can hold nothing of value); the
 * app's PI_WALLET_SEED defaults to it when it talks to the simulator.
 */
export const SIMULATOR_APP_WALLET_SEED = Keypair.fromRawEd25519Seed(
  createHash("sha256").update("purplebeats-simulator-app-wallet").digest(),
).secret();

/** The public key of a seed, to check configuration at start (a bad seed fails there, not at a payout). */
export const publicKeyOfSeed = (seed: string) => Keypair.fromSecret(seed).publicKey();
