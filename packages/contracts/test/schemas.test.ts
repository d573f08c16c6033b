import { describe, expect, it } from "vitest";
import {
  createPaymentInput,
  daysRemaining,
  describeZodError,
  isMembershipActive,
  pageInput,
  profileNameSchema,
  searchTextSchema,
} from "../src/schemas/index.js";

describe("premium rules", () => {
  const now = new Date("2026-01-01T00:00:00Z");
  it.each([
    ["no expiry", null, 0],
    ["already expired", "2025-12-31T00:00:00Z", 0],
    ["exactly now", "2026-01-01T00:00:00Z", 0],
    ["one second left", "2026-01-01T00:00:01Z", 1],
    ["exactly one day", "2026-01-02T00:00:00Z", 1],
    ["a day and a second", "2026-01-02T00:00:01Z", 2],
    ["thirty days", "2026-01-31T00:00:00Z", 30],
  ])("days remaining: %s", (_name, expiresAt, days) => {
    expect(daysRemaining(expiresAt, now)).toBe(days);
  });

  it("is active only while isPremium and expiresAt is in the future", () => {
    expect(isMembershipActive({ isPremium: true, expiresAt: "2026-01-01T00:00:01Z" }, now)).toBe(true);
    expect(isMembershipActive({ isPremium: true, expiresAt: "2026-01-01T00:00:00Z" }, now)).toBe(false);
    expect(isMembershipActive({ isPremium: false, expiresAt: "2027-01-01T00:00:00Z" }, now)).toBe(false);
    expect(isMembershipActive({ isPremium: true, expiresAt: null }, now)).toBe(false);
  });
});

describe("input rules", () => {
  const message = (result: { success: boolean; error?: unknown }) =>
    result.success ? "" : describeZodError(result.error as Parameters<typeof describeZodError>[0]);

  it("bounds pages and explains why", () => {
    const page = pageInput();
    expect(page.parse({})).toEqual({ limit: 50 });
    expect(page.parse({ limit: "7" })).toEqual({ limit: 7 });
    expect(message(page.safeParse({ limit: "0" }))).toBe("limit must be at least 1");
    expect(message(page.safeParse({ limit: "101" }))).toBe("limit must be at most 100");
    expect(message(page.safeParse({ limit: "1.5" }))).toBe("limit must be a whole number");
    expect(message(page.safeParse({ cursor: "a b" }))).toBe("cursor: Invalid cursor");
  });

  it("reads a limit from numeric text or a number, and refuses other types rather than coercing them", () => {
    const page = pageInput();
    expect(page.parse({ limit: 7 })).toEqual({ limit: 7 });
    for (const limit of [true, [1], null, "", " ", "NaN", "1e400", {}]) {
      expect(page.safeParse({ limit }).success, JSON.stringify(limit)).toBe(false);
    }
  });

  it("trims search text and profile names with SPEC.md's messages", () => {
    expect(searchTextSchema.parse("  jazz ")).toBe("jazz");
    expect(message(searchTextSchema.safeParse("   "))).toBe("q must not be empty");
    expect(message(profileNameSchema.safeParse(" "))).toBe("Name is required");
    expect(message(profileNameSchema.safeParse("x".repeat(51)))).toBe("Name must be less than 50 characters");
    expect(profileNameSchema.parse(" Mia ")).toBe("Mia");
  });

  it("accepts SPEC.md's payment record and refuses odd payment ids", () => {
    const ok = createPaymentInput.parse({
      paymentId: "abc_123",
      userId: "u1",
      amount: "3.14",
      status: "created",
      metadata: "{}",
    });
    expect(ok.amount).toBe("3.14");
    expect(createPaymentInput.parse({ paymentId: "p", amount: 3.14 }).amount).toBe("3.14");
    expect(message(createPaymentInput.safeParse({ paymentId: "../x", amount: "3.14" }))).toContain(
      "paymentId contains characters that are not allowed",
    );
    expect(
      createPaymentInput.safeParse({ paymentId: "p", amount: "3.14", status: "completed" }).success,
    ).toBe(false);
  });
});
