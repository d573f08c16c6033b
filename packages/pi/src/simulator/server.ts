// The simulator as its own HTTP server: for tests (port 0) and `pnpm --filter @purplebeats/pi simulator`.
import Fastify, { type FastifyInstance } from "fastify";
import { assertNotProduction } from "./guard.js";
import { piSimulatorPlugin } from "./plugin.js";
import { PiSimulatorState } from "./state.js";

export interface StartPiSimulatorOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  apiKey: string;
  state?: PiSimulatorState;
  hangMs?: number;
  logger?: boolean;
}

export interface RunningPiSimulator {
  /** e.g. 'http://127.0.0.1:4010': the client's `baseUrl`, and `${url}/sdk.js` for the browser. */
  url: string;
  state: PiSimulatorState;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startPiSimulator(options: StartPiSimulatorOptions): Promise<RunningPiSimulator> {
  assertNotProduction();
  const state = options.state ?? new PiSimulatorState();
  // forceCloseConnections: close() must not wait for keep-alive sockets of test clients.
  const app = Fastify({ logger: options.logger ?? false, forceCloseConnections: true });
  await app.register(piSimulatorPlugin, { apiKey: options.apiKey, state, hangMs: options.hangMs });
  const host = options.host ?? "127.0.0.1";
  await app.listen({ port: options.port, host });

  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return { url: `http://${urlHost}:${port}`, state, app, close: () => app.close() };
}
