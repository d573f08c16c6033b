// `/__control`: what the Pi app and wallet would do on the user's phone, plus test switches.
// Used by tests and by the browser shim (`/sdk.js`), which calls them from the page that loaded it: the
// same origin (the API mounts the simulator at /pi-sim; Vite's dev server forwards it keeping the Host).
// They mint a session for any uid, so another site's page may not call them.
import type { FastifyPluginAsync } from "fastify";
import type { HangingRequests } from "./hangs.js";
import { accessTokenOf, paymentIdParam, requireAccessToken } from "./http.js";
import {
  SimulatorError,
  transactionRequestSchema,
  type PiSimulatorState,
  type PaymentData,
  type SimulatedUserRequest,
} from "./state.js";
import type { FaultRequest } from "./faults.js";
import type { AdScenarioRequest } from "./ads.js";
import { piAdTypeSchema } from "../schemas.js";
import { CROSS_SITE_MESSAGE, isCrossSiteRequest } from "./guard.js";

export interface ControlRoutesOptions {
  state: PiSimulatorState;
  hangs: HangingRequests;
}

export const controlRoutes: FastifyPluginAsync<ControlRoutesOptions> = async (app, { state, hangs }) => {
  // No CORS grant, and no preflight answered: another site's page must not drive the controls.
  app.addHook("onRequest", async (request) => {
    if (request.method === "OPTIONS" || isCrossSiteRequest(request.headers))
      throw new SimulatorError(403, "forbidden", CROSS_SITE_MESSAGE);
  });
  // A preflight is refused by the hook above (a route, so that it meets the hook rather than a 404).
  app.options("/__control/*", async () => undefined);

  // Bodies are validated by the state's zod schemas (a ZodError becomes a 400).
  app.post("/__control/users", async (request) => state.authenticate(request.body as SimulatedUserRequest));

  // JSON null when the user has nothing to finish.
  app.get("/__control/users/:uid/incomplete", async (request) =>
    state.incompletePaymentOf((request.params as { uid: string }).uid),
  );

  // What the user's Pi app shows in its Notification Center (the last 24 hours).
  app.get("/__control/users/:uid/notifications", async (request) =>
    state.notificationsOf((request.params as { uid: string }).uid),
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

  // The Ad Network as the SDK shim asks it (Pi.Ads); a rewarded ad needs the page's signed-in user (Bearer).
  const adType = (request: { params: unknown }) =>
    piAdTypeSchema.parse((request.params as { type: string }).type);
  app.get("/__control/ads/:type/ready", async (request) => state.ads.isAdReady(adType(request)));
  app.post("/__control/ads/:type/request", async (request) => state.ads.requestAd(adType(request)));
  app.post("/__control/ads/:type/show", async (request) =>
    state.ads.showAd(adType(request), state.isSignedIn(accessTokenOf(request))),
  );
  // Arms what the next ads do (not ready, a display error, a reward not granted), as faults are armed.
  app.post("/__control/ads", async (request) => ({
    armedScenarios: state.ads.arm((request.body ?? {}) as AdScenarioRequest),
  }));
  app.get("/__control/ads", async () => ({ shown: state.ads.shown() }));

  // What the simulated chain carried (A2U payouts): tests count transfers per payment.
  app.get("/__control/transfers", async () => ({ transfers: state.transfers }));

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
