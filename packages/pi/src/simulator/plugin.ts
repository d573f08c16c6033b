// The Pi simulator as a Fastify plugin, so the API server can mount it in its own process
// (e.g. `app.register(piSimulatorPlugin, { prefix: "/pi-sim", apiKey })`). Everything it sets up
// (JSON parsing, error format, the controls' same-origin rule) stays inside its own encapsulated scope.
import type { FastifyError, FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { piSdkShimScript } from "./browser/sdk-shim.js";
import { controlRoutes } from "./control-routes.js";
import { assertNotProduction } from "./guard.js";
import { HangingRequests } from "./hangs.js";
import { platformRoutes } from "./platform-routes.js";
import { PiSimulatorState, SimulatorError } from "./state.js";

export interface PiSimulatorPluginOptions {
  /** The Server API Key the simulated platform accepts (`Authorization: Key <apiKey>`). */
  apiKey: string;
  /** Pass one to reach the simulator's state from tests or the host app; a fresh one otherwise. */
  state?: PiSimulatorState;
  /** How long a 'timeout' fault holds a request at most; defaults to 30 s. */
  hangMs?: number;
}

export const DEFAULT_HANG_MS = 30_000;

export const piSimulatorPlugin: FastifyPluginAsync<PiSimulatorPluginOptions> = async (app, options) => {
  assertNotProduction();
  if (!options.apiKey) throw new Error("piSimulatorPlugin needs an apiKey");
  const state = options.state ?? new PiSimulatorState();
  const hangs = new HangingRequests();

  // Pi accepts POST /approve with `Content-Type: application/json` and no body; Fastify would say 400.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new SimulatorError(400, "invalid_request", "The body is not valid JSON"), undefined);
    }
  });

  app.setErrorHandler<FastifyError | SimulatorError | z.ZodError>((error, request, reply) => {
    if (error instanceof SimulatorError) {
      return reply.code(error.status).send({
        error: error.code,
        error_message: error.message,
        ...(error.payment ? { payment: error.payment } : {}),
      });
    }
    if (error instanceof z.ZodError) {
      return reply.code(400).send({ error: "invalid_request", error_message: z.prettifyError(error) });
    }
    const status = error.statusCode ?? 500;
    if (status < 500)
      return reply.code(status).send({ error: "invalid_request", error_message: error.message });
    request.log.error({ err: error }, "Pi simulator failed");
    return reply.code(500).send({ error: "internal_server_error", error_message: "The Pi simulator failed" });
  });

  // Hanging 'timeout' faults must not keep the server from closing.
  app.addHook("preClose", async () => hangs.releaseAll());

  await app.register(platformRoutes, {
    state,
    apiKey: options.apiKey,
    hangs,
    hangMs: options.hangMs ?? DEFAULT_HANG_MS,
  });
  await app.register(controlRoutes, { state, hangs });

  app.get("/sdk.js", async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("Cache-Control", "no-store").send(piSdkShimScript),
  );
};
