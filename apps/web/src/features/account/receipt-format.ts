// How a receipt reads on the Account screen.
import type { RouterOutputs } from "@purplebeats/contracts";

type Receipt = RouterOutputs["account"]["receipts"]["items"][number];

/** '6 Dec 2026': the day, in the listener's locale but always with the month's name. */
export function formatReceiptDate(iso: string, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale, { day: "numeric", month: "short", year: "numeric" });
}

/** '3.14 π' */
export const formatPi = (amount: string) => `${amount} π`;

const STATUS_LABELS: Record<string, string> = {
  created: "Started",
  approved: "Approved",
  pending: "Pending",
  completed: "Paid",
  cancelled: "Cancelled",
  failed: "Failed",
};

/** A payment's state in words ('Paid'); an unknown one as the server names it. */
export const receiptStatus = (receipt: Pick<Receipt, "status">) =>
  STATUS_LABELS[receipt.status] ?? receipt.status;
