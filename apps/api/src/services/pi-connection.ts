import type { FastifyInstance } from "fastify";
import { createPiPlatformClient, type PiPlatformClient } from "@purplebeats/pi";
import type { Config } from "../env.js";

export const PI_SIMULATOR_PREFIX = "/pi-sim";
export const PI_SDK_URL = "https://sdk.minepi.com/pi-sdk.js";

/**
 * The Pi Platform client. With the simulator on, the simulator runs in this process at /pi-sim and the
 * client reaches it over real HTTP on loopback, once the server knows its port.
 */
export async function connectPi(app: FastifyInstance, config: Config) {
  let client: PiPlatformClient | undefined = config.pi.simulator
    ? undefined
    : createPiPlatformClient({
        baseUrl: config.pi.apiUrl,
        apiKey: config.pi.apiKey,
        timeoutMs: config.pi.timeoutMs,
      });

  if (config.pi.simulator) {
    // Imported only here, so a production bundle never evaluates the simulator.
    const { piSimulatorPlugin } = await import("@purplebeats/pi/simulator");
    await app.register(piSimulatorPlugin, { prefix: PI_SIMULATOR_PREFIX, apiKey: config.pi.apiKey });
  }
  // The page loads /pi-sdk.js: the real SDK, or the simulator's window.Pi shim.
  app.get("/pi-sdk.js", async (_request, reply) =>
    reply.redirect(config.pi.simulator ? `${PI_SIMULATOR_PREFIX}/sdk.js` : PI_SDK_URL, 302),
  );

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
    incompleteServerPayments: () => current().incompleteServerPayments(),
  };
  return {
    pi,
    /** Points the client at the in-process simulator once the port is known. */
    onListening(port: number) {
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
