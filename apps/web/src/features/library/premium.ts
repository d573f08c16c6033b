// The premium prompt and the failure toast of "your music"'s changes (the gate itself: the account feature).
import { isPremiumRequiredError, showPremiumToast, type PremiumFeature } from "../account";
import { describeError, httpStatusOf } from "../../lib/errors";
import { showToast } from "../../lib/toast";
import { translate } from "../../i18n";

/** A free listener tried a premium action: the 'Premium Feature' toast with its Upgrade action. */
export const promptPremium = (feature: PremiumFeature): void => showPremiumToast(feature);

/**
 * A change failed. The server's 403 'Premium feature required' gets the premium toast (DESIGN.md: the
 * server's rule wins over the client's view of the membership). Anything else gets the destructive
 * 'Error' toast: with the server's response ('409: ...') when there is one, else with `fallback` (offline,
 * no response). SPEC.md section 8 gives some failures a fixed message ('Failed to create playlist. Please
 * try again.'): `fixed` shows only that.
 */
export function toastFailure(
  error: unknown,
  fallback: string,
  feature: PremiumFeature,
  { fixed = false }: { fixed?: boolean } = {},
): void {
  if (isPremiumRequiredError(error)) {
    showPremiumToast(feature);
    return;
  }
  const answered = httpStatusOf(error) !== undefined;
  const message = !fixed && answered ? describeError(error) : fallback;
  showToast({ title: translate("error.title"), message, variant: "destructive" });
}
