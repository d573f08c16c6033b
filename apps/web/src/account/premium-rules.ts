// SPEC.md sections 1, 4 and 9: the premium tier's constants and rules, from the API contract's constants
// (the zod-free entry, so the schemas stay out of the browser).
import { PREMIUM_DURATION, PREMIUM_PRODUCT_ID } from "@purplebeats/contracts/constants";

export {
  PREMIUM_PRICE,
  PREMIUM_AMOUNT_TEXT,
  PREMIUM_PRODUCT_ID,
  PREMIUM_DURATION,
  PREMIUM_MEMO,
  PREMIUM_REQUIRED_MESSAGE,
  isMembershipActive,
  daysRemaining,
} from "@purplebeats/contracts/constants";

/** SPEC.md section 7: the metadata sent with the payment, as a JSON string. */
export function paymentMetadata(userId: string) {
  return { productId: PREMIUM_PRODUCT_ID, userId, duration: PREMIUM_DURATION } as const;
}
