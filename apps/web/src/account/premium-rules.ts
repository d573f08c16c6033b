// SPEC.md sections 1, 4 and 9: the premium tier's constants and rules, as the API contract states them
// (@purplebeats/contracts/schemas, premium.ts). Copied rather than imported: that module builds zod
// schemas when loaded, which would ship zod to the browser. premium-rules.test.ts keeps the copies equal.

/** 3.14 π, one-time, for one month. */
export const PREMIUM_PRICE = 3.14;
/** The membership amount as the API stores it. */
export const PREMIUM_AMOUNT_TEXT = "3.14";
export const PREMIUM_PRODUCT_ID = "premium_membership";
export const PREMIUM_DURATION = "1_month";
/** The memo shown in the wallet for the payment. */
export const PREMIUM_MEMO = "PurpleBeats Premium - 1 month";
/** The server's 403 body for a premium-only action contains this. */
export const PREMIUM_REQUIRED_MESSAGE = "Premium feature required";

const DAY_MS = 86_400_000;

export interface MembershipLike {
  isPremium: boolean;
  expiresAt: string | Date | null;
}

/** Premium is active only while isPremium and expiresAt is in the future. */
export function isMembershipActive(
  membership: MembershipLike | null | undefined,
  now: Date = new Date(),
): boolean {
  if (!membership?.isPremium || membership.expiresAt === null) return false;
  return new Date(membership.expiresAt).getTime() > now.getTime();
}

/** Days left as the membership card shows them: the ceiling of the remaining days, never below 0. */
export function daysRemaining(expiresAt: string | Date | null, now: Date = new Date()): number {
  if (!expiresAt) return 0;
  const ms = new Date(expiresAt).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}

/** SPEC.md section 7: the metadata sent with the payment, as a JSON string. */
export function paymentMetadata(userId: string) {
  return { productId: PREMIUM_PRODUCT_ID, userId, duration: PREMIUM_DURATION } as const;
}
