// `/__control`: what the Pi app and wallet would do on the user's phone, plus test switches.
// Used by tests and by the browser shim (`/sdk.js`), which may be served from another origin
// than the web app, hence the permissive CORS (no cookies are involved: tokens go in headers).
import type { FastifyPluginAsync } from "fastify";
import type { HangingRequests } from "./hangs.js";
import { paymentIdParam, requireAccessToken } from "./http.js";
import {
  transactionRequestSchema,
  type PiSimulatorState,
  type PaymentData,
  type SimulatedUserRequest,
} from "./state.js";
import type { FaultRequest } from "./faults.js";

export interface ControlRoutesOptions {
  state: PiSimulatorState;
  hangs: HangingRequests;
}

export const controlRoutes: FastifyPluginAsync<ControlRoutesOptions> = async (app, { state, hangs }) => {
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("Access-Control-Allow-Origin", "*");
  });
  app.options("/__control/*", async (_request, reply) =>
    reply
      .header("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
      .header("Access-Control-Allow-Headers", "Authorization, Content-Type, Accept")
      .header("Access-Control-Max-Age", "600")
      .code(204)
      .send(),
  );

  // Bodies are validated by the state's zod schemas (a ZodError becomes a 400).
  app.post("/__control/users", async (request) => state.authenticate(request.body as SimulatedUserRequest));

  // JSON null when the user has nothing to finish.
  app.get("/__control/users/:uid/incomplete", async (request) =>
    state.incompletePaymentOf((request.params as { uid: string }).uid),
  );

  app.post("/__control/payments", async (request) =>
    state.createPayment(requireAccessToken(request), request.body as PaymentData),
  );

  // The shim polls this while it waits for the app's server to approve (the API key stays on the server).
  app.get("/__control/payments/:paymentId", async (request) => state.getPayment(paymentIdParam(request)));

  // `{ "verified": false }` submits a transaction the blockchain has not confirmed yet; `/verify` confirms it.
  app.post("/__control/payments/:paymentId/transaction", async (request) =>
    state.submitTransaction(paymentIdParam(request), transactionRequestSchema.parse(request.body ?? {})),
  );

  app.post("/__control/payments/:paymentId/verify", async (request) =>
    state.verifyTransaction(paymentIdParam(request)),
  );

  app.post("/__control/payments/:paymentId/cancel", async (request) =>
    state.userCancelPayment(paymentIdParam(request)),
  );

  app.post("/__control/faults", async (request) => {
    state.faults.add((request.body ?? {}) as FaultRequest);
    return { pendingFaults: state.faults.size };
  });

  app.post("/__control/reset", async (_request, reply) => {
    state.reset();
    hangs.releaseAll();
    return reply.code(204).send();
  });
};
