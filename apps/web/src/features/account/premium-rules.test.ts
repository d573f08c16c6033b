import * as contract from "@purplebeats/contracts/schemas";
import { describe, expect, it } from "vitest";
import * as rules from "./premium-rules";

describe("premium rules", () => {
  it("sends the payment metadata the contract accepts", () => {
    expect(contract.paymentMetadataSchema.parse(rules.paymentMetadata("pioneer-1"))).toEqual(
      rules.paymentMetadata("pioneer-1"),
    );
  });
});
