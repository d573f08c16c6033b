// The client's own checks (a playlist's name, a handle) say what is wrong in the contract's English words;
// shown, they read in the listener's language under the same codes as the server's refusals.
import { apiErrorCodesOf } from "@purplebeats/contracts/error-codes";
import type { Translate } from "../i18n";
import { localizeMessage } from "./error-messages";

export function ruleMessage(t: Translate, message: string): string {
  const { code, codes, values } = apiErrorCodesOf(message);
  return localizeMessage(t, message, code, codes, values);
}
