import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "./errors.js";
import { isLoopbackAddress } from "../../infra/lib/loopback.js";
import {
  createPiPlatformClient,
  createStellarPayer,
  PI_NETWORK_PASSPHRASE,
  SIMULATOR_APP_WALLET_SEED,
  type PiPlatformClient,
  type StellarPayer,
} from "@purplebeats/pi";
import type { Config } from "../../config/env.js";

export const PI_SIMULATOR_PREFIX = "/pi-sim";
export const PI_SDK_URL = "https://sdk.minepi.com/pi-sdk.js";

/** A script that loads the simulator's shim from `src`, so that the shim sees its own address. */
export const simulatorLoader = (src: string) =>
  `(function(){var s=document.createElement("script");s.src=${JSON.stringify(src)};s.async=false;document.head.appendChild(s);})();`;

/**
 * The simulator's controls mint an identity for any uid (an admin's too) and settle payments: they answer
 * only this machine unless PI_SIMULATOR_PUBLIC=1. The matched route decides, however the path was spelled;
 * behind a trusted proxy, the client's address is the one the proxy saw.
 */
async function controlsForThisMachineOnly(request: FastifyRequest, reply: FastifyReply) {
  if (!request.routeOptions.url?.includes("/__control")) return;
  if (isLoopbackAddress(request.ip)) return;
  return reply
    .code(403)
    .send(errorBody(403, "The Pi simulator answers only this machine (PI_SIMULATOR_PUBLIC=1 opens it)"));
}

/**
 * The Pi Platform client. With the simulator on, the simulator runs in this process at /pi-sim
 * (registerPiSdk) and the client reaches it over real HTTP on loopback, once the server knows its port.
 */
export function createPiConnection(config: Config) {
  let client: PiPlatformClient | undefined = config.pi.simulator
    ? undefined
    : createPiPlatformClient({
        baseUrl: config.pi.apiUrl,
        apiKey: config.pi.apiKey,
        timeoutMs: config.pi.timeoutMs,
      });

  const current = () => {
    if (!client) throw new Error("The Pi simulator is not listening yet");
    return client;
  };
  const pi: PiPlatformClient = {
    me: (token) => current().me(token),
    getPayment: (id) => current().getPayment(id),
    approvePayment: (id) => current().approvePayment(id),
    completePayment: (id, txid) => current().completePayment(id, txid),
    cancelPayment: (id) => current().cancelPayment(id),
    createAppToUserPayment: (payment) => current().createAppToUserPayment(payment),
    incompleteServerPayments: () => current().incompleteServerPayments(),
    rewardedAdStatus: (adId) => current().rewardedAdStatus(adId),
    sendNotifications: (notifications) => current().sendNotifications(notifications),
  };
  // The app wallet that pays artists (A2U), made once payouts are on: the simulator's Horizon once its port is known.
  const makePayer = (horizonUrl: string) =>
    createStellarPayer({
      horizonUrl,
      seed: config.artists.walletSeed ?? SIMULATOR_APP_WALLET_SEED,
      networkPassphrase: config.pi.sandbox ? PI_NETWORK_PASSPHRASE.testnet : PI_NETWORK_PASSPHRASE.mainnet,
      timeoutMs: config.pi.timeoutMs,
    });
  let stellar: StellarPayer | undefined =
    config.artists.payouts && !config.pi.simulator ? makePayer(config.artists.horizonUrl) : undefined;
  return {
    pi,
    /** The app wallet's payer; null while payouts are off (or the simulator is not listening yet). */
    payer: (): StellarPayer | null => stellar ?? null,
    /** Points the client at the in-process simulator once the port is known. */
    onListening(port: number) {
      if (config.pi.simulator && config.artists.payouts)
        stellar = makePayer(`http://127.0.0.1:${port}${PI_SIMULATOR_PREFIX}/horizon`);
      if (config.pi.simulator) {
        client = createPiPlatformClient({
          baseUrl: `http://127.0.0.1:${port}${PI_SIMULATOR_PREFIX}`,
          apiKey: config.pi.apiKey,
          timeoutMs: config.pi.timeoutMs,
        });
      }
    },
  };
}

export type PiConnection = ReturnType<typeof createPiConnection>;

/** The simulator's routes at /pi-sim when it is on, and /pi-sdk.js, which the page loads. */
export async function registerPiSdk(app: FastifyInstance, config: Config) {
  if (config.pi.simulator) {
    // Imported only here, so a production bundle never evaluates the simulator.
    const { piSimulatorPlugin } = await import("@purplebeats/pi/simulator");
    await app.register(
      async (simulator) => {
        if (!config.pi.simulatorPublic) simulator.addHook("onRequest", controlsForThisMachineOnly);
        await simulator.register(piSimulatorPlugin, { apiKey: config.pi.apiKey });
      },
      { prefix: PI_SIMULATOR_PREFIX },
    );
  }
  // The page loads /pi-sdk.js: the real SDK, or the simulator's window.Pi shim. The shim finds its control
  // API next to its own script URL, which a redirect would hide (the page still sees /pi-sdk.js): so in
  // simulator mode /pi-sdk.js is a loader that adds the shim's script from where it lives.
  app.get("/pi-sdk.js", async (_request, reply) =>
    config.pi.simulator
      ? reply
          .type("text/javascript; charset=utf-8")
          .header("Cache-Control", "no-store")
          .send(simulatorLoader(`${PI_SIMULATOR_PREFIX}/sdk.js`))
      : reply.redirect(PI_SDK_URL, 302),
  );
}
