import * as contract from "@purplebeats/contracts/schemas";
import { PREMIUM_REQUIRED_MESSAGE } from "@purplebeats/contracts";
import { describe, expect, it } from "vitest";
import * as rules from "./premium-rules";

const NOW = new Date("2025-06-01T12:00:00.000Z");
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();

describe("premium rules", () => {
  it("match the API contract", () => {
    expect(rules.PREMIUM_PRICE).toBe(contract.PREMIUM_PRICE);
    expect(rules.PREMIUM_AMOUNT_TEXT).toBe(contract.PREMIUM_AMOUNT_TEXT);
    expect(rules.PREMIUM_PRODUCT_ID).toBe(contract.PREMIUM_PRODUCT_ID);
    expect(rules.PREMIUM_DURATION).toBe(contract.PREMIUM_DURATION);
    expect(rules.PREMIUM_MEMO).toBe(contract.PREMIUM_MEMO);
    expect(rules.PREMIUM_REQUIRED_MESSAGE).toBe(PREMIUM_REQUIRED_MESSAGE);
    expect(contract.paymentMetadataSchema.parse(rules.paymentMetadata("pioneer-1"))).toEqual(
      rules.paymentMetadata("pioneer-1"),
    );
  });

  it("compute active and days left like the contract", () => {
    const cases = [
      { isPremium: true, expiresAt: inDays(0.2) },
      { isPremium: true, expiresAt: inDays(29.01) },
      { isPremium: true, expiresAt: inDays(-1) },
      { isPremium: true, expiresAt: NOW.toISOString() },
      { isPremium: false, expiresAt: inDays(10) },
      { isPremium: true, expiresAt: null },
    ];
    for (const membership of cases) {
      expect(rules.isMembershipActive(membership, NOW)).toBe(contract.isMembershipActive(membership, NOW));
      expect(rules.daysRemaining(membership.expiresAt, NOW)).toBe(
        contract.daysRemaining(membership.expiresAt, NOW),
      );
    }
    expect(rules.daysRemaining(inDays(29.01), NOW)).toBe(30);
    expect(rules.daysRemaining(inDays(1), NOW)).toBe(1);
    expect(rules.isMembershipActive(null, NOW)).toBe(false);
  });
});
