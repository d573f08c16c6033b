// The client's premium gate (SPEC.md sections 5, 6 and 8). A courtesy: the server's 403
// 'Premium feature required' is the rule (DESIGN.md), and it gets the same toast.
import { useCallback } from "react";
import { isPremiumRequired } from "../../lib/errors";
import { showToast } from "../../lib/toast";
import { useIsPremium } from "./membership";
import { PREMIUM_PRICE } from "@purplebeats/contracts/constants";
import { translate, type Translate } from "../../i18n";

export const PREMIUM_FEATURE_TITLE = "Premium Feature";

/** The actions only members may take, each named in the 'Premium Feature' message (the catalogs' premium.message). */
const PREMIUM_FEATURES = [
  "likeSongs",
  "addSongsToPlaylists",
  "likePlaylists",
  "manageLibrary",
  "addPlaylistsToLibrary",
  "addToPlaylists",
  "createPlaylists",
  "highQualityAudio",
  "downloads",
  /** A members-only release ('Exclusive Content' on the Premium page), tapped by a non-member. */
  "exclusiveContent",
  /** The player's premium-only actions (SPEC.md section 5). */
  "skip",
  "seek",
] as const;
export type PremiumFeature = (typeof PREMIUM_FEATURES)[number];

/** SPEC.md section 8's 'Premium Feature' message for `feature`, in the app's language. */
export function premiumMessage(feature: PremiumFeature, t: Translate = translate): string {
  return t("premium.message", { feature, price: PREMIUM_PRICE });
}

/** SPEC.md section 8's 'Premium Feature' toast messages, one per gated action, in the browser's language when read. */
export const PREMIUM_MESSAGES = Object.defineProperties(
  {},
  Object.fromEntries(
    PREMIUM_FEATURES.map((feature) => [feature, { enumerable: true, get: () => premiumMessage(feature) }]),
  ),
) as Readonly<Record<PremiumFeature, string>>;

/** What the player gates: skipping and seeking. */
export type PremiumPlayerFeature = Extract<PremiumFeature, "skip" | "seek">;

/** The 'Premium Feature' toast with its Upgrade action (to /premium). */
export function showPremiumToast(feature: PremiumFeature): void {
  showToast({ title: translate("premium.feature"), message: premiumMessage(feature), upgrade: true });
}

/** The server refused because the caller is not premium. */
export function isPremiumRequiredError(error: unknown): boolean {
  return isPremiumRequired(error);
}

export interface PremiumGate {
  isPremium: boolean;
  /** True when the listener may go ahead; otherwise shows the feature's toast and returns false. */
  requirePremium(feature: PremiumFeature): boolean;
  /**
   * For a failed call: a 'Premium feature required' refusal shows the feature's toast and returns true
   * (handled); any other error returns false so the caller shows its own message.
   */
  handlePremiumError(error: unknown, feature: PremiumFeature): boolean;
}

/**
 * ```ts
 * const gate = usePremiumGate();
 * const like = () => { if (gate.requirePremium("likeSongs")) mutation.mutate(...) };
 * // onError: (error) => { if (!gate.handlePremiumError(error, "likeSongs")) showError(error) }
 * ```
 */
export function usePremiumGate(): PremiumGate {
  const isPremium = useIsPremium();
  const requirePremium = useCallback(
    (feature: PremiumFeature) => {
      if (!isPremium) showPremiumToast(feature);
      return isPremium;
    },
    [isPremium],
  );
  const handlePremiumError = useCallback((error: unknown, feature: PremiumFeature) => {
    if (!isPremiumRequiredError(error)) return false;
    showPremiumToast(feature);
    return true;
  }, []);
  return { isPremium, requirePremium, handlePremiumError };
}
