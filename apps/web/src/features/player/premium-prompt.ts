// The upgrade prompt for premium-only player actions (SPEC.md section 5: skipping and seeking).
import { showToast } from "../../lib/toast";

export type PremiumPlayerFeature = "skip" | "seek";

export const PREMIUM_TOAST_TITLE = "Premium Feature";
export const PREMIUM_PLAYER_MESSAGES: Record<PremiumPlayerFeature, string> = {
  skip: "Skipping songs is a premium feature. Upgrade to Premium for only 3.14π to unlock this and more features!",
  seek: "Seeking is a premium feature. Upgrade to Premium for only 3.14π to unlock this and more features!",
};

/** Shows the 'Premium Feature' toast; its Upgrade action leads to /premium. */
export function showPremiumPrompt(feature: PremiumPlayerFeature): void {
  showToast({ title: PREMIUM_TOAST_TITLE, message: PREMIUM_PLAYER_MESSAGES[feature], upgrade: true });
}
