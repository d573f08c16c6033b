// Zod schemas for the Pi Platform API's resource types, spelled as Pi spells them (snake_case),
// so a response that drifts from the documented shape is caught at the boundary.
import { z } from "zod";

/** Scopes a user can grant to an app (`Pi.authenticate(scopes, ...)`). */
export const piScopeSchema = z.enum(["username", "payments", "wallet_address", "in_app_notifications"]);

/** Pi's `UserDTO`, the response of `GET /v2/me`. */
export const piUserDtoSchema = z.object({
  uid: z.string().min(1),
  credentials: z.object({
    // Kept as strings: an unknown future scope must not make every sign-in fail.
    scopes: z.array(z.string()),
    valid_until: z.object({ timestamp: z.number(), iso8601: z.string() }),
  }),
  /** Present only when the user granted the `username` scope. */
  username: z.string().optional(),
});

export const piPaymentStatusSchema = z.object({
  developer_approved: z.boolean(),
  transaction_verified: z.boolean(),
  developer_completed: z.boolean(),
  cancelled: z.boolean(),
  user_cancelled: z.boolean(),
});

export const piPaymentTransactionSchema = z.object({
  txid: z.string(),
  verified: z.boolean(),
  _link: z.string(),
});

/** Pi's `PaymentDTO`, the response of every `/v2/payments/...` call. */
export const piPaymentDtoSchema = z.object({
  identifier: z.string().min(1),
  user_uid: z.string(),
  amount: z.number(),
  memo: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  from_address: z.string(),
  to_address: z.string(),
  direction: z.enum(["user_to_app", "app_to_user"]),
  created_at: z.string(),
  /** 'Pi Network' (mainnet) or 'Pi Testnet'; left open so a new network name is not a hard failure. */
  network: z.string(),
  status: piPaymentStatusSchema,
  transaction: piPaymentTransactionSchema.nullable(),
});

/** Response of `GET /v2/payments/incomplete_server_payments` (A2U payments only). */
export const piIncompleteServerPaymentsSchema = z.object({
  incomplete_server_payments: z.array(piPaymentDtoSchema),
});

/** The Ad Network's ad types (`Pi.Ads.showAd(type)`). */
export const piAdTypeSchema = z.enum(["interstitial", "rewarded"]);

/**
 * Pi's `RewardedAdStatusDTO`, the response of `GET /v2/ads_network/status/{adId}`. Pi documents
 * `mediator_ack_status` as "granted" | "revoked" | "failed" | null; kept open, so that a new status is
 * read as not granted rather than as a broken answer.
 */
export const piRewardedAdStatusSchema = z.object({
  identifier: z.string().min(1),
  mediator_ack_status: z.string().nullable(),
  mediator_granted_at: z.string().nullable(),
  mediator_revoked_at: z.string().nullable(),
});

/** Pi's error body; both fields are optional because an outage may answer with an HTML page. */
/**
 * App-to-user in-app notifications (`POST /v2/in_app_notifications/notify`, as Pi's demo app and platform
 * docs describe it): at most 256 a call, and Pi delivers to each user who granted the scope; the others are
 * simply absent from `delivered_notifications`.
 */
export const PI_NOTIFICATIONS_PER_CALL = 256;
export const piNotificationSchema = z.object({
  title: z.string(),
  body: z.string(),
  user_uid: z.string(),
  /** A path inside the app, starting with '/'. */
  subroute: z.string(),
});
export const piNotifyResultSchema = z.object({
  success: z.boolean(),
  delivered_notifications: z.array(
    piNotificationSchema.extend({
      id: z.string(),
      seen_at: z.string().nullable(),
      dismissed_at: z.string().nullable(),
    }),
  ),
});
export type PiNotification = z.infer<typeof piNotificationSchema>;
export type PiNotifyResult = z.infer<typeof piNotifyResultSchema>;

export const piErrorBodySchema = z.object({
  error: z.string().optional(),
  error_message: z.string().optional(),
});

export type PiScope = z.infer<typeof piScopeSchema>;
export type PiUserDTO = z.infer<typeof piUserDtoSchema>;
/** The verified Pi user, as `me()` returns it. */
export type PiUser = PiUserDTO;
export type PiPaymentStatus = z.infer<typeof piPaymentStatusSchema>;
export type PiPaymentTransaction = z.infer<typeof piPaymentTransactionSchema>;
export type PiPaymentDTO = z.infer<typeof piPaymentDtoSchema>;
export type PiAdType = z.infer<typeof piAdTypeSchema>;
export type PiRewardedAdStatusDTO = z.infer<typeof piRewardedAdStatusSchema>;
export type PiErrorBody = z.infer<typeof piErrorBodySchema>;
