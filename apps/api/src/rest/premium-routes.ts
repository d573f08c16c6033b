import { body, param, route, type RestRoute } from "./route-table.js";

export const premiumRoutes: RestRoute[] = [
  route(
    "GET",
    "/api/membership/:userId",
    "membership.get",
    "The caller's membership: isPremium, expiresAt, amount",
    (c, req) => c.membership.get({ userId: param(req, "userId") }),
  ),
  route(
    "POST",
    "/api/pi/payment",
    "payments.create",
    "Record a Pi payment the SDK created (status 'created')",
    (c, req) => c.payments.create(body(req)),
    {
      successStatus: 201,
    },
  ),
  route(
    "POST",
    "/api/pi/payment/incomplete",
    "payments.resolveIncomplete",
    "Finish or cancel a payment the SDK reported as incomplete",
    (c, req) => c.payments.resolveIncomplete(body(req)),
  ),
  route(
    "POST",
    "/api/pi/payment/:paymentId/approve",
    "payments.approve",
    "Verify the payment with Pi and approve it",
    (c, req) => c.payments.approve({ paymentId: param(req, "paymentId") }),
  ),
  route(
    "POST",
    "/api/pi/payment/:paymentId/complete",
    "payments.complete",
    "Verify the txid, complete with Pi and activate one month",
    (c, req) => c.payments.complete(body(req, { paymentId: param(req, "paymentId") })),
  ),
];
