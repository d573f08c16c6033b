import { beforeEach, describe, expect, it } from "vitest";
import {
  forgetUnsettledPayment,
  rememberUnsettledPayment,
  settledSinceLastVisit,
  UNSETTLED_PAYMENT_KEPT_MS,
} from "./unsettled-payment";

beforeEach(() => localStorage.clear());

describe("a payment the app saw fail", () => {
  it("is announced once, on the visit where its listener turns out premium", () => {
    rememberUnsettledPayment("pay-1", "pioneer-1", 1_000);
    expect(settledSinceLastVisit("pioneer-1", false, 2_000)).toBe(false);
    expect(settledSinceLastVisit("someone-else", true, 2_000)).toBe(false);
    expect(settledSinceLastVisit("pioneer-1", true, 3_000)).toBe(true);
    expect(settledSinceLastVisit("pioneer-1", true, 4_000)).toBe(false);
  });

  it("is forgotten after a week without premium, and when a payment succeeds", () => {
    rememberUnsettledPayment("pay-1", "pioneer-1", 0);
    expect(settledSinceLastVisit("pioneer-1", false, UNSETTLED_PAYMENT_KEPT_MS + 1)).toBe(false);
    expect(settledSinceLastVisit("pioneer-1", true, UNSETTLED_PAYMENT_KEPT_MS + 2)).toBe(false);
    rememberUnsettledPayment("pay-2", "pioneer-1");
    forgetUnsettledPayment();
    expect(settledSinceLastVisit("pioneer-1", true)).toBe(false);
  });
});
