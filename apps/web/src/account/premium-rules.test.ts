import * as contract from "@purplebeats/contracts/schemas";
import { describe, expect, it } from "vitest";
import * as rules from "./premium-rules";

const NOW = new Date("2025-06-01T12:00:00.000Z");
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();

describe("premium rules", () => {
  it("sends the payment metadata the contract accepts", () => {
    expect(contract.paymentMetadataSchema.parse(rules.paymentMetadata("pioneer-1"))).toEqual(
      rules.paymentMetadata("pioneer-1"),
    );
  });

  it("is active only while premium and before expiry, and counts days left up", () => {
    const cases: Array<[{ isPremium: boolean; expiresAt: string | null }, boolean, number]> = [
      [{ isPremium: true, expiresAt: inDays(0.2) }, true, 1],
      [{ isPremium: true, expiresAt: inDays(29.01) }, true, 30],
      [{ isPremium: true, expiresAt: inDays(-1) }, false, 0],
      [{ isPremium: true, expiresAt: NOW.toISOString() }, false, 0],
      [{ isPremium: false, expiresAt: inDays(10) }, false, 10],
      [{ isPremium: true, expiresAt: null }, false, 0],
    ];
    for (const [membership, active, days] of cases) {
      expect(rules.isMembershipActive(membership, NOW)).toBe(active);
      expect(rules.daysRemaining(membership.expiresAt, NOW)).toBe(days);
    }
    expect(rules.isMembershipActive(null, NOW)).toBe(false);
  });
});
