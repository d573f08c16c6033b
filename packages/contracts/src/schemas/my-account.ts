// The account menu's own screens: Account (membership, receipts, sign-in), Recently played (the play
// records) and Settings & Privacy's data rights (download my data, delete my account).
import { z } from "zod";
import { pageInput } from "./common.js";
import { songSchema } from "./catalog.js";
import { membershipSchema } from "./premium.js";

export const SIGN_IN_METHODS = ["guest", "pi"] as const;

export const accountOverviewSchema = z.object({
  signInMethod: z.enum(SIGN_IN_METHODS),
  /** The Pi username a Pi listener signed in with; null for a guest. */
  piUsername: z.string().nullable(),
  membership: membershipSchema,
});
export type AccountOverviewDto = z.infer<typeof accountOverviewSchema>;

/** One payment as its receipt shows it. */
export const receiptSchema = z.object({
  paymentId: z.string(),
  /** When the payment was made (ISO). */
  date: z.string(),
  /** In π, as Pi recorded it ("3.14"). */
  amount: z.string(),
  txid: z.string().nullable(),
  status: z.string(),
});
export type ReceiptDto = z.infer<typeof receiptSchema>;

export const receiptsInput = pageInput(20, 100);

/** One play of the listener's history: the same song may appear many times. */
export const playEntrySchema = z.object({
  playId: z.string(),
  playedAt: z.string(),
  song: songSchema,
});
export type PlayEntryDto = z.infer<typeof playEntrySchema>;

export const playHistoryInput = pageInput(50, 100);

/** Everything stored about the caller, one key per personal-data section. */
export const personalDataExportSchema = z.object({
  exportedAt: z.string(),
  userId: z.string(),
  sections: z.record(z.string(), z.unknown()),
});
export type PersonalDataExportDto = z.infer<typeof personalDataExportSchema>;

/** `confirm: true` (JSON, or `?confirm=true` in a query string): no account is deleted by a stray call. */
export const deleteAccountInput = z.object({
  confirm: z.preprocess(
    (v) => (v === "true" ? true : v),
    z.literal(true, { error: "Confirm the deletion with confirm: true" }),
  ),
});

export const accountDeletedSchema = z.object({ deleted: z.literal(true) });
export type AccountDeletedDto = z.infer<typeof accountDeletedSchema>;
