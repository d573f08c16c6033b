import { z } from "zod";
import { userIdSchema } from "./common.js";
import { PREMIUM_DURATION, PREMIUM_PRODUCT_ID, TIP_PRODUCT_ID, tipAmountProblem } from "../constants.js";

export const membershipSchema = z.object({
  isPremium: z.boolean(),
  expiresAt: z.string().nullable(),
  amount: z.string(),
});
export type MembershipDto = z.infer<typeof membershipSchema>;

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

/** A tip's metadata: which artist it goes to (its amount is the payment's, within the tip bounds). */
export const tipMetadataSchema = z.object({
  productId: z.literal(TIP_PRODUCT_ID),
  artistId: z.string().uuid("artistId must be a valid id"),
  userId: userIdSchema.optional(),
});
export type TipMetadata = z.infer<typeof tipMetadataSchema>;

/** A tip's amount as a person types it, in π. */
export const tipAmountSchema = z.number({ error: "amount must be a number" }).superRefine((amount, ctx) => {
  const problem = tipAmountProblem(amount);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
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

/** 'pending': paid, but Pi has not verified the blockchain transaction yet; premium starts once it has. */
export const PAYMENT_STATUSES = [
  "created",
  "approved",
  "pending",
  "completed",
  "cancelled",
  "failed",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const paymentSchema = z.object({
  paymentId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.string(),
  txid: z.string().nullable(),
});
export type PaymentDto = z.infer<typeof paymentSchema>;
export const paymentCompletionSchema = paymentSchema.extend({ membership: membershipSchema });
export type PaymentCompletionDto = z.infer<typeof paymentCompletionSchema>;
