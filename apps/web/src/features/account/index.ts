// The account module's public surface: who is listening, their membership, and the premium gate.
export { AuthProvider, useAuth, SESSION_QUERY_KEY } from "./AuthProvider";
export type { AuthApi, CurrentUser } from "./types";
export { useIsPremium, useMembership } from "./membership";
export {
  usePremiumGate,
  showPremiumToast,
  isPremiumRequiredError,
  PREMIUM_MESSAGES,
  PREMIUM_FEATURE_TITLE,
  type PremiumFeature,
  type PremiumGate,
} from "./premium-gate";
export { FALLBACK_USER_ID, isGuestUid } from "../../lib/identity";
