// SPEC.md section 7: the premium payment's metadata, from the API contract's constants (the zod-free
// entry, so the schemas stay out of the browser). The constants themselves are imported from there.
import { PREMIUM_DURATION, PREMIUM_PRODUCT_ID } from "@purplebeats/contracts/constants";

/** SPEC.md section 7: the metadata sent with the payment, as a JSON string. */
export function paymentMetadata(userId: string) {
  return { productId: PREMIUM_PRODUCT_ID, userId, duration: PREMIUM_DURATION } as const;
}
