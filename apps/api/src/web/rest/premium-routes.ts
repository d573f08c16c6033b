import { route, type RestRoute } from "./route-table.js";

export const premiumRoutes: RestRoute[] = [
  route(
    "GET",
    "/api/membership/:userId",
    "The caller's membership: isPremium, expiresAt, amount",
    "membership.get",
    (c, input) => c.membership.get(input),
  ),
  route(
    "POST",
    "/api/pi/payment",
    "Record a Pi payment the SDK created (status 'created')",
    "payments.create",
    (c, input) => c.payments.create(input),
    {
      successStatus: 201,
    },
  ),
  route(
    "POST",
    "/api/pi/payment/incomplete",
    "Finish or cancel a payment the SDK reported as incomplete",
    "payments.resolveIncomplete",
    (c, input) => c.payments.resolveIncomplete(input),
  ),
  route(
    "POST",
    "/api/pi/payment/:paymentId/approve",
    "Verify the payment with Pi and approve it",
    "payments.approve",
    (c, input) => c.payments.approve(input),
  ),
  route(
    "POST",
    "/api/pi/payment/:paymentId/complete",
    "Verify the txid, complete with Pi and activate one month",
    "payments.complete",
    (c, input) => c.payments.complete(input),
  ),
];
