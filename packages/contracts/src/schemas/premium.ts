import { z } from "zod";
import { userIdSchema } from "./common.js";

/** SPEC.md sections 1 and 9: 3.14 π for one month. */
export const PREMIUM_PRICE = 3.14;
export const PREMIUM_AMOUNT_TEXT = "3.14";
export const PREMIUM_PRODUCT_ID = "premium_membership";
export const PREMIUM_DURATION = "1_month";
export const PREMIUM_MEMO = "PurpleBeats Premium - 1 month";

export interface MembershipDto {
  isPremium: boolean;
  expiresAt: string | null;
  amount: string;
}

/** Days left, as SPEC.md's card shows them: the ceiling of the remaining days, never below 0. */
export function daysRemaining(expiresAt: string | Date | null, now: Date = new Date()): number {
  if (!expiresAt) return 0;
  const ms = new Date(expiresAt).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 86_400_000);
}

/** Premium is active only while isPremium and expiresAt is in the future. */
export const isMembershipActive = (
  m: Pick<MembershipDto, "isPremium" | "expiresAt">,
  now: Date = new Date(),
) => m.isPremium && m.expiresAt !== null && new Date(m.expiresAt).getTime() > now.getTime();

export const membershipInput = z.object({ userId: userIdSchema });

const paymentIdSchema = z
  .string({ error: "paymentId is required" })
  .min(1, "paymentId is required")
  .max(128, "paymentId is too long")
  .regex(/^[A-Za-z0-9_-]+$/, "paymentId contains characters that are not allowed");
const txidSchema = z
  .string({ error: "txid is required" })
  .min(1, "txid is required")
  .max(256, "txid is too long")
  .regex(/^[A-Za-z0-9_-]+$/, "txid contains characters that are not allowed");

/** The metadata SPEC.md section 7 sends with the payment, as a JSON string. */
export const paymentMetadataSchema = z.object({
  productId: z.literal(PREMIUM_PRODUCT_ID, { error: `productId must be '${PREMIUM_PRODUCT_ID}'` }),
  userId: userIdSchema.optional(),
  duration: z.literal(PREMIUM_DURATION, { error: `duration must be '${PREMIUM_DURATION}'` }).optional(),
});

export const createPaymentInput = z.object({
  paymentId: paymentIdSchema,
  userId: userIdSchema.optional(),
  amount: z.union([z.string(), z.number()], { error: "amount is required" }).transform(String),
  status: z.literal("created", { error: "status must be 'created'" }).optional(),
  metadata: z.string().max(2000, "metadata is too long").optional(),
});
export const approvePaymentInput = z.object({ paymentId: paymentIdSchema });
export const completePaymentInput = z.object({ paymentId: paymentIdSchema, txid: txidSchema });
/** What the SDK's onIncompletePaymentFound reported: the payment's id and, when the wallet sent it, its txid. */
export const incompletePaymentInput = z.object({
  paymentId: paymentIdSchema,
  txid: txidSchema.nullish(),
});

export type PaymentStatus = "created" | "approved" | "completed" | "cancelled" | "failed";
export interface PaymentDto {
  paymentId: string;
  status: PaymentStatus;
  amount: string;
  txid: string | null;
}
export interface PaymentCompletionDto extends PaymentDto {
  membership: MembershipDto;
}
