// How a receipt reads on the Account screen, in the listener's language.
import type { RouterOutputs } from "@purplebeats/contracts";
import type { Translate } from "../../i18n";

type Receipt = RouterOutputs["account"]["receipts"]["items"][number];

/** '6 Dec 2026': the day, in the listener's locale but always with the month's name. */
export function formatReceiptDate(iso: string, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale, { day: "numeric", month: "short", year: "numeric" });
}

/** A pi amount in the language's digits and separators, every decimal Pi pays in kept. */
export const formatPiNumber = (amount: string | number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 7 }).format(Number(amount));

/** '3.14 π' */
export const formatPi = (amount: string, t: Translate, locale: string) =>
  t("account.piAmount", { amount: formatPiNumber(amount, locale) });

/** A payment's state in words ('Paid'); an unknown one as the server names it. */
export const receiptStatus = (receipt: Pick<Receipt, "status">, t: Translate) =>
  t("account.receiptStatus", { status: receipt.status });
