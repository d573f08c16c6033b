import { describe, expect, it } from "vitest";
import english from "virtual:purplebeats-catalog/en";
import vietnamese from "virtual:purplebeats-catalog/vi";
import { createI18n, type Translate } from "../../i18n";
import { formatPi, receiptStatus } from "./receipt-format";

const en: Translate = (key, values) => createI18n("en", english)._(key, values);
const vi: Translate = (key, values) => createI18n("vi", vietnamese)._(key, values);

describe("a receipt", () => {
  it("shows the amount paid with every decimal Pi pays in, in the language's separators", () => {
    expect(formatPi("3.14", en, "en")).toBe("3.14 π");
    expect(formatPi("0.0000001", en, "en")).toBe("0.0000001 π");
    expect(formatPi("1234.5", en, "en")).toBe("1,234.5 π");
    expect(formatPi("3.14", vi, "vi")).toBe("3,14 π");
  });

  it("names the payment's state, an unknown one as the server does", () => {
    expect(receiptStatus({ status: "completed" }, en)).toBe("Paid");
    expect(receiptStatus({ status: "cancelled" }, en)).toBe("Cancelled");
    expect(receiptStatus({ status: "refunded" }, en)).toBe("refunded");
    expect(receiptStatus({ status: "completed" }, vi)).toBe("Đã thanh toán");
  });
});
