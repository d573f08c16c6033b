// The Pi Platform API (`/v2/...`) as the app's server sees it, with injected faults applied first
// (a real outage happens before authentication does).
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { HangingRequests } from "./hangs.js";
import { paymentIdParam, requireAccessToken, requireServerKey } from "./http.js";
import { SimulatorError, type PiSimulatorState } from "./state.js";

export interface PlatformRoutesOptions {
  state: PiSimulatorState;
  apiKey: string;
  hangs: HangingRequests;
  /** How long a 'timeout' fault holds the request (if nobody hangs up first). */
  hangMs: number;
}

const completeBodySchema = z.object({ txid: z.string().min(1) }, { error: "The body must be { txid }" });

export const platformRoutes: FastifyPluginAsync<PlatformRoutesOptions> = async (
  app,
  { state, apiKey, hangs, hangMs },
) => {
  const lost = new WeakSet<object>();
  app.addHook("onRequest", async (request, reply) => {
    const fault = state.faults.take(request.url.split("?")[0] ?? request.url, request.method);
    if (fault === "lost") {
      lost.add(request);
      return;
    }
    if (fault === "timeout") await hangs.wait(hangMs, reply);
    if (fault) {
      return reply.code(fault === "fail" ? 500 : 504).send({
        error: "internal_server_error",
        error_message: `Simulated Pi Platform ${fault === "fail" ? "failure" : "timeout"}`,
      });
    }
  });

  // 'lost': the work is done, the answer never arrives in one piece.
  app.addHook("onSend", async (request, reply, payload) => {
    if (!lost.has(request)) return payload;
    reply.code(500);
    return JSON.stringify({ error: "internal_server_error", error_message: "Simulated lost answer" });
  });

  app.get("/v2/me", async (request) => state.me(requireAccessToken(request)));

  // A2U: the app's server creates a payment to one of its users (Pi approves it at once).
  app.post("/v2/payments", async (request) => {
    requireServerKey(request, apiKey);
    return state.createServerPayment(request.body);
  });

  // Horizon, as far as the app wallet needs it: its account's sequence, and submitting a signed transaction.
  app.register(async (horizon) => {
    horizon.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    horizon.get("/horizon/accounts/:accountId", async (request) =>
      state.horizonAccount((request.params as { accountId: string }).accountId),
    );
    horizon.post("/horizon/transactions", async (request) =>
      state.submitStellarTransaction((request.body as { tx?: unknown } | undefined)?.tx),
    );
  });

  app.post("/v2/in_app_notifications/notify", async (request, reply) => {
    requireServerKey(request, apiKey);
    return reply.code(201).send(state.notify(request.body));
  });

  app.get("/v2/payments/incomplete_server_payments", async (request) => {
    requireServerKey(request, apiKey);
    return { incomplete_server_payments: state.incompleteServerPayments() };
  });

  app.get("/v2/payments/:paymentId", async (request) => {
    requireServerKey(request, apiKey);
    return state.getPayment(paymentIdParam(request));
  });

  app.post("/v2/payments/:paymentId/approve", async (request) => {
    requireServerKey(request, apiKey);
    return state.approvePayment(paymentIdParam(request));
  });

  app.post("/v2/payments/:paymentId/complete", async (request) => {
    requireServerKey(request, apiKey);
    const body = completeBodySchema.safeParse(request.body);
    if (!body.success) throw new SimulatorError(400, "invalid_request", "The body must be { txid }");
    return state.completePayment(paymentIdParam(request), body.data.txid);
  });

  app.post("/v2/payments/:paymentId/cancel", async (request) => {
    requireServerKey(request, apiKey);
    return state.cancelPayment(paymentIdParam(request));
  });

  app.get("/v2/ads_network/status/:adId", async (request) => {
    requireServerKey(request, apiKey);
    const status = state.ads.status((request.params as { adId: string }).adId);
    if (!status) throw new SimulatorError(404, "ad_not_found", "No rewarded ad with this identifier");
    return status;
  });
};
